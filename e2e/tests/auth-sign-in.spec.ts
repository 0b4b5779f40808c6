import { expect, test } from '@playwright/test';
import {
  API_KEY,
  currentUserId,
  expectOnOnboarding,
  newPerson,
  refreshCookie,
  signInThroughDevProvider,
  type ProviderName,
} from '../support/auth.ts';

const providers: ProviderName[] = ['google', 'kakao', 'line'];

test.describe('sign-in with the development provider', () => {
  for (const provider of providers) {
    test(`a new person signs in with ${provider}, stays signed in on reload and signs out for good`, async ({
      page,
      context,
      playwright,
      baseURL,
    }) => {
      const person = newPerson(provider);
      await page.goto('/auth/signin');
      await signInThroughDevProvider(page, provider, person);

      // No profile yet: the dashboard sends the new account on to onboarding.
      await expectOnOnboarding(page);
      const accountMenu = page.getByRole('button', { name: /account menu/i });
      await expect(accountMenu).toContainText(person.localPart);

      await page.reload();
      await expectOnOnboarding(page);
      await expect(accountMenu).toBeVisible();

      const cookie = await refreshCookie(context);
      await accountMenu.click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

      // The refresh cookie from before the sign-out no longer opens a session.
      const outsider = await playwright.request.newContext({ baseURL });
      const refresh = await outsider.post('/api/v1/auth/refresh', {
        headers: { 'x-api-key': API_KEY, Cookie: `${cookie.name}=${cookie.value}` },
      });
      expect(refresh.status()).toBe(401);
      await outsider.dispose();

      // And this browser stays signed out after a reload.
      await page.reload();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
      await page.goto('/onboarding');
      await expect(page).toHaveURL(/\/auth\/signin\?returnTo=%2Fonboarding$/);
    });
  }

  test('a reload within a second of signing in keeps the session', async ({ page }) => {
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/v1/auth/refresh')) refreshes.push(response.status());
    });
    await page.goto('/auth/signin');
    await signInThroughDevProvider(page, 'line', newPerson('quick'));
    await page.waitForURL(/\/onboarding/);
    // The server refuses a refresh this soon after the sign-in; the app waits and tries once more.
    await page.reload();
    await expectOnOnboarding(page);
    expect(refreshes.at(-1)).toBe(200);
    expect(refreshes.filter((status) => status === 429).length).toBeLessThanOrEqual(1);
  });

  test('the same email signs in to the same account again', async ({ page }) => {
    const person = newPerson('again');
    await page.goto('/auth/signin');
    await signInThroughDevProvider(page, 'google', person);
    await expectOnOnboarding(page);
    const first = await currentUserId(page);

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/auth/signin');
    await signInThroughDevProvider(page, 'google', person);
    await expectOnOnboarding(page);
    const second = await currentUserId(page);
    expect(second).toBe(first);
  });
});
