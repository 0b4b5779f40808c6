// Fresh, onboarded learners in a browser context of their own, on /search: the set-up the call
// benches share. Sign-in goes through the development provider's pages (as e2e/support/auth.ts
// signInOnboarded does); the profile and English B1 are posted through the API.
/* global document */
import { API_KEY } from '../lib.mjs';

/** Chromium as the e2e suite runs it: fake camera and microphone, granted at once. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

/**
 * A fresh learner on /search with `initScript` in every page; sign-in is set-up, not measured,
 * so it gets one retry.
 */
export async function learner(browser, { baseURL, label, name, initScript, timeoutMs }) {
  try {
    return await signedInLearner(browser, { baseURL, label, name, initScript, timeoutMs });
  } catch (error) {
    console.error(`retrying sign-in of ${label}: ${error.message}`);
    const retry = { baseURL, label: `${label}r`, name, initScript, timeoutMs };
    return signedInLearner(browser, retry);
  }
}

async function signedInLearner(browser, { baseURL, label, name, initScript, timeoutMs }) {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    permissions: ['camera', 'microphone'],
  });
  if (initScript) await context.addInitScript(initScript);
  try {
    return await signIn(context, { label, name, timeoutMs });
  } catch (error) {
    await context.close();
    throw error;
  }
}

async function signIn(context, { label, name, timeoutMs }) {
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  const id = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await page.goto('/auth/signin');
  await page
    .getByRole('button', { name: 'Continue with Google' })
    .click()
    .catch(async (error) => {
      const text = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '');
      throw new Error(`sign-in page at ${page.url()} shows: ${text.slice(0, 300)}`, {
        cause: error,
      });
    });
  await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
  await page.getByLabel('Email').fill(`${id}@example.com`);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/onboarding/);
  const stored = await page.evaluate(() => localStorage.getItem('auth-storage'));
  const token = JSON.parse(stored ?? '{}').state?.accessToken;
  const headers = { 'x-api-key': API_KEY, Authorization: `Bearer ${token}` };
  const posts = [
    [
      '/api/v1/profiles/me',
      { name, gender: 'female', country: 'GB', dateOfBirth: '1995-04-02T00:00:00.000Z' },
    ],
    ['/api/v1/languages/user', { languageCode: 'en', proficiencyLevel: 'B1' }],
  ];
  for (const [url, data] of posts) {
    const res = await page.request.post(url, { headers, data });
    if (!res.ok()) throw new Error(`${url} -> ${res.status()} ${await res.text()}`);
  }
  await page.goto('/search');
  return { context, page };
}
