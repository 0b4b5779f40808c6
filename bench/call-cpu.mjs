// CPU of a live call in the browser (issue 21: the learning layer must not make the call
// heavier). Two headless Chromiums' learners (one browser, two contexts, fake camera and
// microphone) meet, turn both cameras on, and stay in the call; after WARMUP_MS, the CPU time of
// the whole Chromium process tree (browser, renderers, GPU and audio services; /proc utime+stime)
// is sampled over MEASURE_MS. Reported as percent of one core for the pair of learners, one
// figure per call, CALLS calls. WEB_DIST picks the web build served (a baseline's build, to
// compare before and after). Run when the machine is otherwise quiet.
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { percentile, report, round, sleep, startServer } from './lib.mjs';
import { CHROMIUM_ARGS, learner as newLearner } from './support/learners.mjs';

const CALLS = Number(process.env.CALLS ?? 3);
const WARMUP_MS = Number(process.env.WARMUP_MS ?? 5_000);
const MEASURE_MS = Number(process.env.MEASURE_MS ?? 20_000);
const TIMEOUT_MS = 20_000;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** The process and all its descendants, from /proc. */
function processTree(rootPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone between the listing and the read.
    }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** CPU seconds (user + system) used so far by the Chromiums: this process's children but the server. */
function cpuSeconds(serverPid) {
  const server = new Set(processTree(serverPid));
  let ticks = 0;
  for (const pid of processTree(process.pid)) {
    if (pid === process.pid || server.has(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

async function oneCall(browser, baseURL, serverPid, index) {
  const learner = (label, name) =>
    newLearner(browser, { baseURL, label, name, timeoutMs: TIMEOUT_MS });
  const [a, b] = await Promise.all([
    learner(`a${index}`, 'Ana Lima'),
    learner(`b${index}`, 'Ben Carter'),
  ]);
  try {
    const find = (page) => page.getByRole('button', { name: 'Find Session • 7 min' });
    await find(a.page).click();
    await a.page.getByRole('heading', { name: 'Looking for a partner…' }).waitFor();
    await find(b.page).click();
    for (const page of [a.page, b.page]) {
      await page.waitForURL(/\/practice$/, { timeout: TIMEOUT_MS });
      await page.getByText('Your partner is ready').waitFor({ timeout: TIMEOUT_MS });
      await page.getByRole('button', { name: 'Camera', exact: true }).click();
    }
    await sleep(WARMUP_MS);
    const before = cpuSeconds(serverPid);
    const started = performance.now();
    await sleep(MEASURE_MS);
    const used = cpuSeconds(serverPid) - before;
    const elapsed = (performance.now() - started) / 1000;
    await a.page.getByRole('button', { name: 'End session' }).click();
    return (used / elapsed) * 100;
  } finally {
    await Promise.all([a.context.close(), b.context.close()]);
  }
}

let server;
let browser;
try {
  server = await startServer(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {});
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const samples = [];
  for (let i = 0; i < CALLS; i += 1)
    samples.push(await oneCall(browser, server.baseUrl, server.pid, i));
  const sorted = [...samples].sort((x, y) => x - y);
  report({
    bench: 'call-cpu',
    web_dist: process.env.WEB_DIST ?? 'apps/web/dist',
    calls: samples.length,
    measure_s: MEASURE_MS / 1000,
    p50_cpu_percent_of_one_core: round(percentile(sorted, 50), 1),
    samples_percent: samples.map((s) => round(s, 1)),
    definition:
      'CPU time of the Chromium process tree (two learners in one live call, both cameras on) / wall time',
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await server?.stop();
}
