/** What the server writes into index.html; Vite dev leaves it untouched. */
const API_KEY_PLACEHOLDER = '%PARLO_API_KEY%';

export type Env = {
  apiKey: string;
  isDevelopment: boolean;
};

function readApiKey(): string {
  // The build's prerender has no page to read from and calls no API.
  const content = globalThis.document
    ?.querySelector<HTMLMetaElement>('meta[name="parlo-api-key"]')
    ?.getAttribute('content');
  if (content && content !== API_KEY_PLACEHOLDER) return content;
  return import.meta.env.VITE_API_KEY ?? 'parlo-dev-key';
}

// Checked by hand, not with zod: this module is on the landing page's first load, and zod would
// weigh more than the rest of the configuration code together.
function parseEnv(): Env {
  const env: Env = { apiKey: readApiKey().trim(), isDevelopment: import.meta.env.DEV };
  const problems: string[] = [];
  if (env.apiKey === '') problems.push('The API key is empty');
  if (problems.length > 0) {
    const list = problems.map((problem) => `- ${problem}`).join('\n');
    throw new Error(`Invalid web app configuration:\n${list}`);
  }
  return env;
}

export const env = parseEnv();
