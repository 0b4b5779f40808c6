import { PROVIDERS, type Provider } from '@parlo/contract/constants';
import {
  API_KEY_META,
  parseProviderList,
  SIGN_IN_PROVIDERS_META,
} from '@parlo/contract/web-config';

export type Env = {
  apiKey: string;
  /** The providers that can sign someone in here, as the server named them in index.html. */
  signInProviders: readonly Provider[];
  isDevelopment: boolean;
};

/** A meta tag's content as the server wrote it; null while Vite's dev server left the placeholder. */
function readMeta(meta: { name: string; placeholder: string }): string | null {
  // The build's prerender has no page to read from and calls no API.
  const content = globalThis.document
    ?.querySelector<HTMLMetaElement>(`meta[name="${meta.name}"]`)
    ?.getAttribute('content');
  return content === undefined || content === null || content === meta.placeholder ? null : content;
}

function readApiKey(): string {
  return readMeta(API_KEY_META) || (import.meta.env.VITE_API_KEY ?? 'parlo-dev-key');
}

// Without the server's word (the Vite dev server) every provider is offered: in development the
// server's own development provider stands in for those without credentials.
function readSignInProviders(): readonly Provider[] {
  const content = readMeta(SIGN_IN_PROVIDERS_META);
  return content === null ? PROVIDERS : parseProviderList(content);
}

// Checked by hand, not with zod: this module is on the landing page's first load, and zod would
// weigh more than the rest of the configuration code together.
function parseEnv(): Env {
  const env: Env = {
    apiKey: readApiKey().trim(),
    signInProviders: readSignInProviders(),
    isDevelopment: import.meta.env.DEV,
  };
  const problems: string[] = [];
  if (env.apiKey === '') problems.push('The API key is empty');
  if (problems.length > 0) {
    const list = problems.map((problem) => `- ${problem}`).join('\n');
    throw new Error(`Invalid web app configuration:\n${list}`);
  }
  return env;
}

export const env = parseEnv();
