import { expect, test, type Browser } from '@playwright/test';
import { runAdmin } from '../support/admin.ts';
import {
  apiHeaders,
  currentUserId,
  newPerson,
  signInOnboarded,
  signInThroughDevProvider,
} from '../support/auth.ts';
import { findSession } from '../support/practice.ts';
import { takeTurnsInTheMatchingPool } from '../support/match-lock.ts';

// These tests search in the shared pool (English, B1, adults): one at a time.
takeTurnsInTheMatchingPool(test);

const databaseUrl = process.env.E2E_DATABASE_URL;

/**
 * A learner aged 17: minors are matched only with minors, so this pair never meets the adults
 * that other tests send to the queue at the same time.
 */
async function minorLearner(browser: Browser, name: string) {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  const person = { ...newPerson('moderated'), name };
  await page.goto('/auth/signin');
  await signInThroughDevProvider(page, 'google', person);
  await expect(page).toHaveURL(/\/onboarding/);
  const headers = await apiHeaders(page);
  const born = new Date();
  born.setUTCFullYear(born.getUTCFullYear() - 17, born.getUTCMonth() - 3, 1);
  born.setUTCHours(0, 0, 0, 0);
  const profile = await page.request.post('/api/v1/profiles/me', {
    headers,
    data: { name, gender: 'male', country: 'PT', dateOfBirth: born.toISOString() },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const language = await page.request.post('/api/v1/languages/user', {
    headers,
    data: { languageCode: 'en', proficiencyLevel: 'B1' },
  });
  expect(language.ok(), await language.text()).toBe(true);
  return page;
}

test.describe('moderation', () => {
  test.describe.configure({ timeout: 120_000 });
  test.skip(!databaseUrl, 'needs E2E_DATABASE_URL: the admin tool grants the moderator role');

  test('a report reaches the console, and a 24 h block shows B the blocked page at once', async ({
    browser,
  }) => {
    const ana = await minorLearner(browser, 'Ana Reyes');
    const bruno = await minorLearner(browser, 'Bruno Costa');

    // A call between the two, which Ana ends.
    await findSession(ana);
    await expect(ana.getByRole('heading', { name: 'Looking for a partner…' })).toBeVisible();
    await findSession(bruno);
    await expect(ana).toHaveURL(/\/practice$/);
    await expect(bruno).toHaveURL(/\/practice$/);
    await ana.getByRole('button', { name: 'End session' }).click();
    await expect(ana).toHaveURL(/\/session-ended$/);
    await expect(bruno).toHaveURL(/\/session-ended$/);

    // Ana reports Bruno from the session-ended page.
    await ana.getByRole('button', { name: 'Report Bruno Costa' }).click();
    const reportDialog = ana.getByRole('dialog', { name: 'Report user' });
    await reportDialog.getByRole('radio', { name: 'Harassment or hate' }).check();
    await reportDialog
      .getByRole('textbox', { name: 'Details (optional)' })
      .fill('He kept mocking my accent.');
    await reportDialog.getByRole('button', { name: 'Submit report' }).click();
    await expect(ana.getByText('Thanks for your report')).toBeVisible();

    // A third person, made moderator by the operator tool, finds the console in the menu.
    const moderatorContext = await browser.newContext();
    const mia = await moderatorContext.newPage();
    const { person: moderator } = await signInOnboarded(mia, {
      ...newPerson('moderator'),
      name: 'Mia Moderator',
    });
    expect(await runAdmin('grant-moderator', moderator.email)).toContain('role moderator');
    await mia.goto('/dashboard');
    await mia.getByRole('button', { name: /account menu/i }).click();
    await mia.getByRole('menuitem', { name: 'Moderation' }).click();
    await expect(mia).toHaveURL(/\/moderation$/);
    await expect(mia.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

    const card = mia.getByRole('article', { name: 'Report about Bruno Costa' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: 'History of Ana Reyes' })).toBeVisible();
    await expect(card.getByText('Harassment or hate')).toBeVisible();
    await expect(card.getByText('He kept mocking my accent.')).toBeVisible();
    await expect(card.getByText('A participant ended it')).toBeVisible();
    await expect(card.getByText('1 report received · 1 in the last 7 days')).toBeVisible();

    // Bruno stays on his page: no reload happens between here and the blocked page.
    await bruno.evaluate(() => {
      (globalThis as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    await card.getByRole('button', { name: 'Block temporarily' }).click();
    const blockDialog = mia.getByRole('dialog', { name: 'Block Bruno Costa temporarily' });
    await blockDialog.getByRole('radio', { name: '24 hours' }).check();
    await blockDialog.getByRole('textbox', { name: 'Note' }).fill('Mocking, first offence');
    await blockDialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(blockDialog).toBeHidden();
    await expect(
      mia.getByRole('status').filter({ hasText: /^Bruno Costa is blocked until/ }),
    ).toBeVisible();
    await expect(card).toBeHidden();
    await expect(mia.getByText('No open reports')).toBeVisible();

    // The server closed Bruno's socket; the app reloaded him and shows the blocked page.
    await expect(
      bruno.getByRole('heading', { name: 'Your account is temporarily restricted' }),
    ).toBeVisible();
    await expect(bruno.getByText('24 hours remaining')).toBeVisible();
    await expect(bruno.getByText('Restriction ends', { exact: true })).toBeVisible();
    expect(
      await bruno.evaluate(
        () => (globalThis as unknown as { sameDocument?: boolean }).sameDocument,
      ),
    ).toBe(true);

    // The report moved to Actioned, and Bruno's history records the block with its note.
    await mia.getByRole('link', { name: 'Actioned' }).click();
    await expect(mia.getByRole('article', { name: 'Report about Bruno Costa' })).toBeVisible();
    await mia.getByRole('link', { name: 'History of Bruno Costa' }).first().click();
    await expect(mia.getByRole('heading', { level: 1, name: 'Bruno Costa' })).toBeVisible();
    await expect(mia.getByText('Mocking, first offence')).toBeVisible();
    await expect(mia.getByText('by Mia Moderator')).toBeVisible();

    // Anyone else who finds the address is sent to the dashboard.
    await ana.goto('/moderation');
    await expect(ana).toHaveURL(/\/dashboard$/);

    await ana.context().close();
    await bruno.context().close();
    await moderatorContext.close();
  });

  test('a warning from the console reaches the learner, who acknowledges it', async ({
    browser,
  }) => {
    const caio = await minorLearner(browser, 'Caio Lima');
    await caio.goto('/dashboard');
    const caioId = await currentUserId(caio);

    const moderatorContext = await browser.newContext();
    const max = await moderatorContext.newPage();
    const { person: moderator } = await signInOnboarded(max, {
      ...newPerson('moderator'),
      name: 'Max Moderator',
    });
    expect(await runAdmin('grant-moderator', moderator.email)).toContain('role moderator');

    // Warned from Caio's page in the console, with a note written for him.
    await max.goto(`/moderation/users/${caioId}`);
    await expect(max.getByRole('heading', { level: 1, name: 'Caio Lima' })).toBeVisible();
    await max.getByRole('button', { name: 'Warn', exact: true }).click();
    const warnDialog = max.getByRole('dialog', { name: 'Warn Caio Lima' });
    await expect(warnDialog.getByText(/Caio Lima sees this note with the warning/)).toBeVisible();
    await warnDialog
      .getByRole('textbox', { name: 'Note' })
      .fill('Please stop asking partners for their social media.\nKeep calls about practice.');
    await warnDialog.getByRole('button', { name: 'Warn', exact: true }).click();
    await expect(warnDialog).toBeHidden();
    await expect(max.getByText('Not yet acknowledged by the user')).toBeVisible();

    // Caio sees it on his next page, the note as written, and nothing closes it but his answer.
    await caio.goto('/dashboard');
    const notice = caio.getByRole('alertdialog', { name: 'A moderator has warned you' });
    await expect(notice).toBeVisible();
    await expect(
      notice.getByText('Please stop asking partners for their social media.'),
    ).toBeVisible();
    await caio.keyboard.press('Escape');
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'I understand' }).click();
    await expect(notice).toBeHidden();

    // Acknowledged for good: not shown again after a reload.
    // The answer the reloaded page asked for, not the acknowledgement's own refetch, which may
    // still be arriving as the page leaves (its body is then gone).
    const reloadedAt = Date.now();
    const asked = caio.waitForResponse(
      (res) =>
        res.url().endsWith('/api/v1/users/me/warnings') &&
        res.status() === 200 &&
        res.request().timing().startTime >= reloadedAt,
    );
    await caio.reload();
    expect(await (await asked).json()).toEqual({ data: [] });
    await expect(caio.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(caio.getByRole('alertdialog')).toHaveCount(0);

    // The console shows the moderator that the warning was read.
    await max.reload();
    await expect(max.getByText(/^Seen and acknowledged by the user on /)).toBeVisible();

    await caio.context().close();
    await moderatorContext.close();
  });
});
