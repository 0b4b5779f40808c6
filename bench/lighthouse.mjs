// Lighthouse 12 (mobile preset: simulated slow 4G and 4× CPU) on the landing, sign-in and
// dashboard pages of the production build (issue 20). Prints one JSON line: per page the four
// category scores, LCP, TBT, CLS and FCP. The dashboard is measured signed in: the bench signs a
// new account in through the development provider and finishes onboarding through the API, in
// the same Chromium profile Lighthouse then uses (cold HTTP cache, no service worker), first
// before and then after answering the cookie banner (`dashboard_cookies_answered`).
// Run alone on a quiet machine: the throttling is simulated, but CPU contention still shows.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, startServer } from './lib.mjs';

const API_KEY = 'parlo-dev-key';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function summary(lhr) {
  // A run that failed (runtimeError) has no metrics: null, with the error's code beside them.
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const rounded = (value, digits = 0) => (value === null ? null : +value.toFixed(digits));
  return {
    ...Object.fromEntries(
      CATEGORIES.map((id) => [
        id.replace('-', '_'),
        Math.round((lhr.categories[id]?.score ?? 0) * 100),
      ]),
    ),
    fcp_ms: rounded(audit('first-contentful-paint')),
    lcp_ms: rounded(audit('largest-contentful-paint')),
    tbt_ms: rounded(audit('total-blocking-time')),
    cls: rounded(audit('cumulative-layout-shift'), 3),
    ...(lhr.runtimeError ? { error: lhr.runtimeError.code } : {}),
  };
}

/** A signed-in member with a finished onboarding, in this browser profile. */
async function signIn(context, baseUrl) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/auth/signin`);
  await page.getByText('Continue with Google').click();
  const id = `lh-${Date.now()}`;
  await page.getByLabel('Email').fill(`${id}@example.com`);
  await page.getByLabel('Name').fill('Robin Lighthouse');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/onboarding'));
  const stored = await page.evaluate(() => localStorage.getItem('auth-storage'));
  const headers = {
    'x-api-key': API_KEY,
    authorization: `Bearer ${JSON.parse(stored).state.accessToken}`,
  };
  const profile = await page.request.post(`${baseUrl}/api/v1/profiles/me`, {
    headers,
    data: {
      name: 'Robin',
      gender: 'female',
      country: 'GB',
      dateOfBirth: '1995-04-02T00:00:00.000Z',
    },
  });
  const language = await page.request.post(`${baseUrl}/api/v1/languages/user`, {
    headers,
    data: { languageCode: 'en', proficiencyLevel: 'B1' },
  });
  if (!profile.ok() || !language.ok()) throw new Error('onboarding through the API failed');
  await page.goto(`${baseUrl}/dashboard`);
  // The member's own page, not its app shell from the HTML: the start-up (and its refresh of the
  // session) has finished before the tab closes.
  await page.getByRole('heading', { name: /Robin/ }).waitFor();
  await coldStart(context, page);
}

/**
 * A cold start for Lighthouse, but still signed in: no service worker, nothing in its caches or
 * in the HTTP cache. (Any page of the app registers the service worker, which then answers the
 * next load from its cache: a repeat visit, not a first one.)
 */
async function coldStart(context, page) {
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) {
      await registration.unregister();
    }
    for (const name of await globalThis.caches.keys()) await globalThis.caches.delete(name);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

/**
 * The same member once they have answered the cookie banner (spec §2: it appears 1.5 s after
 * load until they do). Unanswered, the banner is the largest thing on a phone's dashboard, so the
 * first dashboard run's LCP is the banner's, 1.5 s after the load event.
 */
async function answerCookieBanner(context, baseUrl) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/legal/cookies`);
  await page.getByRole('button', { name: 'Necessary only' }).click();
  await page.getByRole('button', { name: 'Necessary only' }).waitFor({ state: 'detached' });
  await coldStart(context, page);
}

// LIGHTHOUSE_PAGES=dashboard (or landing, signin; comma-separated) measures only those pages
// (dashboard: both of its runs).
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
const wanted = (name) => !PAGES || PAGES.includes(name);

// LIGHTHOUSE_BASE_URL measures a server that is already running (a deploy, or one started with a
// longer start-up than the bench waits for); otherwise the bench starts the built one.
const server = process.env.LIGHTHOUSE_BASE_URL
  ? { baseUrl: process.env.LIGHTHOUSE_BASE_URL, stop: async () => {} }
  : await startServer();
const port = await freePort();
const profileDir = mkdtempSync(path.join(tmpdir(), 'parlo-lighthouse-'));
// A persistent profile is the browser's default context, which Lighthouse's tabs share.
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    `--remote-debugging-port=${port}`,
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
try {
  const run = async (name, pathname, options = {}) => {
    const { lhr } = await lighthouse(`${server.baseUrl}${pathname}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...options,
    });
    // LIGHTHOUSE_REPORT_DIR=/tmp/lh keeps each page's full report, to see which audits cost what.
    const dir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (dir) writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(lhr));
    return summary(lhr);
  };
  const pages = {};
  if (wanted('landing')) pages.landing = await run('landing', '/');
  if (wanted('signin')) pages.signin = await run('signin', '/auth/signin');
  if (wanted('dashboard')) {
    await signIn(context, server.baseUrl);
    pages.dashboard = await run('dashboard', '/dashboard', { disableStorageReset: true });
    await answerCookieBanner(context, server.baseUrl);
    pages.dashboard_cookies_answered = await run('dashboard_cookies_answered', '/dashboard', {
      disableStorageReset: true,
    });
  }
  console.log(
    JSON.stringify({ bench: 'lighthouse', preset: 'mobile', lighthouse: '12.2.3', pages }),
  );
} finally {
  await context.close();
  rmSync(profileDir, { recursive: true, force: true });
  await server.stop();
}
