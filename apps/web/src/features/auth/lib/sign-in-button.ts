import { PROVIDERS, type Provider } from '@parlo/contract/constants';

/**
 * On each provider's sign-in button: which provider it starts. The prerendered sign-in page's
 * script reads it to start a sign-in pressed before the app runs (app/public-page/sign-in-press).
 */
export const SIGN_IN_PROVIDER_ATTRIBUTE = 'data-sign-in-provider';

/** The provider a sign-in button starts; null for any other element. */
export function signInProviderOf(element: Element): Provider | null {
  const value = element.getAttribute(SIGN_IN_PROVIDER_ATTRIBUTE);
  return PROVIDERS.find((provider) => provider === value) ?? null;
}
