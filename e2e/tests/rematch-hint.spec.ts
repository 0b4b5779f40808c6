import { expect, test, type Browser, type Page } from '@playwright/test';
import { newPerson, signInOnboarded } from '../support/auth.ts';
import { takeTurnsInTheMatchingPool } from '../support/match-lock.ts';

// These tests search in the shared pool (English, B1, adults): one at a time.
takeTurnsInTheMatchingPool(test);

const HINT =
  /If your last partner is the only one searching, you'll be matched again after about 25 seconds/;

async function learner(browser: Browser, name: string) {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await signInOnboarded(page, { ...newPerson('rematch'), name });
  return page;
}

/** Starts a search; with `untilSearching`, waits for the searching view (no partner yet). */
async function find(page: Page, { untilSearching = true } = {}) {
  await page.goto('/search');
  const button = page.getByRole('button', { name: 'Find Session • 7 min' });
  await expect(button).toBeEnabled();
  await button.click();
  if (untilSearching) {
    await expect(page.getByRole('heading', { name: 'Looking for a partner…' })).toBeVisible();
  }
}

test.describe('searching again right after a call', () => {
  test.describe.configure({ timeout: 180_000 });

  test('says why the last partner takes about 25 s, and then they meet again', async ({
    browser,
  }) => {
    const ana = await learner(browser, 'Ana Again');
    const ben = await learner(browser, 'Ben Again');

    // A first search has no last partner: no hint, whatever the wait.
    await find(ana);
    await ana.waitForTimeout(6_000);
    await expect(ana.getByText(HINT)).toHaveCount(0);
    // Ana is waiting: Ben's search may be matched before his page shows it searching.
    await find(ben, { untilSearching: false });
    await expect(ana).toHaveURL(/\/practice$/, { timeout: 20_000 });
    await expect(ben).toHaveURL(/\/practice$/, { timeout: 20_000 });
    await ana.getByRole('button', { name: 'End session' }).click();
    await expect(ana).toHaveURL(/\/session-ended$/);
    await expect(ben).toHaveURL(/\/session-ended$/);

    await find(ana);
    await find(ben);
    await expect(ana.getByText(HINT)).toBeVisible({ timeout: 10_000 });
    await expect(ben.getByText(HINT)).toBeVisible();
    await ana.screenshot({ path: test.info().outputPath('rematch-hint.png') });

    await expect(ana).toHaveURL(/\/practice$/, { timeout: 40_000 });
    await expect(ben).toHaveURL(/\/practice$/, { timeout: 40_000 });
    await ana.getByRole('button', { name: 'End session' }).click();
    await ana.context().close();
    await ben.context().close();
  });
});
