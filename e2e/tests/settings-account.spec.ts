import { expect, test } from '@playwright/test';
import {
  newPerson,
  signInOnboarded,
  signInThroughDevProvider,
  storedItem,
} from '../support/auth.ts';

test.describe('settings', () => {
  test('languages: everything is added already; the level changes and the current one stays', async ({
    page,
  }) => {
    const { headers } = await signInOnboarded(page, newPerson('settings'));
    await page.goto('/settings/languages');

    const nav = page.getByRole('navigation', { name: 'Settings sections' });
    await expect(nav.getByRole('link')).toHaveText(['General', 'Profile', 'Languages']);
    await expect(page.getByText('Current', { exact: true })).toBeVisible();
    // English is the only language open for practice, and the user has it.
    await expect(page.getByText(/already learning every language we offer/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add a language' })).toHaveCount(0);

    // The current language cannot be removed: the button is off and says why.
    await expect(page.getByRole('button', { name: 'Remove English' })).toBeDisabled();
    await expect(
      page.getByText("Your current language can't be removed.", { exact: false }),
    ).toBeVisible();
    const refused = await page.request.delete('/api/v1/languages/user/en', { headers });
    expect(refused.status()).toBe(409);

    // It is already current: nothing to make current.
    await expect(page.getByRole('button', { name: 'Make current' })).toHaveCount(0);
    const setCurrent = await page.request.put('/api/v1/languages/user/current', {
      headers,
      data: { languageCode: 'en' },
    });
    expect(setCurrent.status()).toBe(204);

    await page.getByLabel('Level for English').selectOption('C1');
    await expect(page.getByText('Level updated')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Level for English')).toHaveValue('C1');
  });

  test('profile: a changed name and country survive a reload', async ({ page }) => {
    await signInOnboarded(page, newPerson('settings'));
    await page.goto('/settings/profile');

    const save = page.getByRole('button', { name: 'Save changes' });
    await expect(save).toBeDisabled();
    await expect(page.getByText('Female')).toBeVisible();

    await page.getByLabel('Name').fill('R2-D2');
    await save.click();
    await expect(
      page.getByText('Name can only contain letters, spaces, hyphens, and apostrophes'),
    ).toBeVisible();

    await page.getByLabel('Name').fill('Robin Changed');
    const country = page.getByLabel('Country');
    await country.click();
    await country.fill('Japan');
    await page.getByRole('option', { name: /Japan/ }).click();
    await save.click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(save).toBeDisabled();

    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('Robin Changed');
    await expect(page.getByLabel('Country')).toHaveValue('Japan');
  });

  test('deleting the account signs out, and the same account cannot sign in again', async ({
    page,
  }) => {
    const { person } = await signInOnboarded(page, newPerson('settings'));
    await page.goto('/settings/general');
    await expect(page.getByText('Connected with Google')).toBeVisible();
    await expect(page.getByText(person.email)).toBeVisible();

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('within 30 days');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('checkbox').check();
    await confirm.click();

    // Not the landing page without a word: a confirmation of what went and what goes next.
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your account has been deleted' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Removed now' })).toContainText(
      'Your email address and username',
    );
    await expect(page.getByRole('region', { name: 'Removed within 30 days' })).toContainText(
      '7 days from now',
    );
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Your account has been deleted' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(
      JSON.parse((await storedItem(page.context(), 'auth-storage')) ?? '{}'),
    ).not.toMatchObject({ state: { accessToken: expect.any(String) as unknown } });

    await page.goto('/auth/signin');
    await signInThroughDevProvider(page, 'google', person);
    await expect(
      page.getByText(
        'This account has been deleted. Please create a new account or contact support if you believe this is an error.',
      ),
    ).toBeVisible();
  });

  test('the deletion confirmation is not shown to someone who deleted nothing', async ({
    page,
  }) => {
    await page.goto('/account-deleted');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toHaveCount(
      0,
    );
  });
});
