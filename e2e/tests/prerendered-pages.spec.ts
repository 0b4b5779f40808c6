import { expect, test } from '@playwright/test';
import { storedItem } from '../support/auth';
import type { BrowserGlobals, ElementWithAttributes } from '../support/browser-globals';

// The public pages are built as static HTML per language (issue 20): they must read, in the
// reader's language, with no JavaScript at all.
test.describe('public pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false, locale: 'ko-KR' });

  test('the about page shows its heading and text in Korean, with its language links', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/info/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\uac00-\ud7af]/);
    await expect(page.getByRole('main')).toContainText('Parlo');
    await expect(page.getByRole('link', { name: '로그인' }).first()).toHaveAttribute(
      'href',
      '/auth/signin',
    );
    await expect(page).toHaveTitle(/Parlo/);

    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        (links as unknown as ElementWithAttributes[]).map((link) => [
          link.getAttribute('hreflang'),
          link.getAttribute('href'),
        ]),
      );
    expect(alternates).toEqual([
      ['en', `${baseURL}/info/about?lang=en`],
      ['es', `${baseURL}/info/about?lang=es`],
      ['pt', `${baseURL}/info/about?lang=pt`],
      ['ko', `${baseURL}/info/about?lang=ko`],
      ['ja', `${baseURL}/info/about?lang=ja`],
      ['x-default', `${baseURL}/info/about`],
    ]);
    // Asked for without ?lang=, the page is the x-default address answering in the reader's language.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${baseURL}/info/about`,
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${baseURL}/social-card.png`,
    );
    const image = await page.request.get(`${baseURL}/social-card.png`);
    expect(image.headers()['content-type']).toBe('image/png');
  });

  test('?lang=ja answers the landing page in Japanese, heading and sections included', async ({
    page,
  }) => {
    await page.goto('/?lang=ja');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /[\u3040-\u30ff\u4e00-\u9faf]/,
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Every section is there and visible on the first paint, not waiting for a script.
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    expect(await headings.count()).toBeGreaterThanOrEqual(5);
    await expect(headings.last()).toBeVisible();
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'ja_JP');
  });
});

test.describe('public pages with JavaScript', () => {
  test('a visitor reads the landing page without downloading the app', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts.filter((s) => /\/assets\/(framework|start-app)-/.test(s))).toEqual([]);
  });

  test('the sign-in page paints without the app, and the first press on a provider signs in', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/auth/signin?returnTo=%2Fsearch', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Parlo' })).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Parlo');
    expect(scripts.filter((s) => /\/assets\/(framework|start-app)-/.test(s))).toEqual([]);
    // The press loads the app, which then starts the provider's sign-in as if it had been there.
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/dev-oauth\//);
    // The app took the page over in place: React found the markup it would have drawn.
    expect(
      errors.filter((text) => /hydrat|did not match|error #4(18|19|23|25)/i.test(text)),
    ).toEqual([]);
  });

  test('a stored session makes the app take over the prerendered page at once', async ({
    page,
    context,
  }) => {
    await page.goto('/legal/terms');
    await page.evaluate(() =>
      (globalThis as unknown as BrowserGlobals).localStorage.setItem(
        'auth-storage',
        JSON.stringify({ state: { accessToken: 'expired', accessExpiresAt: null }, version: 0 }),
      ),
    );
    // The stored token is not valid: only the app, restoring the session, finds that out and
    // forgets it; the prerendered page's script alone would leave it there.
    await page.goto('/');
    await expect.poll(() => storedItem(context, 'auth-storage')).not.toContain('expired');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});
