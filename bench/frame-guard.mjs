// The frame guard's cost (issue 18), two headless Chromiums (separate browser processes) in a
// call over loopback with the fake camera, both cameras on, the guard sampling each side once a
// second:
//   cpu: CPU time of each browser's frame guard worker thread ("DedicatedWorker" threads of its
//        renderer processes, from /proc) over a WINDOW_S window once the guard is warm, as % of
//        one core. That is the CPU the guard adds; the page-side grab (one 224×224 drawImage and
//        getImageData per side and second) is not in it and is small. The whole browser's CPU
//        over the same window is given for scale.
//   first_verdict_ms: from the first remote frame the guard sampled to its first verdict, read
//        from the page's guard status; the first call includes loading the model and wasm.
//   model bytes: the model (model.json + shard), wasm and worker script the first call loads,
//        at their built sizes (uncompressed). The service worker keeps /assets/ cache-first, so
//        a later call in the same browser takes them from its cache: the second call counts
//        what the service worker did not answer (0 when cached).
// The page functions below run in the browser.
/* global document */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createDatabase, JWT_SECRET, report, root, round, sleep, startServer } from './lib.mjs';
import { CHROMIUM_ARGS, learner as newLearner } from './support/learners.mjs';

const WINDOW_S = Number(process.env.WINDOW_S ?? 20);
const WARMUP_S = 5;
const GOAL_CPU_PCT = 15;
const GOAL_FIRST_VERDICT_MS = 2000;
const TIMEOUT_MS = 60_000;
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const GUARD_FILES = /nsfw-mobilenet-v2|tfjs-backend-wasm.*\.wasm$|frame-guard\.worker-.*\.js$/;

/** Every process id below `pid` (the browser's renderers, GPU and utility processes). */
function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]) ?? []));
  return all;
}

/** utime + stime in clock ticks, from a /proc stat line. */
const ticksOf = (stat) => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/** CPU ticks of the browser: all its processes, and its DedicatedWorker threads alone. */
function browserTicks(pid) {
  let total = 0;
  let workers = 0;
  for (const id of descendants(pid)) {
    try {
      total += ticksOf(readFileSync(`/proc/${id}/stat`, 'utf8'));
      for (const tid of readdirSync(`/proc/${id}/task`)) {
        const comm = readFileSync(`/proc/${id}/task/${tid}/comm`, 'utf8').trim();
        if (comm.startsWith('DedicatedWorker')) {
          workers += ticksOf(readFileSync(`/proc/${id}/task/${tid}/stat`, 'utf8'));
        }
      }
    } catch {
      // gone meanwhile
    }
  }
  return { total, workers };
}

async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return { browser };
}

/** The Chromium browser processes, newest last, to tell the two launched browsers apart. */
function chromiumRoots() {
  const roots = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.includes('--use-fake-device-for-media-stream') && !cmd.includes('--type=')) {
        roots.push(Number(entry));
      }
    } catch {
      // gone
    }
  }
  return roots.sort((a, b) => a - b);
}

/** Size of a built file as served (its pathname under apps/web/dist). */
const servedBytes = (pathname) => statSync(path.join(root, 'apps/web/dist', pathname)).size;

/**
 * The guard's files the page (and its worker) loaded, with the size of each as built, and whether
 * the service worker answered it from its cache rather than the network.
 */
function watchDownloads(page, into) {
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!GUARD_FILES.test(pathname)) return;
    into.push({
      file: pathname.split('/').pop(),
      fromServiceWorker: response.fromServiceWorker(),
      bytes: servedBytes(pathname),
    });
  });
}

const status = (page) =>
  page.evaluate(() => {
    const el = document.querySelector('[data-testid="frame-guard-status"]');
    return el
      ? {
          model: el.getAttribute('data-model'),
          backend: el.getAttribute('data-backend'),
          verdicts: Number(el.getAttribute('data-verdicts')),
          firstVerdictMs: el.getAttribute('data-first-verdict-ms'),
        }
      : null;
  });

async function until(check, what) {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

async function call(a, b) {
  for (const page of [a, b]) {
    await page.goto('/search');
    const find = page.getByRole('button', { name: 'Find Session • 7 min' });
    await find.waitFor();
    await find.click();
  }
  for (const page of [a, b]) {
    await page.waitForURL(/\/practice$/, { timeout: TIMEOUT_MS });
    const camera = page.getByRole('button', { name: 'Camera', exact: true });
    await camera.click();
  }
  const ready = await Promise.all(
    [a, b].map((page) =>
      until(async () => {
        const s = await status(page);
        return s && s.verdicts > 0 && s.firstVerdictMs !== '' ? s : null;
      }, 'the first verdict'),
    ),
  );
  return ready;
}

const database = await createDatabase('guard');
let server;
const browsers = [];
try {
  server = await startServer({ DATABASE_URL: database.url, JWT_SECRET });
  const before = new Set(chromiumRoots());
  for (let i = 0; i < 2; i++) browsers.push(await launch());
  const roots = chromiumRoots().filter((pid) => !before.has(pid));
  const [ana, ben] = await Promise.all([
    newLearner(browsers[0].browser, {
      baseURL: server.baseUrl,
      label: 'guard-a',
      name: 'Ana Lima',
      timeoutMs: TIMEOUT_MS,
    }),
    newLearner(browsers[1].browser, {
      baseURL: server.baseUrl,
      label: 'guard-b',
      name: 'Ben Carter',
      timeoutMs: TIMEOUT_MS,
    }),
  ]);
  const firstDownloads = [];
  watchDownloads(ana.page, firstDownloads);
  const first = await call(ana.page, ben.page);

  await sleep(WARMUP_S * 1000);
  const start = roots.map(browserTicks);
  const verdictsBefore = (await status(ana.page)).verdicts;
  await sleep(WINDOW_S * 1000);
  const end = roots.map(browserTicks);
  const verdictsAfter = (await status(ana.page)).verdicts;
  const pct = (ticks) => round((ticks / CLOCK_TICKS / WINDOW_S) * 100, 1);
  const cpu = roots.map((_, i) => ({
    guard_worker_pct_of_one_core: pct(end[i].workers - start[i].workers),
    whole_browser_pct_of_one_core: pct(end[i].total - start[i].total),
  }));

  // A second call in the same browsers: the model should come from the cache.
  await ana.page.getByRole('button', { name: 'End session' }).click();
  await ana.page.waitForURL(/\/session-ended/);
  const secondDownloads = [];
  ana.page.removeAllListeners('response');
  watchDownloads(ana.page, secondDownloads);
  const second = await call(ana.page, ben.page);
  await ana.page.getByRole('button', { name: 'End session' }).click();

  const sum = (list) => list.reduce((n, d) => n + d.bytes, 0);
  const worstCpu = Math.max(...cpu.map((c) => c.guard_worker_pct_of_one_core));
  const firstVerdict = Math.max(...first.map((s) => Number(s.firstVerdictMs)));
  const warmVerdict = Math.max(...second.map((s) => Number(s.firstVerdictMs)));
  report({
    bench: 'frame-guard',
    backend: first.map((s) => s.backend),
    sample_rate_per_side_hz: 1,
    window_s: WINDOW_S,
    verdicts_per_s_one_browser: round((verdictsAfter - verdictsBefore) / WINDOW_S, 2),
    cpu_per_browser: cpu,
    goal_cpu_pct: GOAL_CPU_PCT,
    cpu_within_goal: worstCpu <= GOAL_CPU_PCT,
    first_verdict_ms_cold: firstVerdict,
    first_verdict_ms_warm: warmVerdict,
    goal_first_verdict_ms: GOAL_FIRST_VERDICT_MS,
    first_verdict_within_goal_warm: warmVerdict <= GOAL_FIRST_VERDICT_MS,
    guard_bytes_first_call: sum(firstDownloads),
    model_bytes: sum(firstDownloads.filter((d) => /model\.json|\.bin$/.test(d.file))),
    model_files_first_call: firstDownloads,
    bytes_not_from_cache_second_call: sum(secondDownloads.filter((d) => !d.fromServiceWorker)),
    model_files_second_call: secondDownloads,
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const { browser } of browsers) await browser.close().catch(() => {});
  await server?.stop();
  await database.drop();
}
