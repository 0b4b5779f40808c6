import { expect, test, type Browser } from '@playwright/test';
import { apiHeaders, currentUserId, newPerson, signInOnboarded } from '../support/auth.ts';
import { findSession, withRunDatabase } from '../support/practice.ts';

const databaseUrl = process.env.E2E_DATABASE_URL;

/** How long a pair of finds may take to open /practice on a loaded machine. */
const MATCH_TIMEOUT_MS = 20_000;

async function learner(browser: Browser, name: string) {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  // C1: a level of its own, so no other test searching at the same time is matched with them.
  await signInOnboarded(page, { ...newPerson('calibration'), name }, { level: 'C1' });
  return page;
}

/**
 * The open session of `userId` once its call has connected, moved three minutes into the past:
 * the question is asked only after calls of two minutes or more, and the test does not wait
 * them out. Everything else (the end, the question, the answers) runs for real.
 */
async function ageConnectedCall(userId: string): Promise<string> {
  let sessionId: string | undefined;
  await expect(async () => {
    sessionId = await withRunDatabase(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `update sessions
            set created_at = created_at - interval '3 minutes',
                started_at = started_at - interval '3 minutes'
          where (user1_id = $1 or user2_id = $1) and ended_at is null and started_at is not null
          returning id`,
        [userId],
      );
      return rows[0]?.id;
    });
    expect(sessionId).toBeDefined();
  }).toPass({ timeout: 20_000 });
  return sessionId!;
}

test.describe('level calibration after a call', () => {
  test.describe.configure({ timeout: 120_000 });
  test.skip(!databaseUrl, 'needs E2E_DATABASE_URL to date the call back two minutes');

  test('each side rates the other once, anonymously, into the partner’s totals', async ({
    browser,
  }) => {
    const ana = await learner(browser, 'Ana Lima');
    const ben = await learner(browser, 'Ben Okafor');
    const benId = await currentUserId(ben);

    await findSession(ana);
    await expect(ana.getByRole('heading', { name: 'Looking for a partner…' })).toBeVisible();
    await findSession(ben);
    await expect(ana).toHaveURL(/\/practice$/, { timeout: MATCH_TIMEOUT_MS });
    await expect(ben).toHaveURL(/\/practice$/, { timeout: MATCH_TIMEOUT_MS });
    const sessionId = await ageConnectedCall(benId);

    await ana.getByRole('button', { name: 'End session' }).click();
    await expect(ana).toHaveURL(/\/session-ended$/);
    await expect(ben).toHaveURL(/\/session-ended$/);

    // Ana is asked about Ben, by name and level, and told he never sees the answer.
    const question = ana.getByRole('region', {
      name: "How did Ben Okafor's speaking feel compared with C1?",
    });
    await expect(question).toBeVisible({ timeout: 15_000 });
    await expect(question).toContainText('Ben Okafor never sees your answer.');
    await question.getByRole('button', { name: 'Above C1' }).click();
    await expect(ana.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();
    await expect(question).toHaveCount(0);

    // Ben answers about Ana.
    const benQuestion = ben.getByRole('region', {
      name: "How did Ana Lima's speaking feel compared with C1?",
    });
    await benQuestion.getByRole('button', { name: 'About C1' }).click();
    await expect(ben.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();

    // One answer per side: the API now says answered and refuses a second one.
    const headers = await apiHeaders(ana);
    const state = await ana.request.get(`/api/v1/sessions/${sessionId}/calibration`, { headers });
    expect(await state.json()).toEqual({ state: 'answered' });
    const again = await ana.request.post(`/api/v1/sessions/${sessionId}/calibration`, {
      headers,
      data: { rating: 'below' },
    });
    expect(again.status()).toBe(409);

    // Ana's answer is in Ben's totals for English at C1, and nowhere is it tied to her.
    const totals = await withRunDatabase(async (client) => {
      const { rows } = await client.query<{ below: number; about: number; above: number }>(
        `select below, about, above, partners from level_calibrations
          where user_id = $1 and language_code = 'en' and level = 'C1'`,
        [benId],
      );
      return rows;
    });
    expect(totals).toEqual([{ below: 0, about: 0, above: 1, partners: 1 }]);

    // One partner is too few to show Ben a rated level.
    const summary = await ben.request.get('/api/v1/users/me/calibration', {
      headers: await apiHeaders(ben),
    });
    expect(await summary.json()).toEqual({
      data: [{ languageCode: 'en', level: 'C1', ratedLevel: null }],
    });

    await ana.context().close();
    await ben.context().close();
  });
});
