import { expect, test } from '@playwright/test';
import { newPerson, signInThroughDevProvider, storedItem } from '../support/auth.ts';

test.describe('sign-in return and referral links', () => {
  test('a visitor sent to sign in from a page returns to that page', async ({ page }) => {
    await page.goto('/settings/general');
    await expect(page).toHaveURL(/\/auth\/signin\?returnTo=%2Fsettings%2Fgeneral$/);
    await signInThroughDevProvider(page, 'kakao', newPerson('return'));
    await expect(page).toHaveURL(/\/settings\/general$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('a referral id is taken out of the address, kept until sign-in, then forgotten', async ({
    page,
  }) => {
    await page.goto('/info/about?ref=E2EREF01');
    await expect(page).toHaveURL(/\/info\/about$/);
    expect(await storedItem(page.context(), 'referral-code')).toBe('E2EREF01');

    await page.goto('/auth/signin');
    await signInThroughDevProvider(page, 'line', newPerson('referred'));
    await expect(page).toHaveURL(/\/onboarding/);
    expect(await storedItem(page.context(), 'referral-code')).toBeNull();
  });

  test('a callback without a code shows the error card and leads back to sign-in', async ({
    page,
  }) => {
    await page.goto('/auth/callback/google?error=access_denied&state=whatever-state-value');
    await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'No authorization code received. Please try signing in again.',
    );
    await page.getByRole('link', { name: 'Return to sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });

  test('a callback this browser did not start is refused without signing in', async ({ page }) => {
    let exchanged = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/auth/signin/oauth')) exchanged = true;
    });
    await page.goto('/auth/callback/line?code=forged-code&state=forged-state-0123456789');
    await expect(page.getByRole('alert')).toHaveText(
      'Something went wrong during sign in. Please try again.',
    );
    expect(exchanged).toBe(false);
  });

  test('an unknown provider in the callback address is refused', async ({ page }) => {
    await page.goto('/auth/callback/myspace?code=abc&state=whatever-state-value');
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid authentication provider. Please try signing in again.',
    );
  });
});
