// Measures the JavaScript a visitor downloads to see the landing page: loads it in Chromium,
// records every script response until the network is idle, and sums their gzip sizes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root, startServer } from './lib.mjs';

const BUDGET_KB = 150;
const dist = path.join(root, 'apps/web/dist');

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin === server.baseUrl && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
  let raw = 0;
  let gzip = 0;
  for (const file of scripts) {
    const body = readFileSync(path.join(dist, file));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  const result = {
    bench: 'landing-initial-js',
    files: scripts.size,
    raw_kb: +(raw / 1024).toFixed(1),
    gzip_kb: +(gzip / 1024).toFixed(1),
    budget_gzip_kb: BUDGET_KB,
    within_budget: gzip / 1024 <= BUDGET_KB,
  };
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  await server.stop();
}
