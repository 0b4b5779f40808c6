import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES } from '@parlo/contract/constants';
import { appShellFile, PUBLIC_PAGES, prerenderedPageFile } from '@parlo/contract/public-pages';
import { buildTestApp, drivers, type TestApp } from './helpers/test-app.ts';

const API_KEY = 'page-key-<&>';
const PUBLIC_URL = 'https://parlo.example';
const html = { accept: 'text/html' };

function write(root: string, file: string, content: string) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), content);
}

/** A dist as the web build leaves it, each page saying which page and language it is. */
function makeDist({ skip, shells = [] }: { skip?: string; shells?: readonly string[] } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'parlo-prerendered-'));
  write(root, 'index.html', '<div id="root"></div><meta content="%PARLO_API_KEY%">');
  for (const language of shells) {
    write(
      root,
      appShellFile(language as (typeof INTERFACE_LANGUAGES)[number]),
      `<html lang="${language}"><meta content="%PARLO_API_KEY%"><div id="root">shell</div></html>`,
    );
  }
  for (const page of PUBLIC_PAGES) {
    for (const language of INTERFACE_LANGUAGES) {
      if (`${page.id}/${language}` === skip) continue;
      write(
        root,
        prerenderedPageFile(page.id, language),
        `<html lang="${language}"><meta name="parlo-api-key" content="%PARLO_API_KEY%">` +
          `<link rel="alternate" href="%PARLO_PUBLIC_URL%${page.path}?lang=${language}">` +
          `<link rel="canonical" href="%PARLO_CANONICAL_URL%">${page.id}</html>`,
      );
    }
  }
  write(root, 'assets/app-0000.js', 'console.log("app");');
  writeFileSync(join(root, 'assets/app-0000.js.gz'), gzipSync('console.log("app");'));
  write(root, 'sitemap.xml', '<urlset><loc>%PARLO_PUBLIC_URL%/?lang=en</loc></urlset>');
  write(root, 'robots.txt', 'User-agent: *\nSitemap: %PARLO_PUBLIC_URL%/sitemap.xml\n');
  return root;
}

describe.each(drivers)('prerendered public pages (%s)', (driver) => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = makeDist({ skip: 'cookies/ko' });
    t = await buildTestApp(driver, { env: { WEB_DIST: webDist, API_KEY, PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const langOf = (body: string) => /<html lang="([a-z]+)"/.exec(body)?.[1];

  it('answers in English with nothing to go on, with the API key and origin filled in', async () => {
    const res = await t.app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['vary']).toBe('Origin, Cookie, Accept-Language, Accept-Encoding');
    expect(res.headers['content-language']).toBe('en');
    expect(langOf(res.body)).toBe('en');
    expect(res.body).toContain('content="page-key-&lt;&amp;&gt;"');
    expect(res.body).toContain('rel="alternate" href="https://parlo.example/?lang=en"');
    expect(res.body).not.toContain('%PARLO_');
  });

  it('follows the spec order: stored choice (cookie), then ?lang=, then the browser', async () => {
    const cases = [
      { url: '/info/about', headers: { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' }, lang: 'pt' },
      {
        url: '/info/about',
        headers: { 'accept-language': 'fr-FR, ko;q=0.4, ja;q=0.7' },
        lang: 'ja',
      },
      { url: '/info/about?lang=ko', headers: { 'accept-language': 'es' }, lang: 'ko' },
      { url: '/info/about?lang=ko', headers: { cookie: 'lang=es' }, lang: 'es' },
      { url: '/info/faq?ref=AB12&lang=ja', headers: {}, lang: 'ja' },
      { url: '/legal/terms?lang=xx', headers: { 'accept-language': 'es' }, lang: 'es' },
      { url: '/legal/terms?lang=ko&lang=ja', headers: {}, lang: 'en' },
      { url: '/legal/privacy', headers: { cookie: 'lang=<script>' }, lang: 'en' },
    ];
    for (const { url, headers, lang } of cases) {
      const res = await t.app.inject({ url, headers: { ...html, ...headers } });
      expect(res.statusCode, url).toBe(200);
      expect(langOf(res.body), `${url} ${JSON.stringify(headers)}`).toBe(lang);
      expect(res.headers['content-language']).toBe(lang);
    }
  });

  it('names as canonical the address asked for: the bare path, or ?lang= of the language served', async () => {
    const canonical = async (url: string, headers: Record<string, string> = {}) =>
      /rel="canonical" href="([^"]+)"/.exec(
        (await t.app.inject({ url, headers: { ...html, ...headers } })).body,
      )?.[1];
    expect(await canonical('/info/about', { 'accept-language': 'ko' })).toBe(
      'https://parlo.example/info/about',
    );
    expect(await canonical('/info/about?lang=ko')).toBe('https://parlo.example/info/about?lang=ko');
    expect(await canonical('/info/about?lang=ko', { cookie: 'lang=es' })).toBe(
      'https://parlo.example/info/about?lang=es',
    );
    expect(await canonical('/?lang=nope')).toBe('https://parlo.example/');
  });

  it('sends pages gzipped to clients that take it', async () => {
    const res = await t.app.inject({
      url: '/info/faq?lang=ja',
      headers: { ...html, 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toBe('Origin, Cookie, Accept-Language, Accept-Encoding');
    expect(gunzipSync(res.rawPayload).toString()).toContain('<html lang="ja">');
    const spa = await t.app.inject({
      url: '/dashboard',
      headers: { ...html, 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(spa.rawPayload).toString()).toContain('<div id="root"></div>');
  });

  it('sends the precompressed copy the build made of an asset', async () => {
    const res = await t.app.inject({
      url: '/assets/app-0000.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe('console.log("app");');
    const plain = await t.app.inject({ url: '/assets/app-0000.js' });
    expect(plain.body).toBe('console.log("app");');
  });

  it('serves each public path its own page', async () => {
    for (const page of PUBLIC_PAGES.filter((p) => p.id !== 'cookies')) {
      const res = await t.app.inject({ url: `${page.path}?lang=es`, headers: html });
      expect(res.body, page.path).toContain(`>${page.id}</html>`);
    }
  });

  it('falls back to the SPA for a page the build did not prerender in every language', async () => {
    const res = await t.app.inject({ url: '/legal/cookies?lang=en', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('serves the prerendered sign-in page only where every provider can sign in', async () => {
    const res = await t.app.inject({ url: '/auth/signin?returnTo=%2Fsearch', headers: html });
    expect(res.body).toContain('>signin</html>');
    // Its file shows every provider's button: with Google alone, the SPA shows the one it can.
    const googleOnly = await buildTestApp(driver, {
      env: {
        WEB_DIST: webDist,
        API_KEY,
        PUBLIC_URL,
        DEV_SIGNIN: 'false',
        GOOGLE_CLIENT_ID: 'google-client',
        GOOGLE_CLIENT_SECRET: 'google-secret',
      },
    });
    try {
      const spa = await googleOnly.app.inject({ url: '/auth/signin', headers: html });
      expect(spa.statusCode).toBe(200);
      expect(spa.body).toContain('<div id="root"></div>');
      const about = await googleOnly.app.inject({ url: '/info/about', headers: html });
      expect(about.body).toContain('>about</html>');
    } finally {
      await googleOnly.close();
    }
  });

  it('serves sitemap.xml and robots.txt with the public origin, not the files themselves', async () => {
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toBe('<urlset><loc>https://parlo.example/?lang=en</loc></urlset>');
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Sitemap: https://parlo.example/sitemap.xml');
    const raw = await t.app.inject({ url: '/pages/en/landing.html', headers: { accept: '*/*' } });
    expect(raw.statusCode).toBe(404);
  });
});

describe.each(drivers)("the dashboard's app shell (%s)", (driver) => {
  const langOf = (body: string) => /<html lang="([a-z]+)"/.exec(body)?.[1];

  it('sends the dashboard with its shell in the language the app will show', async () => {
    const webDist = makeDist({ shells: INTERFACE_LANGUAGES });
    const t = await buildTestApp(driver, { env: { WEB_DIST: webDist, API_KEY, PUBLIC_URL } });
    try {
      const cases = [
        { headers: {}, lang: 'en' },
        { headers: { 'accept-language': 'pt-BR,pt;q=0.9' }, lang: 'pt' },
        { headers: { cookie: 'lang=ko', 'accept-language': 'es' }, lang: 'ko' },
        { headers: { cookie: 'lang=<b>' }, lang: 'en' },
      ];
      for (const { headers, lang } of cases) {
        const res = await t.app.inject({ url: '/dashboard', headers: { ...html, ...headers } });
        const where = JSON.stringify(headers);
        expect(res.statusCode, where).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-language'], where).toBe(lang);
        expect(res.headers['vary']).toBe('Origin, Cookie, Accept-Language, Accept-Encoding');
        expect(langOf(res.body), where).toBe(lang);
        expect(res.body).toContain('>shell</div>');
        expect(res.body).toContain('content="page-key-&lt;&amp;&gt;"');
      }
      const asked = await t.app.inject({ url: '/dashboard?lang=ja', headers: html });
      expect(langOf(asked.body)).toBe('ja');
      const zipped = await t.app.inject({
        url: '/dashboard',
        headers: { ...html, 'accept-encoding': 'gzip', cookie: 'lang=es' },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).toString()).toContain('<html lang="es">');
      // The other signed-in pages keep the loading screen; the shell files are not files to fetch.
      const settings = await t.app.inject({ url: '/settings/general', headers: html });
      expect(settings.body).toContain('<div id="root"></div>');
      const raw = await t.app.inject({
        url: '/shells/en/dashboard.html',
        headers: { accept: '*/*' },
      });
      expect(raw.statusCode).toBe(404);
    } finally {
      await t.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('sends index.html for the dashboard when a language has no shell', async () => {
    const webDist = makeDist({ shells: INTERFACE_LANGUAGES.filter((l) => l !== 'ja') });
    const t = await buildTestApp(driver, { env: { WEB_DIST: webDist, API_KEY, PUBLIC_URL } });
    try {
      const res = await t.app.inject({
        url: '/dashboard',
        headers: { ...html, cookie: 'lang=es' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    } finally {
      await t.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
