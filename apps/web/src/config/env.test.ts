import { afterEach, describe, expect, it, vi } from 'vitest';

function setMeta(name: string, content: string | null) {
  document.head.querySelector(`meta[name="${name}"]`)?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}

async function loadEnvWithMeta(content: string | null, providers: string | null = null) {
  setMeta('parlo-api-key', content);
  setMeta('parlo-sign-in-providers', providers);
  vi.resetModules();
  return (await import('@/config/env')).env;
}

afterEach(() => {
  setMeta('parlo-api-key', null);
  setMeta('parlo-sign-in-providers', null);
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

  it('reads the sign-in providers the server named, in the contract order', async () => {
    expect((await loadEnvWithMeta('k', 'line google')).signInProviders).toEqual(['google', 'line']);
    expect((await loadEnvWithMeta('k', 'kakao github')).signInProviders).toEqual(['kakao']);
  });

  it('offers no provider when the server named none', async () => {
    expect((await loadEnvWithMeta('k', '')).signInProviders).toEqual([]);
  });

  it('offers every provider while the placeholder is still there, or without the tag', async () => {
    const all = ['google', 'kakao', 'line'];
    expect((await loadEnvWithMeta('k', '%PARLO_SIGN_IN_PROVIDERS%')).signInProviders).toEqual(all);
    expect((await loadEnvWithMeta('k', null)).signInProviders).toEqual(all);
  });
});
