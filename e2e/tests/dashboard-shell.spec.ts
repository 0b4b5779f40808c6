import { expect, test } from '@playwright/test';
import { newPerson, signInOnboarded } from '../support/auth';
import type { BrowserGlobals } from '../support/browser-globals';

/** What the phone test reads in the page: the LCP candidates, in order, by their text. */
type PaintGlobals = {
  largestPaints: string[];
  PerformanceObserver: new (
    callback: (list: {
      getEntries(): { element?: { textContent: string | null } | null }[];
    }) => void,
  ) => { observe(options: { type: string; buffered: boolean }): void };
};

// The dashboard's HTML carries its first screen, prerendered per language (issue 20): a phone
// paints it from the document while the framework is still on its way.
test.describe("the dashboard's app shell", () => {
  // The service worker would answer the app's scripts from its cache, past the blocked route.
  test.use({ serviceWorkers: 'block' });

  test('a member sees the first screen in their language from the HTML, then their dashboard', async ({
    page,
    context,
    baseURL,
  }) => {
    const person = newPerson('shell');
    await signInOnboarded(page, person);
    // The app stores a chosen language in localStorage and in the cookie the server reads.
    await page.evaluate(() =>
      (globalThis as unknown as BrowserGlobals).localStorage.setItem('i18nextLng', 'ko'),
    );
    await context.addCookies([{ name: 'lang', value: 'ko', url: baseURL! }]);

    // Without its scripts, the page is what the HTML paints.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('heading', { name: '대화 시작하기' })).toBeVisible();
    await expect(page.getByText('다음 대화를 시작할 준비가 되셨나요?')).toBeVisible();
    await expect(page.getByRole('link', { name: '세션 시작' })).toHaveAttribute('href', '/search');
    // Nothing of the member is in it: no greeting, no name.
    await expect(page.getByText(person.name)).toHaveCount(0);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);

    // With them, the app renders the member's dashboard over it.
    await page.unroute('**/assets/*.js');
    await page.reload();
    await expect(page.getByRole('heading', { name: /님, 다시 오신 걸 환영해요/ })).toContainText(
      person.name,
    );
    await expect(page.getByRole('link', { name: '세션 시작' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  });

  test('the first screen paints from the HTML alone, and the app is fetched after it', async ({
    page,
  }) => {
    const person = newPerson('paint');
    await signInOnboarded(page, person);
    // The stylesheet held back: the shell's own rules are in its HTML.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^/]+\.css$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard', { waitUntil: 'commit' });
    const title = page.locator('#start-session-title');
    await expect(title).toHaveText('Start a conversation');
    // text-xl and font-bold, from the inlined rules (an unstyled h2 is 24 px).
    await expect(title).toHaveCSS('font-size', '20px');
    await expect(title).toHaveCSS('font-weight', '700');
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length),
      )
      .toBe(1);
    release();
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toContainText(person.name);
    // Every script of the app was asked for after that paint; only the small start script before.
    const { paintedAt, scripts } = await page.evaluate(() => ({
      paintedAt: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ path: new URL(entry.name).pathname, startedAt: entry.startTime })),
    }));
    const early = scripts.filter((script) => script.startedAt < paintedAt);
    expect(early.map((script) => script.path)).toEqual([
      expect.stringMatching(/^\/assets\/shell-start-[\w-]+\.js$/),
    ]);
    expect(scripts.length).toBeGreaterThan(10);
    // Inter's Latin file is asked for by the page's head (a preload), not by the first layout,
    // so the first screen is not laid out again when it arrives.
    const font = await page.evaluate(() => {
      const entry = performance
        .getEntriesByType('resource')
        .find((resource) => /\/assets\/inter-latin-wght-normal-/.test(resource.name)) as
        { initiatorType: string; startTime: number } | undefined;
      return entry && { initiator: entry.initiatorType, askedAt: entry.startTime };
    });
    expect(font?.initiator).toBe('link');
    expect(font!.askedAt).toBeLessThan(paintedAt);
  });

  test('a visitor who opens the dashboard goes to sign in, the shell cleared', async ({ page }) => {
    // The app's texts held back: the app has started but cannot render yet.
    const texts = /\/assets\/(texts|common)-[^/]+\.js$/;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(texts, async (route) => {
      await held;
      await route.continue();
    });
    const textsAsked = page.waitForRequest(texts);
    await page.goto('/dashboard');
    await textsAsked;
    // The member's first screen is not what a visitor is left looking at.
    await expect(page.locator('#root')).toBeEmpty();
    release();
    await expect(page).toHaveURL(/\/auth\/signin\?returnTo=%2Fdashboard/);
    await expect(page.getByRole('heading', { name: 'Start a conversation' })).toHaveCount(0);
  });

  test("on a phone, the first screen stays the page's largest paint when the cookie banner comes", async ({
    browser,
  }) => {
    // The Lighthouse phone (issue 20), no cookie choice made. The page's first largest paint
    // (LCP candidate) is the start card's text, which the HTML paints at once; neither the banner,
    // 1.5 s after load, nor the app's own copy of the card (once drawn a pixel taller than the
    // shell's) may follow it. The greeting may: it names the member, which the HTML cannot.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await signInOnboarded(page, newPerson('phone'));
    await page.addInitScript(() => {
      const globals = globalThis as unknown as PaintGlobals;
      globals.largestPaints = [];
      new globals.PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          globals.largestPaints.push(entry.element?.textContent ?? '');
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'We value your privacy' })).toBeVisible();
    // Entries are queued to the observer after the paint: give the banner's one time to arrive.
    await page.waitForTimeout(500);
    const paints = await page.evaluate(() => (globalThis as unknown as PaintGlobals).largestPaints);
    const card = 'Meet a learner at your level for a short video or audio chat.';
    expect(paints[0]).toBe(card);
    expect(paints.filter((text) => text === card)).toHaveLength(1);
    expect(paints.filter((text) => text.startsWith('We use cookies'))).toEqual([]);
    await context.close();
  });
});
