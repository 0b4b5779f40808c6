import { expect, test, type Page } from '@playwright/test';
import { newPerson, signInOnboarded } from '../support/auth.ts';
import { spendTodaysTokens } from '../support/practice.ts';
import { takeTurnsInTheMatchingPool } from '../support/match-lock.ts';

// These tests search in the shared pool (English, B1, adults): one at a time.
takeTurnsInTheMatchingPool(test);

const databaseUrl = process.env.E2E_DATABASE_URL;

/**
 * Buying Premium through the development billing provider: the server's Stripe SDK calls it,
 * its hosted Checkout and Portal pages stand in for Stripe's, and its signed webhooks change the
 * plan. Nothing here touches the database to grant Premium.
 */
test.describe('premium billing', () => {
  test.describe.configure({ timeout: 60_000 });

  /** From the Premium page through the development Checkout and back, confirmed. */
  async function buyPremium(page: Page) {
    await expect(page.getByTestId('premium-price')).toHaveText('$4.99');
    await page.getByRole('button', { name: 'Go Premium' }).click();
    await expect(page.getByRole('heading', { name: 'Subscribe to Parlo Premium' })).toBeVisible();
    await expect(page.getByText('$4.99')).toBeVisible();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/premium\?checkout=success$/);
    await expect(page.getByText('Welcome to Premium!')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Your plan:').locator('..')).toContainText('Premium');
  }

  test.describe('with every token spent', () => {
    test.skip(!databaseUrl, 'needs E2E_DATABASE_URL to spend the day’s tokens in the database');

    test('a free user with no tokens left buys Premium and can start a session at once', async ({
      page,
    }) => {
      const { person } = await signInOnboarded(page, newPerson('buyer'));
      await spendTodaysTokens(person.email);
      await page.goto('/search');
      await expect(
        page.getByText(
          'You used all conversation tokens today, get bonus tokens to continue practicing',
        ),
      ).toBeVisible();

      await page.getByRole('link', { name: 'Go Premium' }).click();
      await expect(page).toHaveURL(/\/premium$/);
      await buyPremium(page);

      await page.getByRole('link', { name: 'Start a conversation' }).click();
      await expect(page).toHaveURL(/\/search$/);
      const find = page.getByRole('button', { name: 'Find Session • 7 min' });
      await expect(find).toBeEnabled();
      await find.click();
      await expect(page.getByRole('heading', { name: 'Looking for a partner…' })).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();
    });
  });

  test('cancelling in the portal keeps Premium until the period ends', async ({ page }) => {
    await signInOnboarded(page, newPerson('canceller'));
    await page.goto('/premium');
    await buyPremium(page);
    const renewal = page.getByTestId('subscription-state');
    await expect(renewal).toHaveText(/^Premium renews on .+\.$/);

    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await expect(page.getByRole('heading', { name: 'Parlo Premium' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByRole('status')).toHaveText(/^Cancelled — Premium stays until /);
    await page.getByRole('link', { name: 'Return to Parlo' }).click();

    // Cancelled, yet still Premium: the paid month runs to its end.
    await expect(page).toHaveURL(/\/premium$/);
    await untilShown(page, () =>
      expect(renewal).toHaveText(
        /^Cancelled: Premium stays until .+, then your plan returns to Free\.$/,
        { timeout: 5000 },
      ),
    );
    await expect(page.getByText('Your plan:').locator('..')).toContainText('Premium');
    await page.goto('/dashboard');
    await expect(page.getByText('Unlimited tokens').first()).toBeVisible();

    // The provider's clock moves to the period end: Stripe ends the subscription, Premium ends.
    await page.goto('/premium');
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.getByRole('button', { name: /^Advance the clock to / }).click();
    await expect(page.getByRole('status')).toHaveText(/^Cancelled\. It ended on /);
    await page.getByRole('link', { name: 'Return to Parlo' }).click();
    await untilShown(page, () =>
      expect(page.getByText('Your plan:').locator('..')).toContainText('Free', { timeout: 5000 }),
    );
    await expect(page.getByRole('button', { name: 'Go Premium' })).toBeVisible();
  });
});

/**
 * The webhook may land just after the browser is back (Stripe's delivery is asynchronous too):
 * the page is read again until it shows what the server has.
 */
async function untilShown(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000 });
}
