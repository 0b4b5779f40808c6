import { expect, test, type Locator } from '@playwright/test';
import { newPerson, signInOnboarded } from '../support/auth.ts';
import { spendTodaysTokens } from '../support/practice.ts';

const databaseUrl = process.env.E2E_DATABASE_URL;

test.describe('tokens', () => {
  test('watching the video to the end adds one token to the count', async ({ page }) => {
    test.setTimeout(60_000);
    await signInOnboarded(page, newPerson('ad'));
    await page.goto('/dashboard');
    const startCard = page.getByRole('region', { name: 'Start a conversation' });
    await expect(startCard.getByText('3 tokens left today')).toBeVisible();

    await startCard.getByRole('button', { name: 'Get bonus tokens' }).click();
    // The dialog is titled by its current view: the choice first, then the video.
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName('Get bonus tokens');
    await expect(dialog.getByText('5 of 5 left today')).toBeVisible();
    await dialog.getByRole('button', { name: /Watch a short video/ }).click();
    await expect(dialog).toHaveAccessibleName('Watch a short video');
    const startedAt = Date.now();
    await dialog.getByRole('button', { name: 'Start watching' }).click();

    // The real video plays: the counter and the bar move from the video's own clock.
    const progress = dialog.getByRole('progressbar', { name: 'Video progress' });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 8_000 })
      .toBeGreaterThan(0);
    await expect(dialog.getByText(/seconds? left/)).toBeVisible();
    const playing = await videoState(dialog.locator('video'));
    expect(playing).toMatchObject({ videoWidth: 640, paused: false });

    // The server refuses a claim before 15 s, so the thank-you means the full watch was rewarded.
    await expect(dialog.getByRole('heading', { name: 'Thank you!' })).toBeVisible({
      timeout: 25_000,
    });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(15_000);

    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();
    await expect(startCard.getByText('4 tokens left today')).toBeVisible();
  });

  test.describe('with every token spent', () => {
    test.skip(!databaseUrl, 'needs E2E_DATABASE_URL to spend the day’s tokens in the database');

    test('the search page shows the no-tokens view with the reset countdown', async ({ page }) => {
      const { person } = await signInOnboarded(page, newPerson('spent'));
      await spendTodaysTokens(person.email);

      await page.goto('/search');
      await expect(
        page.getByText(
          'You used all conversation tokens today, get bonus tokens to continue practicing',
        ),
      ).toBeVisible();
      await expect(page.getByText(/^Resets in \d{1,2} h \d{1,2} min$/)).toBeVisible();

      await page.getByRole('button', { name: 'Get More' }).click();
      await expect(page.getByRole('dialog', { name: 'Get bonus tokens' })).toBeVisible();
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'Go Premium' }).click();
      await expect(page).toHaveURL(/\/premium$/);
      await expect(page.getByRole('heading', { name: 'Compare plans' })).toBeVisible();
    });
  });
});

interface VideoState {
  videoWidth: number;
  paused: boolean;
}

/** What the page's video element reports (the e2e project has no DOM types). */
function videoState(video: Locator): Promise<VideoState> {
  return video.evaluate((element) => {
    const { videoWidth, paused } = element as unknown as VideoState;
    return { videoWidth, paused };
  });
}
