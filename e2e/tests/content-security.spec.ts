import { expect, test, type Page } from '@playwright/test';
import { newPerson, signInOnboarded } from '../support/auth.ts';

// Parlo's pages run under a strict Content Security Policy (script-src 'self', no eval). Nothing
// they do may be refused by it: a refusal is either a broken feature or noise in every user's
// console (and Lighthouse counts it against best practices).

/** Every CSP violation the page reports, from its first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(`
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI + ' ' + event.sourceFile);
    });
  `);
  return () => page.evaluate<string[]>('window.__cspViolations');
}

test('the public pages, sign-in, onboarding and the dashboard break no CSP rule', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
  await signInOnboarded(page, newPerson('csp'));
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Start a conversation' })).toBeVisible();
  await expect(page.getByText('3 tokens left today')).toBeVisible();
  // The members' parts (the socket, warnings) load after the page shows.
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});
