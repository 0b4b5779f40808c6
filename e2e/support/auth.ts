import { expect, type BrowserContext, type Cookie, type Page } from '@playwright/test';

export const API_KEY = 'parlo-dev-key';

export const PROVIDER_BUTTONS = {
  google: 'Continue with Google',
  kakao: 'Continue with KakaoTalk',
  line: 'Continue with Line',
} as const;

export type ProviderName = keyof typeof PROVIDER_BUTTONS;

/** A person nobody has seen before: a fresh email makes the server create a new account. */
export function newPerson(label = 'e2e') {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
  return {
    email: `${label}-${id}@example.com`,
    name: 'Robin Example',
    localPart: `${label}-${id}`,
  };
}

/**
 * From the sign-in page through the development provider's page and back: clicks the provider's
 * button, fills in the development sign-in form and continues. Resolves once Parlo is back.
 */
export async function signInThroughDevProvider(
  page: Page,
  provider: ProviderName,
  person: { email: string; name: string },
) {
  await page.getByRole('button', { name: PROVIDER_BUTTONS[provider] }).click();
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Name').fill(person.name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/dev-oauth'));
}

/** The HttpOnly refresh cookie the server set for its auth paths. */
export async function refreshCookie(context: BrowserContext): Promise<Cookie> {
  const cookies = await context.cookies();
  const cookie = cookies.find((c) => c.httpOnly && c.path.startsWith('/api/v1/auth'));
  expect(cookie, `a refresh cookie among ${cookies.map((c) => c.name).join(', ')}`).toBeTruthy();
  return cookie as Cookie;
}

export async function expectOnOnboarding(page: Page) {
  await expect(page).toHaveURL(/\/onboarding(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your profile' })).toBeVisible();
}

/** One localStorage entry of the app's origin, read from outside the page. */
export async function storedItem(context: BrowserContext, key: string): Promise<string | null> {
  const { origins } = await context.storageState();
  const entries = origins.flatMap((origin) => origin.localStorage);
  return entries.find((entry) => entry.name === key)?.value ?? null;
}

/** Who the browser is signed in as, asked of the API with the stored access token. */
export async function currentUserId(page: Page): Promise<string> {
  const stored = JSON.parse((await storedItem(page.context(), 'auth-storage')) ?? '{}') as {
    state?: { accessToken?: string };
  };
  const response = await page.request.get('/api/v1/users/me', {
    headers: { 'x-api-key': API_KEY, Authorization: `Bearer ${stored.state?.accessToken}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** The API headers of the signed-in page: the API key and the stored access token. */
export async function apiHeaders(page: Page) {
  const stored = JSON.parse((await storedItem(page.context(), 'auth-storage')) ?? '{}') as {
    state?: { accessToken?: string };
  };
  return { 'x-api-key': API_KEY, Authorization: `Bearer ${stored.state?.accessToken}` };
}

/** A new account that has finished onboarding (profile and English B1), set up through the API. */
/**
 * A new member with a profile and English at `level`. Two-person tests that run at the same time
 * as others use a level of their own, so the matcher cannot pair them with another test's people.
 */
export async function signInOnboarded(
  page: Page,
  person = newPerson('e2e'),
  { level = 'B1' }: { level?: 'A1' | 'A2' | 'B1' | 'B2' | 'C1' | 'C2' } = {},
) {
  await page.goto('/auth/signin');
  await signInThroughDevProvider(page, 'google', person);
  await expect(page).toHaveURL(/\/onboarding/);
  const headers = await apiHeaders(page);
  const profile = await page.request.post('/api/v1/profiles/me', {
    headers,
    data: {
      name: person.name,
      gender: 'female',
      country: 'GB',
      dateOfBirth: '1995-04-02T00:00:00.000Z',
    },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const language = await page.request.post('/api/v1/languages/user', {
    headers,
    data: { languageCode: 'en', proficiencyLevel: level },
  });
  expect(language.ok(), await language.text()).toBe(true);
  return { person, headers };
}
