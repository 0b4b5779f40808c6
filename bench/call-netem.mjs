// Calls over an impaired network (issue 17, item 11). Each of two headless Chromiums runs in a
// network namespace of its own, joined to this machine by a veth pair whose every crossing, in
// either direction, is delayed 150 ms ± 20 ms and loses 3 % of packets (netem's
// `delay 150ms 20ms loss 3%`, applied in user space: support/netem.mjs). The server runs on this
// machine. So browser ↔ server is 150 ms each way, browser ↔ browser 300 ms each way.
//
// Per call (two fresh learners, as bench/call-setup.mjs signs them in):
//   connect time = the second learner's Find click → the later side's RTCPeerConnection reaching
//                  `connected` (in-page clocks; both pages share the machine's wall clock); it
//                  includes the find, the match and the media check over the slow path;
//   peer time    = the first RTCPeerConnection created (either side) → the later `connected`;
//   connected    = both sides connected before the call ended (the app's recovery — ICE restart,
//                  re-negotiation — counts; a call that ended `connection_issue` does not);
//   survived     = after every packet on both veths was dropped for 3 s (both directions, the
//                  sockets too; OUTAGE_MS and OUTAGE_PROTOCOL=udp change it), both learners are still on /practice and both decode new frames
//                  of the partner's video within 30 s of the network coming back.
// Both cameras are turned on as soon as /practice shows (an init script), so video flows.
// Needs root, iproute2, iptables and python3. Run when the machine is otherwise quiet.
/* global window, document, Element, location */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  createDatabase,
  JWT_SECRET,
  percentile,
  report,
  round,
  sleep,
  startServer,
} from './lib.mjs';
import { CHROMIUM_ARGS, learner } from './support/learners.mjs';
import { chromiumIn, createImpairedNetwork, missingPrerequisite } from './support/netem.mjs';

const CALLS = Number(process.env.CALLS ?? 20);
const IMPAIRMENT = { delayMs: 150, jitterMs: 20, loss: 0.03 };
const OUTAGE_MS = Number(process.env.OUTAGE_MS ?? 3_000);
// 'udp' cuts the media but not the sockets: longer such outages exercise the recovery steps.
const OUTAGE_PROTOCOL = process.env.OUTAGE_PROTOCOL ?? 'all';
const CONNECT_LIMIT_MS = 60_000;
const SURVIVAL_WINDOW_MS = 30_000;
const STEP_TIMEOUT_MS = 60_000;

const PROBE = () => {
  const now = () => performance.timeOrigin + performance.now();
  const state = {
    t0: null,
    socketOpenAt: null,
    createdAt: null,
    connectedAt: null,
    connections: 0,
    iceRestarts: 0,
  };
  window.__netem = state;
  const Native = window.RTCPeerConnection;
  const connections = [];
  window.__connections = connections;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      connections.push(this);
      state.connections = connections.length;
      state.createdAt ??= now();
      this.addEventListener('connectionstatechange', () => {
        if (this.connectionState === 'connected') state.connectedAt ??= now();
      });
    }
    createOffer(options) {
      if (options?.iceRestart) state.iceRestarts += 1;
      return super.createOffer(options);
    }
  };
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('open', () => (state.socketOpenAt = now()));
      this.addEventListener('close', () => (state.socketOpenAt = null));
    }
  };
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button?.textContent?.includes('Find Session')) state.t0 ??= now();
    },
    true,
  );
  setInterval(() => {
    if (location.pathname !== '/practice') return;
    const camera = document.querySelector('button[aria-label="Camera"]');
    if (camera?.getAttribute('aria-pressed') === 'false' && !state.cameraOn) {
      state.cameraOn = true;
      camera.click();
    }
  }, 50);
};

/** What a page shows of its call right now. */
const look = (page) =>
  page.evaluate(() => {
    const video = document.querySelector('video[data-testid="remote-video"]');
    return {
      ...window.__netem,
      path: location.pathname,
      state: window.__connections.at(-1)?.connectionState ?? null,
      frames: video?.getVideoPlaybackQuality?.().totalVideoFrames ?? 0,
    };
  });

/** Polls both pages until `done(a, b)` holds or the call ended; resolves to the last looks. */
async function watch(pages, done, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const looks = await Promise.all(pages.map(look));
    if (done(...looks)) return { looks, ok: true };
    if (
      looks.some((l) => l.path !== '/practice' && l.path !== '/search') ||
      Date.now() > deadline
    ) {
      return { looks, ok: false };
    }
    await sleep(100);
  }
}

/** Both decode new frames of the partner's video: two looks 1 s apart, each side 5+ frames on. */
async function framesFlow(pages) {
  const before = await Promise.all(pages.map(look));
  await sleep(1_000);
  const after = await Promise.all(pages.map(look));
  const onPractice = after.every((l) => l.path === '/practice');
  return {
    onPractice,
    flowing: onPractice && after.every((l, i) => l.frames - before[i].frames >= 5),
  };
}

/** Clicks Find once the page's socket is open (and the server had a moment to claim it). */
async function clickFind(page) {
  await page.waitForFunction(() => window.__netem.socketOpenAt !== null, undefined, {
    timeout: STEP_TIMEOUT_MS,
    polling: 100,
  });
  await sleep(500);
  await page.getByRole('button', { name: 'Find Session • 7 min' }).click();
}

/** Two learners on /search, the first one searching; set-up, not measured. */
async function setUp(browsers, baseURL, index) {
  const join = (browser, label, name) =>
    learner(browser, { baseURL, label, name, initScript: PROBE, timeoutMs: STEP_TIMEOUT_MS });
  const [a, b] = await Promise.all([
    join(browsers[0], `na${index}`, 'Ana Lima'),
    join(browsers[1], `nb${index}`, 'Ben Carter'),
  ]);
  try {
    await clickFind(a.page);
    await a.page.getByRole('heading', { name: 'Looking for a partner…' }).waitFor();
    await b.page.getByRole('button', { name: 'Find Session • 7 min' }).waitFor();
    return [a, b];
  } catch (error) {
    await Promise.all([a.context.close(), b.context.close()]);
    throw error;
  }
}

async function oneCall([a, b], network) {
  const pages = [a.page, b.page];
  const result = { connected: false, survived: false };
  try {
    await clickFind(b.page);

    const connect = await watch(
      pages,
      (x, y) => x.connectedAt !== null && y.connectedAt !== null,
      CONNECT_LIMIT_MS,
    );
    const [la, lb] = connect.looks;
    result.connected = connect.ok;
    // Recovery steps the first connection needed (a step is counted on the initiator's side).
    result.connectRecovery = la.iceRestarts + lb.iceRestarts + la.connections + lb.connections - 2;
    if (!connect.ok) {
      result.error = `not connected: ${JSON.stringify(connect.looks)}`;
      return result;
    }
    result.connectS = (Math.max(la.connectedAt, lb.connectedAt) - lb.t0) / 1000;
    result.peerS =
      (Math.max(la.connectedAt, lb.connectedAt) - Math.min(la.createdAt, lb.createdAt)) / 1000;

    // Mid-call: video flowing both ways, then every veth dark for 3 s.
    const flowing = await watch(pages, (x, y) => x.frames > 10 && y.frames > 10, STEP_TIMEOUT_MS);
    if (!flowing.ok) {
      result.error = `no video before the outage: ${JSON.stringify(flowing.looks)}`;
      return result;
    }
    await sleep(2_000);
    await network.cut(OUTAGE_MS, OUTAGE_PROTOCOL);
    const back = Date.now();
    while (Date.now() - back < SURVIVAL_WINDOW_MS) {
      const { onPractice, flowing: again } = await framesFlow(pages);
      if (!onPractice) break;
      if (again) {
        result.survived = true;
        result.resumedS = (Date.now() - back) / 1000;
        break;
      }
    }
    const after = await Promise.all(pages.map(look));
    result.recovery = {
      connections: after[0].connections + after[1].connections - 2,
      iceRestarts: after[0].iceRestarts + after[1].iceRestarts,
    };
    if (!result.survived) result.error = `outage not survived: ${JSON.stringify(after)}`;
    return result;
  } finally {
    await a.page
      .getByRole('button', { name: 'End session' })
      .click({ timeout: 5_000 })
      .catch(() => {});
    await Promise.all([a.context.close(), b.context.close()]);
  }
}

const missing = missingPrerequisite();
if (missing) {
  report({ bench: 'call-netem', skipped: missing });
  process.exit(0);
}

// Ctrl-C or a kill ends the run through the clean-up below (browsers, server, database, network).
let stopping = false;
const browsers = [];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopping = true;
    for (const browser of browsers) void browser.close().catch(() => {});
  });
}

const network = await createImpairedNetwork(['a', 'b'], IMPAIRMENT);
const database = await createDatabase('netem').catch(async (error) => {
  await network.close();
  throw error;
});
const directory = mkdtempSync(path.join(tmpdir(), 'parlo-netem-'));
let server;
try {
  const host = network.serverAddress;
  server = await startServer({ DATABASE_URL: database.url, JWT_SECRET }, { host });
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  for (const { ns } of network.hosts) {
    browsers.push(
      await chromium.launch({
        executablePath: chromiumIn(ns, directory, chromiumPath),
        args: [
          ...CHROMIUM_ARGS,
          // The server's address is not localhost: camera and microphone need a secure context.
          `--unsafely-treat-insecure-origin-as-secure=${server.baseUrl}`,
          '--disable-features=WebRtcHideLocalIpsWithMdns',
        ],
      }),
    );
  }
  const calls = [];
  let setupFailures = 0;
  for (let i = 0; calls.length < CALLS && !stopping; i += 1) {
    let learners;
    try {
      learners = await setUp(browsers, server.baseUrl, i);
    } catch (error) {
      // A sign-in that timed out on the slow path says nothing about calls: set up again.
      setupFailures += 1;
      console.error(`set-up ${i}: ${error.message.split('\n')[0]}`);
      if (setupFailures > CALLS) throw new Error('set-up keeps failing', { cause: error });
      continue;
    }
    const call = await oneCall(learners, network).catch((error) => ({
      connected: false,
      survived: false,
      error: error.message.split('\n')[0],
    }));
    calls.push(call);
    const { connected, survived, connectS, resumedS, error } = call;
    console.error(
      `call ${calls.length}: ${JSON.stringify({ connected, survived, connectS, resumedS })}` +
        (error ? ` ${error.slice(0, 400)}` : ''),
    );
  }
  const sorted = (values) => values.filter((v) => v !== undefined).sort((x, y) => x - y);
  const connectS = sorted(calls.map((c) => c.connectS));
  const resumedS = sorted(calls.map((c) => c.resumedS));
  const peerS = sorted(calls.map((c) => c.peerS));
  const counts = await network.close();
  report({
    bench: 'call-netem',
    calls: calls.length,
    impairment: { ...IMPAIRMENT, per: 'veth crossing, each direction' },
    connected: calls.filter((c) => c.connected).length,
    connect_p50_s: round(percentile(connectS, 50), 2),
    connect_p95_s: round(percentile(connectS, 95), 2),
    connect_max_s: round(connectS.at(-1) ?? null, 2),
    peer: {
      p50_s: round(percentile(peerS, 50), 2),
      p95_s: round(percentile(peerS, 95), 2),
      max_s: round(peerS.at(-1) ?? null, 2),
    },
    outage_ms: OUTAGE_MS,
    outage_protocol: OUTAGE_PROTOCOL,
    survived: calls.filter((c) => c.survived).length,
    resumed_p50_s: round(percentile(resumedS, 50), 2),
    resumed_max_s: round(resumedS.at(-1) ?? null, 2),
    connects_needing_recovery: calls.filter((c) => c.connectRecovery > 0).length,
    recovery: {
      ice_restarts: calls.reduce((n, c) => n + (c.recovery?.iceRestarts ?? 0), 0),
      fresh_connections: calls.reduce((n, c) => n + (c.recovery?.connections ?? 0), 0),
    },
    goal: 'connected >= 19 of 20; survived a 3 s outage >= 19 of 20',
    within_goal:
      calls.filter((c) => c.connected).length >= Math.ceil(CALLS * 0.95) &&
      calls.filter((c) => c.survived).length >= Math.ceil(CALLS * 0.95),
    setup_failures: setupFailures,
    queue: counts,
    samples_connect_s: calls.map((c) => (c.connectS === undefined ? null : round(c.connectS, 2))),
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await Promise.all(browsers.map((browser) => browser.close().catch(() => {})));
  await server?.stop();
  await database.drop();
  await network.close();
  rmSync(directory, { recursive: true, force: true });
}
