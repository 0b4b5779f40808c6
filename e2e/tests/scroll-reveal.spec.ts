import { expect, test, type Page } from '@playwright/test';

// Browser-side scripts as text: the e2e project is typed without the DOM library.

/**
 * The texts and pictures of the page's main content that are not fully visible: each one's
 * opacity times that of every ancestor, as the compositor would draw it.
 */
const FAINT_CONTENT = `(() => {
  const opacity = (element) => {
    let total = 1;
    for (let node = element; node; node = node.parentElement) {
      total *= Number(getComputedStyle(node).opacity);
    }
    return total;
  };
  return [...document.querySelectorAll('main :is(h1, h2, h3, p, li, img, a)')]
    .filter((element) => opacity(element) < 0.99)
    .map((element) => element.tagName + ' ' + (element.textContent ?? '').trim().slice(0, 40));
})()`;

function faintContent(page: Page) {
  return page.evaluate<string[]>(FAINT_CONTENT);
}

/** Lets every reveal fade that is running finish (other animations loop for ever). */
async function animationsSettled(page: Page) {
  await page.evaluate(
    "Promise.all(document.getAnimations().filter((a) => a.animationName === 'reveal').map((a) => a.finished))",
  );
}

/** Pictures of the main content the browser has not loaded (lazy ones wait for a scroll). */
const UNLOADED_IMAGES = `[...document.querySelectorAll('main img')]
  .filter((image) => !image.complete || image.naturalWidth === 0)
  .map((image) => image.getAttribute('alt'))`;

/**
 * Chromium drops input that comes before the page's first frame reaches the screen, and the
 * load event can come a few hundred milliseconds before it (the landing page's large blurred
 * shapes take that long to draw without a GPU). A reader presses keys on a page they can see.
 */
async function painted(page: Page) {
  await page.evaluate(`new Promise((resolve) => {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(resolve));
    }).observe({ type: 'paint', buffered: true });
  })`);
}

const scrollY = (page: Page) => page.evaluate<number>('window.scrollY');
/** Keyboard scrolling is smooth: wait until the page has come to rest at its end. */
const atBottom = (page: Page) =>
  page.evaluate<boolean>(
    'window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2',
  );

/**
 * Presses `key` until the page has scrolled where it leads. Headless Chromium on a busy machine
 * now and then loses a key press (none of the page's code handles End or Home); what is tested
 * here is what the reveals do once the page has jumped, so a lost press is pressed again.
 */
async function pressUntil(page: Page, key: string, arrived: () => Promise<boolean>) {
  await expect(async () => {
    await page.keyboard.press(key);
    await expect.poll(arrived, { timeout: 3_000 }).toBe(true);
  }).toPass({ timeout: 12_000 });
}

for (const path of ['/', '/info/about']) {
  test.describe(`content revealed on scroll on ${path}`, () => {
    test('a full-page capture taken without scrolling shows every section', async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await animationsSettled(page);
      expect(await faintContent(page)).toEqual([]);
      await expect.poll(() => page.evaluate<string[]>(UNLOADED_IMAGES)).toEqual([]);
      const name = path === '/' ? 'landing' : 'about';
      await page.screenshot({ path: test.info().outputPath(`${name}-full.png`), fullPage: true });
    });

    test('printing shows every section', async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.emulateMedia({ media: 'print' });
      expect(await faintContent(page)).toEqual([]);
    });

    test('a jump to the end and back shows what it lands on at once, and all in between', async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await animationsSettled(page);
      // What End does without smooth scrolling, or a link to the footer: no frame in between.
      await page.evaluate(
        "window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' })",
      );
      await page.waitForTimeout(150);
      expect(await faintContent(page)).toEqual([]);
      await page.evaluate("window.scrollTo({ top: 0, behavior: 'instant' })");
      await page.waitForTimeout(150);
      expect(await faintContent(page)).toEqual([]);
    });

    test('after the End and Home keys nothing stays hidden', async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await animationsSettled(page);
      await painted(page);
      await pressUntil(page, 'End', () => atBottom(page));
      await animationsSettled(page);
      expect(await faintContent(page)).toEqual([]);
      await pressUntil(page, 'Home', async () => (await scrollY(page)) === 0);
      await animationsSettled(page);
      expect(await faintContent(page)).toEqual([]);
    });

    test('with reduced motion nothing animates', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate<number>('document.getAnimations().length')).toBe(0);
      expect(await faintContent(page)).toEqual([]);
    });
  });
}

test('sections still fade in when scrolled to gently', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await animationsSettled(page);
  const playing = () => page.locator('[data-reveal="playing"]').count();
  const atLoad = await playing();
  expect(await scrollY(page)).toBe(0);
  await painted(page);
  // A mouse-wheel notch at a time, as a reader scrolls.
  await page.mouse.move(640, 400);
  for (let step = 0; step < 20; step += 1) {
    await page.mouse.wheel(0, 100);
    await page.waitForTimeout(60);
  }
  await expect.poll(playing).toBeGreaterThan(atLoad);
  await animationsSettled(page);
  expect(await faintContent(page)).toEqual([]);
});

test('the browser console carries no i18next notice', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/info/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(messages.filter((text) => /i18next|locize/i.test(text))).toEqual([]);
});
