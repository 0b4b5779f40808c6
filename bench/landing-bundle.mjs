// Measures the JavaScript a visitor downloads to see the landing page: loads it in Chromium,
// records every script response until the network is idle, and sums their gzip sizes. The
// landing page is prerendered (issue 20) and loads the app only when a control needs it, so the
// bench also reports what the first press of one (the language menu) downloads on top.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root, startServer } from './lib.mjs';

const BUDGET_KB = 90;
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
  const measure = (files) => {
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const body = readFileSync(path.join(dist, file));
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    return {
      files: files.length,
      raw_kb: +(raw / 1024).toFixed(1),
      gzip_kb: +(gzip / 1024).toFixed(1),
    };
  };
  await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
  const initial = measure([...scripts]);
  const before = new Set(scripts);
  await page
    .getByRole('button', { name: /language/i })
    .first()
    .click();
  await page.getByRole('menuitemradio').first().waitFor();
  await page.waitForLoadState('networkidle');
  const onPress = measure([...scripts].filter((file) => !before.has(file)));
  const result = {
    bench: 'landing-initial-js',
    files: initial.files,
    raw_kb: initial.raw_kb,
    gzip_kb: initial.gzip_kb,
    budget_gzip_kb: BUDGET_KB,
    within_budget: initial.gzip_kb <= BUDGET_KB,
    first_press_files: onPress.files,
    first_press_gzip_kb: onPress.gzip_kb,
  };
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  await server.stop();
}
