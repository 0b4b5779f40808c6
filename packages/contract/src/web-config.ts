import { PROVIDERS, type Provider } from './constants.ts';

/**
 * What the server writes into the web app's index.html as meta tags, so the app knows it at
 * start without a request: each tag's content is a placeholder in the built file, replaced
 * when the server loads it (Vite's dev server leaves it as it is).
 */
export const API_KEY_META = { name: 'parlo-api-key', placeholder: '%PARLO_API_KEY%' } as const;

/** Where the built pages name their own origin (canonical, hreflang, social cards, sitemap). */
export const PUBLIC_URL_PLACEHOLDER = '%PARLO_PUBLIC_URL%';

/** The providers that can sign people in here: the sign-in page shows only their buttons. */
export const SIGN_IN_PROVIDERS_META = {
  name: 'parlo-sign-in-providers',
  placeholder: '%PARLO_SIGN_IN_PROVIDERS%',
} as const;

/** The meta tag's content: names separated by spaces, possibly none. */
export const formatProviderList = (providers: readonly Provider[]) => providers.join(' ');

/** The providers a meta tag names, in the contract's order; unknown names are dropped. */
export function parseProviderList(content: string): Provider[] {
  const names = content.split(/[\s,]+/);
  return PROVIDERS.filter((provider) => names.includes(provider));
}
