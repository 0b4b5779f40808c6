// Call setup in two headless Chromiums over loopback: from the second learner's click on
// 'Find Session • 7 min' to the first decoded frame of the partner's video.
//
// Definition (in-page clocks, performance.timeOrigin + performance.now(), so both pages share one
// wall clock at sub-millisecond resolution):
//   t0 = the capture-phase click event of the second learner's Find button (the first learner is
//        already searching: 'Looking for a partner…' is shown);
//   t1 = the first moment either side's <video data-testid="remote-video"> has videoWidth > 0,
//        polled every 10 ms in the page.
// The camera starts off in the app, so an init script clicks 'Camera' on each side as soon as
// /practice shows its camera button (checked every 10 ms): t1 therefore INCLUDES the camera
// toggle (getUserMedia of the fake device and the renegotiation it causes). `both_sides` is the
// later of the two sides, `matched` is t0 -> /practice on the later side.
// Every call uses two fresh learners signed in through the development provider (sign-in page,
// then profile and English B1 through the API, as e2e/support/auth.ts signInOnboarded does), so
// the free plan's tokens suffice; each call is ended with 'End session' before the next.
// The page functions below run in the browser.
/* global window, document, Element, location */
import { chromium } from 'playwright-core';
import { createDatabase, JWT_SECRET, percentile, report, round, startServer } from './lib.mjs';
import { CHROMIUM_ARGS, learner as newLearner } from './support/learners.mjs';

const CALLS = Number(process.env.CALLS ?? 10);
const GOAL_P50_S = 1.0;
const CALL_TIMEOUT_MS = 20_000;

const PROBE = () => {
  const now = () => performance.timeOrigin + performance.now();
  const state = { t0: null, practiceAt: null, cameraAt: null, remoteAt: null };
  window.__bench = state;
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button?.textContent?.includes('Find Session') && state.t0 === null) state.t0 = now();
    },
    true,
  );
  setInterval(() => {
    if (location.pathname !== '/practice') return;
    const camera = document.querySelector('button[aria-label="Camera"]');
    if (camera && state.cameraAt === null) {
      state.practiceAt = now();
      if (camera.getAttribute('aria-pressed') === 'false') camera.click();
      state.cameraAt = now();
    }
    const video = document.querySelector('video[data-testid="remote-video"]');
    if (video && video.videoWidth > 0 && state.remoteAt === null) state.remoteAt = now();
  }, 10);
};

const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
};

const probe = (page) => page.evaluate(() => window.__bench);

async function oneCall(browser, baseURL, index) {
  const learner = (label, name) =>
    newLearner(browser, { baseURL, label, name, initScript: PROBE, timeoutMs: CALL_TIMEOUT_MS });
  const [a, b] = await Promise.all([
    learner(`a${index}`, 'Ana Lima'),
    learner(`b${index}`, 'Ben Carter'),
  ]);
  try {
    const findA = a.page.getByRole('button', { name: 'Find Session • 7 min' });
    const findB = b.page.getByRole('button', { name: 'Find Session • 7 min' });
    await Promise.all([findA.waitFor(), findB.waitFor()]);
    await findA.click();
    await a.page.getByRole('heading', { name: 'Looking for a partner…' }).waitFor();
    await findB.click();
    const deadline = Date.now() + CALL_TIMEOUT_MS;
    let pa;
    let pb;
    for (;;) {
      [pa, pb] = await Promise.all([probe(a.page), probe(b.page)]);
      if (pa.remoteAt !== null && pb.remoteAt !== null) break;
      if (Date.now() > deadline)
        throw new Error(`call ${index}: no remote video (${JSON.stringify({ pa, pb })})`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const t0 = pb.t0;
    await a.page.getByRole('button', { name: 'End session' }).click();
    await Promise.all([a.page.waitForURL(/\/session-ended/), b.page.waitForURL(/\/session-ended/)]);
    return {
      first: (Math.min(pa.remoteAt, pb.remoteAt) - t0) / 1000,
      both: (Math.max(pa.remoteAt, pb.remoteAt) - t0) / 1000,
      matched: (Math.max(pa.practiceAt, pb.practiceAt) - t0) / 1000,
    };
  } finally {
    await Promise.all([a.context.close(), b.context.close()]);
  }
}

const database = await createDatabase('call');
let server;
let browser;
try {
  server = await startServer({ DATABASE_URL: database.url, JWT_SECRET });
  browser = await chromium.launch(LAUNCH);
  const calls = [];
  for (let i = 0; i < CALLS; i += 1) calls.push(await oneCall(browser, server.baseUrl, i));
  const p50 = (key) =>
    round(
      percentile(
        calls.map((c) => c[key]).sort((x, y) => x - y),
        50,
      ),
      3,
    );
  const max = (key) => round(Math.max(...calls.map((c) => c[key])), 3);
  const firstP50 = p50('first');
  report({
    bench: 'call-setup',
    calls: calls.length,
    p50_s: firstP50,
    max_s: max('first'),
    both_sides: { p50_s: p50('both'), max_s: max('both') },
    matched: { p50_s: p50('matched'), max_s: max('matched') },
    definition:
      "second Find click -> first side's remote video videoWidth > 0 (10 ms poll); includes auto Camera toggle on /practice",
    goal: 'p50 < 1.0 s',
    goal_p50_s: GOAL_P50_S,
    within_goal: firstP50 !== null && firstP50 < GOAL_P50_S,
    samples_s: calls.map((c) => round(c.first, 3)),
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await server?.stop();
  await database.drop();
}
