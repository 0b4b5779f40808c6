import * as z from 'zod/mini';

/** What the server writes into index.html; Vite dev leaves it untouched. */
const API_KEY_PLACEHOLDER = '%PARLO_API_KEY%';

const envSchema = z.object({
  apiKey: z.string().check(z.trim(), z.minLength(1, 'The API key is empty')),
  isDevelopment: z.boolean(),
});

export type Env = z.infer<typeof envSchema>;

function readApiKey(): string {
  const content = document
    .querySelector<HTMLMetaElement>('meta[name="parlo-api-key"]')
    ?.getAttribute('content');
  if (content && content !== API_KEY_PLACEHOLDER) return content;
  return import.meta.env.VITE_API_KEY ?? 'parlo-dev-key';
}

function parseEnv(): Env {
  const result = envSchema.safeParse({ apiKey: readApiKey(), isDevelopment: import.meta.env.DEV });
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `- ${issue.message}`).join('\n');
    throw new Error(`Invalid web app configuration:\n${problems}`);
  }
  return result.data;
}

export const env = parseEnv();
