import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { currentUserId, newPerson, signInOnboarded } from '../support/auth.ts';
import { findSession } from '../support/practice.ts';

/** How long a pair of finds may take to open /practice on a loaded machine. */
const MATCH_TIMEOUT_MS = 20_000;

async function learner(browser: Browser, name: string) {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  // C2: a level of its own, so no other test searching at the same time is matched with them.
  await signInOnboarded(page, { ...newPerson('after'), name }, { level: 'C2' });
  return page;
}

async function openChat(page: Page) {
  const chat = page.getByRole('button', { name: /^Chat/ });
  if ((await chat.getAttribute('aria-pressed')) !== 'true') await chat.click();
}

async function sendChat(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
}

/** What the page's IndexedDB offers here (the e2e workspace has no DOM types). */
interface BrowserGlobals {
  indexedDB: { databases(): Promise<{ name?: string }[]> };
}

/** The names of this origin's IndexedDB databases, as the page sees them. */
function databases(page: Page): Promise<(string | undefined)[]> {
  return page.evaluate(async () =>
    (await (globalThis as unknown as BrowserGlobals).indexedDB.databases()).map((db) => db.name),
  );
}

test.describe('after the call', () => {
  test.describe.configure({ timeout: 150_000 });

  test('phrases saved in a call show in the recap and the pocket, export, survive a reload, and go with the account', async ({
    browser,
  }) => {
    const ana = await learner(browser, 'Ana Pereira');
    const ben = await learner(browser, 'Ben Walsh');
    const anaId = await currentUserId(ana);

    await findSession(ana);
    await expect(ana.getByRole('heading', { name: 'Looking for a partner…' })).toBeVisible();
    await findSession(ben);
    await expect(ana).toHaveURL(/\/practice$/, { timeout: MATCH_TIMEOUT_MS });
    await expect(ben).toHaveURL(/\/practice$/, { timeout: MATCH_TIMEOUT_MS });

    // Chat both ways; Ana saves Ben's line with one tap, and a word she types.
    await openChat(ana);
    await openChat(ben);
    await expect(ana.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      /Type a message/i,
      { timeout: 15_000 },
    );
    await sendChat(ana, 'What do you do on weekends?');
    const line = 'I usually go hiking, weather permitting.';
    await expect(
      ben.getByRole('log', { name: 'Messages' }).getByText('What do you do'),
    ).toBeVisible();
    await sendChat(ben, line);
    const log = ana.getByRole('log', { name: 'Messages' });
    await expect(log.getByText(line)).toBeVisible();
    await ana.getByRole('button', { name: `Save to pocket: ${line}` }).click();
    await expect(ana.getByRole('button', { name: 'Saved to pocket' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await ana.getByRole('textbox', { name: 'Save a word' }).fill('weather permitting');
    await ana.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(ana.getByRole('status').filter({ hasText: 'Saved to your pocket' })).toBeVisible();

    // Ana ends: her recap counts the chat and the phrases, from her device.
    await ana.getByRole('button', { name: 'End session' }).click();
    await expect(ana).toHaveURL(/\/session-ended$/);
    const recap = ana.getByRole('region', { name: 'Your call' });
    await expect(recap).toBeVisible();
    await expect(recap.getByRole('definition').nth(0)).toBeVisible();
    await expect(recap).toContainText('Chat lines1 sent · 1 received');
    await expect(recap).toContainText('Phrases saved2');
    await expect(recap).toContainText(/Length\d+ min \d+ s/);
    // Ben saved nothing: his recap says so.
    await expect(ben).toHaveURL(/\/session-ended$/);
    await expect(ben.getByRole('region', { name: 'Your call' })).toContainText('Phrases saved0');

    // The pocket lists both, under the call with Ben.
    await ana.getByRole('link', { name: 'Open your phrase pocket' }).click();
    await expect(ana).toHaveURL(/\/pocket$/);
    const call = ana.getByRole('region', { name: /^With Ben Walsh · English/ });
    await expect(call.getByText(line)).toBeVisible();
    await expect(call.getByText('weather permitting', { exact: true })).toBeVisible();

    // Anki export: a tab-separated UTF-8 file, one note per line.
    const [download] = await Promise.all([
      ana.waitForEvent('download'),
      ana.getByRole('button', { name: 'Export for Anki' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^parlo-pocket-\d{4}-\d{2}-\d{2}\.txt$/);
    const tsv = await readFile(await download.path(), 'utf8');
    const notes = tsv.split('\n').filter((row) => row && !row.startsWith('#'));
    expect(notes).toEqual([
      'weather permitting\t\tparlo parlo::en typed',
      `${line}\t\tparlo parlo::en chat`,
    ]);
    const [csv] = await Promise.all([
      ana.waitForEvent('download'),
      ana.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(await readFile(await csv.path(), 'utf8')).toContain(`"${line}"`);

    // Edit a note, search, reload: all kept on the device.
    await ana.getByRole('button', { name: 'Edit “weather permitting”' }).click();
    await ana.getByRole('textbox', { name: 'Meaning or note' }).fill('if the weather allows');
    await ana.getByRole('button', { name: 'Save', exact: true }).click();
    // The edit box holds the note too: wait for the saved row, read back from the device.
    const noteBox = ana.getByRole('textbox', { name: 'Meaning or note' });
    await expect(noteBox).toHaveCount(0);
    await expect(ana.getByText('if the weather allows')).toBeVisible();
    await ana.reload();
    await expect(ana.getByText(line)).toBeVisible();
    await expect(ana.getByText('if the weather allows')).toBeVisible();
    await ana.getByRole('searchbox', { name: 'Search your pocket' }).fill('hiking');
    await expect(ana.getByText(line)).toBeVisible();
    await expect(ana.getByText('weather permitting', { exact: true })).toHaveCount(0);
    expect(await databases(ana)).toContain(`parlo-pocket-${anaId}`);

    // The dashboard leads to the pocket too.
    await ana.goto('/dashboard');
    await ana.getByRole('link', { name: /^Phrase pocket/ }).click();
    await expect(ana.getByText(line)).toBeVisible();

    // Deleting the account clears the pocket from this device.
    await ana.goto('/settings/general');
    await ana.getByRole('button', { name: 'Delete account' }).click();
    const dialog = ana.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(ana).toHaveURL(/\/account-deleted$/);
    expect(await databases(ana)).not.toContain(`parlo-pocket-${anaId}`);

    await ana.context().close();
    await ben.context().close();
  });
});
