import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { apiHeaders, newPerson, signInOnboarded } from '../support/auth.ts';

/**
 * The frame guard (issue 18) with real browsers: the model loads in the worker from Parlo's own
 * origin, classifies real decoded frames of Chromium's fake camera, and stays neutral; reveal
 * together unblurs once both tap Reveal; a black camera shows the partner a neutral note.
 */

const MATCH_TIMEOUT_MS = 20_000;
/** Model and wasm load on a shared machine, then a few verdicts at one a second. */
const VERDICT_TIMEOUT_MS = 45_000;

/** A black Y4M clip for Chromium's fake camera: 160×120, 10 frames of Y=16 (black), U=V=128. */
function blackY4m() {
  const file = path.join(tmpdir(), `parlo-black-${process.pid}.y4m`);
  const [w, h] = [160, 120];
  const frame = Buffer.concat([
    Buffer.from('FRAME\n'),
    Buffer.alloc(w * h, 16),
    Buffer.alloc((w / 2) * (h / 2) * 2, 128),
  ]);
  const header = Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
  return file;
}

/** `level` keeps each test's pair to itself while other tests search at the same time. */
async function learner(browser: Browser, name: string, level: 'A2' | 'C1') {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  const { headers } = await signInOnboarded(page, { ...newPerson('guard'), name }, { level });
  return { page, headers };
}

async function meet(a: Page, b: Page) {
  for (const page of [a, b]) {
    await page.goto('/search');
    const find = page.getByRole('button', { name: 'Find Session • 7 min' });
    await expect(find).toBeEnabled();
    await find.click();
  }
  await expect(a).toHaveURL(/\/practice$/, { timeout: MATCH_TIMEOUT_MS });
  await expect(b).toHaveURL(/\/practice$/, { timeout: MATCH_TIMEOUT_MS });
  for (const page of [a, b]) {
    const camera = page.getByRole('button', { name: 'Camera', exact: true });
    await camera.click();
    await expect(camera).toHaveAttribute('aria-pressed', 'true');
  }
}

const guardStatus = (page: Page) => page.getByTestId('frame-guard-status');
const verdicts = async (page: Page) =>
  Number((await guardStatus(page).getAttribute('data-verdicts')) ?? 0);

test.describe('frame guard', () => {
  test.describe.configure({ timeout: 150_000 });

  test('classifies real frames on the device, stays neutral, and reveals together', async ({
    browser,
  }) => {
    const ana = await learner(browser, 'Ana Lima', 'A2');
    const ben = await learner(browser, 'Ben Carter', 'A2');
    // Ana's account asks for reveal together; it turns on for Ben's side too.
    const setting = await ana.page.request.put('/api/v1/users/me/safety-settings', {
      headers: await apiHeaders(ana.page),
      data: { revealTogether: true },
    });
    expect(setting.ok()).toBe(true);
    const flags: string[] = [];
    for (const { page } of [ana, ben]) {
      page.on('request', (req) => {
        if (req.url().includes('/api/v1/frame-flags')) flags.push(req.url());
      });
    }
    const modelRequests: string[] = [];
    ana.page.on('request', (req) => {
      if (/nsfw-mobilenet-v2|\.wasm$/.test(req.url())) modelRequests.push(req.url());
    });

    await meet(ana.page, ben.page);
    for (const { page } of [ana, ben]) {
      await expect(page.getByTestId('partner-blur')).toBeVisible();
      await expect(guardStatus(page)).toHaveAttribute('data-model', 'ready', {
        timeout: VERDICT_TIMEOUT_MS,
      });
      await expect.poll(() => verdicts(page), { timeout: VERDICT_TIMEOUT_MS }).toBeGreaterThan(4);
    }
    // The model came from Parlo's own origin.
    expect(modelRequests.length).toBeGreaterThan(0);
    for (const url of modelRequests)
      expect(new URL(url).origin).toBe(new URL(ana.page.url()).origin);

    // Both tap Reveal (by keyboard on Ben's side): the blur goes, and nothing was flagged.
    await ana.page.getByRole('button', { name: 'Reveal' }).click();
    await expect(ana.page.getByText('Waiting for Ben Carter to tap Reveal.')).toBeVisible();
    await expect(ana.page.getByTestId('partner-blur')).toBeVisible();
    await ben.page.getByRole('button', { name: 'Reveal' }).focus();
    await ben.page.keyboard.press('Enter');
    await expect(ana.page.getByTestId('partner-blur')).toBeHidden();
    await expect(ben.page.getByTestId('partner-blur')).toBeHidden();
    const seen = await verdicts(ana.page);
    await expect.poll(() => verdicts(ana.page), { timeout: 15_000 }).toBeGreaterThan(seen + 2);
    await expect(ana.page.getByTestId('partner-blur')).toBeHidden();
    await expect(ben.page.getByTestId('partner-blur')).toBeHidden();
    await expect(ana.page.getByTestId('own-camera-paused')).toBeHidden();
    expect(flags).toEqual([]);

    await ana.page.context().close();
    await ben.page.context().close();
  });

  test('a black camera shows the partner a neutral covered-camera note', async ({ browser }) => {
    const launchOptions = test.info().project.use.launchOptions ?? {};
    const blackBrowser = await chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), `--use-file-for-fake-video-capture=${blackY4m()}`],
    });
    try {
      const ana = await learner(browser, 'Ana Lima', 'C1');
      const ben = await learner(blackBrowser, 'Ben Carter', 'C1');
      await meet(ana.page, ben.page);
      await expect(ana.page.getByTestId('partner-camera-note')).toHaveText(
        "Ben Carter's camera looks covered",
        { timeout: VERDICT_TIMEOUT_MS },
      );
      await expect(ben.page.getByTestId('partner-camera-note')).toBeHidden();
      await expect(ana.page.getByTestId('partner-blur')).toBeHidden();
      await ana.page.context().close();
    } finally {
      await blackBrowser.close();
    }
  });
});
