import { expect, test, type Browser, type Page } from '@playwright/test';
import { newPerson, signInOnboarded } from '../support/auth.ts';
import { takeTurnsInTheMatchingPool } from '../support/match-lock.ts';

// These tests search in the shared pool (English, B1, adults): one at a time.
takeTurnsInTheMatchingPool(test);

/** How long a pair of finds may take to open /practice on a loaded machine. */
const MATCH_TIMEOUT_MS = 20_000;

async function learner(browser: Browser, name: string) {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await signInOnboarded(page, { ...newPerson('presence'), name });
  return page;
}

async function find(page: Page) {
  await page.goto('/search');
  const button = page.getByRole('button', { name: 'Find Session • 7 min' });
  await expect(button).toBeEnabled();
  await button.click();
}

/** Two learners matched and on /practice, the peer link up on both sides. */
async function inCall(browser: Browser, names: [string, string]) {
  const a = await learner(browser, names[0]);
  const b = await learner(browser, names[1]);
  await find(a);
  await expect(a.getByRole('heading', { name: 'Looking for a partner…' })).toBeVisible();
  await find(b);
  await expect(a).toHaveURL(/\/practice$/, { timeout: MATCH_TIMEOUT_MS });
  await expect(b).toHaveURL(/\/practice$/, { timeout: MATCH_TIMEOUT_MS });
  for (const page of [a, b]) {
    await expect(page.getByText('Your partner is ready')).toBeVisible({ timeout: 20_000 });
  }
  return [a, b] as const;
}

test.describe('a call seen from elsewhere', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a second tab of a learner in a call shows the multiple-sessions notice, not Find', async ({
    browser,
  }) => {
    const [ana, ben] = await inCall(browser, ['Ana Second', 'Ben Second']);

    const second = await ana.context().newPage();
    await second.goto('/search');
    // The app-wide notice covers the page, and the page beneath offers no Find either.
    const notice = 'Multiple sessions detected';
    await expect(second.getByRole('alert').getByRole('heading', { name: notice })).toBeVisible();
    await expect(second.getByRole('main').getByRole('heading', { name: notice })).toHaveCount(1);
    await expect(second.getByRole('button', { name: 'Find Session • 7 min' })).toHaveCount(0);

    // The call in the first tab goes on.
    await expect(ana).toHaveURL(/\/practice$/);
    await expect(ana.getByRole('heading', { name: 'Practicing' })).toBeVisible();

    await ana.context().close();
    await ben.context().close();
  });

  test('muting shows on the partner tile in the video view', async ({ browser }) => {
    const [cleo, dev] = await inCall(browser, ['Cleo Mute', 'Dev Mute']);
    await cleo.getByRole('button', { name: 'Camera', exact: true }).click();
    await expect(dev.getByTestId('remote-video')).toBeVisible();

    const badge = dev.getByRole('img', { name: "Cleo Mute's microphone is off" });
    await expect(badge).toHaveCount(0);
    await cleo.getByRole('button', { name: 'Microphone', exact: true }).click();
    await expect(badge).toBeVisible();
    await cleo.getByRole('button', { name: 'Microphone', exact: true }).click();
    await expect(badge).toHaveCount(0);

    await cleo.context().close();
    await dev.context().close();
  });
});
