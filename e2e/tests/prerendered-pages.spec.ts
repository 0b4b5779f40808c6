import { expect, test } from '@playwright/test';
import { newPerson, signInThroughDevProvider, storedItem } from '../support/auth';
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

  test('the sign-in page paints without the app, and a press on a provider starts the sign-in at once', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
    });
    await page.goto('/auth/signin?returnTo=%2Fsearch', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Parlo' })).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Parlo');
    const app = () => scripts.filter((s) => /\/assets\/(framework|start-app)-/.test(s));
    expect(app()).toEqual([]);

    // The press starts the provider's sign-in itself: the app is not loaded to run it.
    const google = page.getByRole('button', { name: 'Continue with Google' });
    await google.click();
    await expect(page).toHaveURL(/\/dev-oauth\//);
    expect(app()).toEqual([]);

    // Back from the provider, the buttons are ready again however the browser restores the page.
    await page.goBack();
    await expect(google).toBeEnabled();
    await expect(google).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('button', { name: 'Continue with Line' })).toBeEnabled();
    await signInThroughDevProvider(page, 'google', newPerson('prerendered-signin'));
    // The sign-in that started without the app kept where to go next.
    await expect(page).toHaveURL(/\/onboarding\?returnTo=%2Fsearch$/);
  });

  test('the app takes the sign-in page over in place when a control needs it', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/auth/signin', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Language: English' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    // React found the markup it would have drawn, and the provider buttons are its own now.
    expect(
      errors.filter((text) => /hydrat|did not match|error #4(18|19|23|25)/i.test(text)),
    ).toEqual([]);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/dev-oauth\//);
  });

  test('the language menu pressed while a sign-in starts before the app: the sign-in goes on', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The provider's address is slow to come: the app hydrates while the sign-in is under way.
    let starts = 0;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/v1/auth/oauth/*/authorize-url*', async (route) => {
      starts += 1;
      await answered;
      await route.continue();
    });
    await page.goto('/auth/signin', { waitUntil: 'networkidle' });
    const google = page.getByRole('button', { name: 'Continue with Google' });
    await google.click();
    await expect(google).toHaveAttribute('aria-busy', 'true');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    // The app took the page over as it was drawn, the provider buttons still held for the sign-in.
    expect(
      errors.filter((text) => /hydrat|did not match|error #4(18|19|23|25)/i.test(text)),
    ).toEqual([]);
    for (const name of ['Continue with Google', 'Continue with KakaoTalk', 'Continue with Line']) {
      await expect(page.getByRole('button', { name, includeHidden: true })).toBeDisabled();
    }
    answer();
    await expect(page).toHaveURL(/\/dev-oauth\//);
    expect(starts).toBe(1);
  });

  test('a sign-in that cannot start before the app is handed to the app, which says so', async ({
    page,
  }) => {
    // The server cannot be reached for the provider's address, for the page and then the app.
    await page.route('**/api/v1/auth/oauth/*/authorize-url*', (route) => route.abort());
    await page.goto('/auth/signin', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      "We couldn't start signing you in. Please check your connection and try again.",
    );
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await page.unroute('**/api/v1/auth/oauth/*/authorize-url*');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/dev-oauth\//);
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
