import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { API_KEY } from '../support/auth';
import type { BrowserGlobals } from '../support/browser-globals';

async function controlledBy(page: Page) {
  await page.goto('/info/faq');
  await page.evaluate(() =>
    (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.ready.then(() => undefined),
  );
  // The worker claims open pages when it activates; a reload is controlled for certain.
  await page.reload();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.controller?.scriptURL ??
          null,
      ),
    )
    .toMatch(/\/sw\.js$/);
}

/** Every URL the service worker has cached, in every cache. */
function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const { caches } = globalThis as unknown as BrowserGlobals;
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });
}

test.describe('installable app', () => {
  test('has a manifest with icons, and Chromium finds nothing against installing it', async ({
    playwright,
    request,
    baseURL,
  }, testInfo) => {
    // Chromium never offers to install from an incognito profile, which test contexts are.
    const profile = mkdtempSync(path.join(tmpdir(), 'parlo-install-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
    });
    try {
      const page = await context.newPage();
      await controlledBy(page);
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifest = (await (await request.get(href!)).json()) as {
        start_url: string;
        display: string;
        icons: { src: string; sizes: string }[];
      };
      expect(manifest.display).toBe('standalone');
      expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
        expect.arrayContaining(['192x192', '512x512']),
      );
      for (const icon of manifest.icons) {
        expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
      }
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('caches the app shell but never an API answer, and says offline that a call needs a connection', async ({
    page,
    context,
  }) => {
    await controlledBy(page);
    const answers = await page.evaluate(async (key) => {
      const window = globalThis as unknown as BrowserGlobals;
      const languages = await window.fetch('/api/v1/languages', { headers: { 'x-api-key': key } });
      const health = await window.fetch('/health');
      return [languages.status, health.status];
    }, API_KEY);
    expect(answers).toEqual([200, 200]);

    await expect.poll(() => cachedUrls(page)).toContain('/offline.html');
    const cached = await cachedUrls(page);
    expect(cached.some((url) => /^\/assets\/framework-.+\.js$/.test(url))).toBe(true);
    expect(
      cached.filter((url) => /^\/(api|health|ws|dev-oauth|metrics|docs)(\/|$)/.test(url)),
    ).toEqual([]);
    // No HTML but the offline page: pages carry the API key and must come fresh from the server.
    expect(cached.filter((url) => url.endsWith('.html') || !url.includes('.'))).toEqual([
      '/offline.html',
    ]);

    await context.setOffline(true);
    const offlineAnswer = await page.evaluate(
      async (key) =>
        (globalThis as unknown as BrowserGlobals)
          .fetch('/api/v1/languages', { headers: { 'x-api-key': key } })
          .then(
            (response) => response.status,
            () => 'network error',
          ),
      API_KEY,
    );
    expect(offlineAnswer).toBe('network error');

    await page.evaluate(() =>
      (globalThis as unknown as BrowserGlobals).localStorage.setItem('i18nextLng', 'es'),
    );
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No tienes conexión');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Intentar de nuevo' }).click();
    await expect(page).toHaveURL(/\/auth\/signin\?returnTo=%2Fdashboard$/);
  });
});
