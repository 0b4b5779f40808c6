import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newPerson, signInOnboarded } from '../support/auth.ts';

/** How long a pair of finds may take to open /practice on a loaded machine. */
const MATCH_TIMEOUT_MS = 20_000;

/**
 * The fake microphone's sound: Chromium's default fake input is a 20 ms beep twice a second, too
 * short to count as speech, so both browsers capture this file instead — a voice-like buzz
 * (140 Hz with harmonics) in syllables, four a second, for two seconds, then a second of quiet.
 */
function speechLikeWav() {
  const rate = 48_000;
  const seconds = 3;
  const samples = new Int16Array(rate * seconds);
  for (let i = 0; i < samples.length; i += 1) {
    const t = i / rate;
    const voiced = t < 2 ? Math.max(0, Math.sin(2 * Math.PI * 4 * t)) : 0;
    let wave = 0;
    for (let h = 1; h <= 6; h += 1) wave += Math.sin(2 * Math.PI * 140 * h * t) / h;
    samples[i] = Math.round(voiced * wave * 0.25 * 32_767);
  }
  const data = Buffer.from(samples.buffer);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  const file = path.join(tmpdir(), `parlo-e2e-speech-${process.pid}.wav`);
  writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${speechLikeWav()}`,
      '--allow-loopback-in-peer-connection',
    ],
  },
});

/** A learner in a context of their own; `korean` switches the interface to Korean first. */
async function learner(browser: Browser, name: string, korean = false) {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  // B2: a level of its own, so no other test searching at the same time is matched with them.
  await signInOnboarded(page, { ...newPerson('learn'), name }, { level: 'B2' });
  // The interface language the app keeps in localStorage (a string: this workspace has no DOM types).
  if (korean) await page.evaluate("localStorage.setItem('i18nextLng', 'ko')");
  return page;
}

async function findSession(page: Page, label: string) {
  await page.goto('/search');
  const find = page.getByRole('button', { name: label });
  await expect(find).toBeEnabled();
  await find.click();
}

const cardId = (page: Page) => page.getByTestId('task-card').getAttribute('data-card-id');

test.describe('learning in the call', () => {
  test.describe.configure({ timeout: 150_000 });

  test('task cards move in step, repair signals arrive in the partner’s language, corrections show their diff on both sides, and talk time is measured', async ({
    browser,
  }, testInfo) => {
    const ana = await learner(browser, 'Ana Lima');
    const minji = await learner(browser, 'Kim Minji', true);

    await findSession(ana, 'Find Session • 7 min');
    await expect(ana.getByRole('heading', { name: 'Looking for a partner…' })).toBeVisible();
    await findSession(minji, '세션 찾기 • 7분');
    await expect(ana).toHaveURL(/\/practice$/, { timeout: MATCH_TIMEOUT_MS });
    await expect(minji).toHaveURL(/\/practice$/, { timeout: MATCH_TIMEOUT_MS });

    // The first card is on screen from the start (planning while the call connects).
    await expect(ana.getByTestId('task-card')).toBeVisible();
    await expect(minji.getByTestId('task-card')).toBeVisible();
    await expect(ana.getByText('Your partner is ready')).toBeVisible({ timeout: 30_000 });

    // Same card on both sides once the deal crossed; next and previous move both.
    const first = await cardId(ana);
    expect(first).toMatch(/^B2-\d{2}$/);
    await expect.poll(() => cardId(minji)).toBe(first);
    await ana.getByRole('button', { name: 'Next card' }).click();
    await expect.poll(() => cardId(ana)).not.toBe(first);
    const second = await cardId(ana);
    await expect.poll(() => cardId(minji)).toBe(second);
    await expect(minji.getByText('카드 2/12')).toBeVisible();
    await minji.getByRole('button', { name: '이전 카드' }).click();
    await expect.poll(() => cardId(ana)).toBe(first);
    await expect(ana.getByText('Card 1 of 12')).toBeVisible();

    // A repair signal from Ana reaches Minji in Korean, as a polite live notice.
    await ana.getByRole('button', { name: 'Slower, please' }).click();
    await expect(minji.getByTestId('repair-notice')).toContainText(
      '파트너의 요청: 천천히 말해 주세요',
    );
    // The rate limit rests the buttons for a moment after a tap.
    await expect(ana.getByRole('button', { name: 'Could you repeat?' })).toBeDisabled();

    // Minji writes; Ana proposes a correction; both see the word-level diff; Minji thanks her.
    await ana.getByRole('button', { name: /^Chat/ }).click();
    await minji.getByRole('button', { name: '채팅', exact: true }).click();
    await minji.getByRole('textbox', { name: '메시지' }).fill('Yesterday I goed to the park');
    await minji.getByRole('textbox', { name: '메시지' }).press('Enter');
    await ana
      .getByRole('button', { name: 'Suggest a correction to: Yesterday I goed to the park' })
      .click();
    await ana
      .getByRole('textbox', { name: 'Corrected version' })
      .fill('Yesterday I went to the park');
    await ana.getByRole('textbox', { name: 'Note (optional)' }).fill('go → went (past)');
    await ana.getByRole('button', { name: 'Send correction' }).click();
    for (const page of [ana, minji]) {
      const diff = page.getByTestId('correction-diff');
      await expect(diff.locator('del')).toContainText('goed');
      await expect(diff.locator('ins')).toContainText('went');
    }
    await expect(minji.getByTestId('correction-card')).toContainText('go → went (past)');
    await minji.getByRole('button', { name: '고마워요' }).click();
    await expect(ana.getByText('Your partner said thanks')).toBeVisible();

    // The fake microphones play the speech-like file: with Minji muted, Ana's bar fills with her
    // own share and Minji's with her partner's.
    await minji.getByRole('button', { name: /^마이크/ }).click();
    await expect
      .poll(async () => Number(await ana.getByTestId('talk-balance').getAttribute('data-me')), {
        timeout: 20_000,
      })
      .toBeGreaterThan(50);
    await expect
      .poll(
        async () => Number(await minji.getByTestId('talk-balance').getAttribute('data-partner')),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(50);

    // On a 390 px phone the call, the card, the signals and the chat with its correction fit
    // the width (nothing scrolls sideways); the screenshot is kept with the test's output.
    await minji.setViewportSize({ width: 390, height: 844 });
    await expect(minji.getByTestId('correction-card')).toBeVisible();
    expect(await minji.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await minji.screenshot({ path: testInfo.outputPath('call-390-ko.png'), fullPage: true });

    await ana.context().close();
    await minji.context().close();
  });
});
