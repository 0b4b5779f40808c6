import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogs, drivers, type TestApp } from './helpers/test-app.ts';

// A key with every character that means something in HTML.
const API_KEY = `key"<script>&'x`;
const INDEX = `<!doctype html><html><head>
<meta name="parlo-api-key" content="%PARLO_API_KEY%">
<script type="module" src="/assets/index-a1b2c3.js"></script>
</head><body><div id="root"></div></body></html>`;
const html = { accept: 'text/html,application/xhtml+xml' };

describe.each(drivers)('serving the built web app (%s)', (driver) => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'parlo-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    writeFileSync(join(webDist, 'assets', 'index-a1b2c3.js'), 'console.log("parlo");');
    writeFileSync(join(webDist, 'assets', 'guard.worker-d4e5f6.js'), 'postMessage(1);');
    writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp(driver, { env: { WEB_DIST: webDist, API_KEY } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves index.html at / with the API key written in, escaped, and not cached', async () => {
    const res = await t.app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      '<meta name="parlo-api-key" content="key&quot;&lt;script&gt;&amp;&#39;x">',
    );
    expect(res.body).not.toContain('%PARLO_API_KEY%');
  });

  it('falls back to index.html for page navigations to client routes', async () => {
    for (const url of ['/dashboard', '/auth/callback/google?code=abc', '/settings/general']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
    const raw = await t.app.inject({ url: '/index.html', headers: html });
    expect(raw.body).not.toContain('%PARLO_API_KEY%');
  });

  it('serves hashed assets as immutable for a year, other files revalidated', async () => {
    const asset = await t.app.inject({ url: '/assets/index-a1b2c3.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.body).toBe('console.log("parlo");');
    // Sent compressed to browsers that accept it: caches must keep the versions apart.
    expect(asset.headers.vary).toBe('Origin, Accept-Encoding');

    const favicon = await t.app.inject({ url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it("sends a page's files the file headers, and workers and documents the page's", async () => {
    const asset = await t.app.inject({ url: '/assets/index-a1b2c3.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['referrer-policy']).toBe('no-referrer');
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'permissions-policy',
    ]) {
      expect(asset.headers[documentOnly]).toBeUndefined();
    }
    // A worker runs under the CSP of its own script; an SVG opened alone is a document.
    for (const url of ['/assets/guard.worker-d4e5f6.js', '/favicon.svg', '/']) {
      const document = await t.app.inject({ url, headers: html });
      expect(document.statusCode).toBe(200);
      expect(document.headers['content-security-policy']).toContain("default-src 'self'");
      expect(document.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('never answers server paths, missing files or non-page requests with the SPA', async () => {
    const cases = [
      { url: '/api/v1/nothing', headers: { ...html, 'x-api-key': API_KEY } },
      { url: '/docs/nothing', headers: html },
      { url: '/dev-oauth/nothing', headers: html },
      { url: '/metrics/x', headers: html },
      { url: '/assets/missing-0000.js', headers: { accept: '*/*' } },
      { url: '/dashboard', headers: { accept: 'application/json' } },
    ];
    for (const { url, headers } of cases) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 404, message: 'Not found' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/dashboard', headers: html });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('without a built web app', () => {
  it('warns and serves only the API', async () => {
    const logs = captureLogs();
    const t = await buildTestApp('pglite', {
      env: { WEB_DIST: join(tmpdir(), 'parlo-no-such-dist') },
      logger: logs.logger,
    });
    try {
      const page = await t.app.inject({ url: '/', headers: html });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual({ code: 404, message: 'Not found' });
      expect(
        logs.lines.some((line) => line.level === 40 && String(line.msg).includes('web app')),
      ).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('the per-IP limit and the web app', () => {
  it('does not count hashed assets, but still counts pages and API calls', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'parlo-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    writeFileSync(join(webDist, 'assets', 'index-a1b2c3.js'), 'console.log("parlo");');
    const t = await buildTestApp('pglite', { env: { WEB_DIST: webDist, RATE_LIMIT_MAX: '3' } });
    try {
      for (let i = 0; i < 10; i++) {
        const asset = await t.app.inject({ url: '/assets/index-a1b2c3.js' });
        expect(asset.statusCode).toBe(200);
      }
      const pages = [];
      for (let i = 0; i < 4; i++)
        pages.push((await t.app.inject({ url: '/', headers: html })).statusCode);
      expect(pages).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
