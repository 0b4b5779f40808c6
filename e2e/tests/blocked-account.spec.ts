import { expect, test } from '@playwright/test';
import { newPerson, signInOnboarded } from '../support/auth.ts';
import { withRunDatabase } from '../support/practice.ts';

const databaseUrl = process.env.E2E_DATABASE_URL;

async function restrictFor5Hours(username: string) {
  await withRunDatabase(async (client) => {
    const result = await client.query(
      `update users set status = 'temporarily_blocked', blocked_at = now(),
         blocked_until = now() + interval '5 hours' where username = $1`,
      [username],
    );
    expect(result.rowCount).toBe(1);
  });
}

test.describe('a temporarily blocked account', () => {
  test.skip(!databaseUrl, 'needs E2E_DATABASE_URL to restrict the account in the database');

  test('sees the hours remaining instead of its pages, and only General in settings', async ({
    page,
  }) => {
    const { person } = await signInOnboarded(page, newPerson('blocked'));
    await restrictFor5Hours(person.email);

    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { name: 'Your account is temporarily restricted' }),
    ).toBeVisible();
    await expect(page.getByText('5 hours remaining')).toBeVisible();
    await expect(page.getByText('Restriction ends', { exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Open account settings' }).click();
    await expect(page).toHaveURL(/\/settings\/general$/);
    const nav = page.getByRole('navigation', { name: 'Settings sections' });
    await expect(nav.getByRole('link', { includeHidden: true })).toHaveText(['General']);
    await expect(page.getByText('Temporarily restricted')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete account' })).toBeVisible();

    await page.goto('/settings/profile');
    await expect(page.getByText('5 hours remaining')).toBeVisible();

    // Sign-out stays reachable from the account menu.
    await page.getByRole('button', { name: /account menu/i }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  });
});
