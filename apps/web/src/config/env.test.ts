import { afterEach, describe, expect, it, vi } from 'vitest';

async function loadEnvWithMeta(content: string | null) {
  document.head.querySelector('meta[name="parlo-api-key"]')?.remove();
  if (content !== null) {
    const meta = document.createElement('meta');
    meta.name = 'parlo-api-key';
    meta.content = content;
    document.head.append(meta);
  }
  vi.resetModules();
  return (await import('@/config/env')).env;
}

afterEach(() => {
  document.head.querySelector('meta[name="parlo-api-key"]')?.remove();
});

describe('env', () => {
  it('reads the API key the server wrote into index.html', async () => {
    expect((await loadEnvWithMeta('key-from-server')).apiKey).toBe('key-from-server');
  });

  it('falls back to the development key while the placeholder is still there', async () => {
    expect((await loadEnvWithMeta('%PARLO_API_KEY%')).apiKey).toBe('parlo-dev-key');
  });

  it('falls back to the development key without the meta tag', async () => {
    expect((await loadEnvWithMeta(null)).apiKey).toBe('parlo-dev-key');
  });

  it('trims the API key', async () => {
    expect((await loadEnvWithMeta('  key-from-server \n')).apiKey).toBe('key-from-server');
  });

  it('fails fast, listing the problem, when the API key is blank', async () => {
    await expect(loadEnvWithMeta('   ')).rejects.toThrow(
      'Invalid web app configuration:\n- The API key is empty',
    );
  });

  it('tells whether it runs in development', async () => {
    expect((await loadEnvWithMeta(null)).isDevelopment).toBe(import.meta.env.DEV);
  });
});
