import { LANGUAGE_CODES } from '@parlo/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, drivers, TEST_API_KEY, type TestApp } from './helpers/test-app.ts';

describe.each(drivers)('health, API key and languages (%s)', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t.close());

  it('reports a healthy service and database without an API key', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('refuses /api without an API key with 401 invalid_api_key', async () => {
    const res = await t.app.inject({ url: '/api/v1/languages' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'invalid_api_key', message: 'Missing or invalid API key' });
  });

  it('refuses /api with a wrong API key, including one that only differs in length', async () => {
    for (const key of ['wrong-key', `${TEST_API_KEY}x`, TEST_API_KEY.slice(0, -1), '']) {
      const res = await t.app.inject({ url: '/api/v1/languages', headers: { 'x-api-key': key } });
      expect(res.statusCode, `key "${key}"`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalid_api_key' });
    }
  });

  it('checks the key on the route the router matched, not the raw URL', async () => {
    const res = await t.app.inject({ url: '/%61pi/v1/languages' });
    expect(res.statusCode).toBe(401);
  });

  it('lists the 12 catalogue languages in order, only English available', async () => {
    const res = await t.app.inject({
      url: '/api/v1/languages',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(res.statusCode).toBe(200);
    const languages = res.json<{ code: string; nativeName: string; available: boolean }[]>();
    expect(languages.map((language) => language.code)).toEqual([...LANGUAGE_CODES]);
    expect(languages.filter((language) => language.available).map((l) => l.code)).toEqual(['en']);
    expect(Object.fromEntries(languages.map((l) => [l.code, l.nativeName]))).toEqual({
      en: 'English',
      fr: 'Français',
      es: 'Español',
      de: 'Deutsch',
      it: 'Italiano',
      pt: 'Português',
      zh: '中文',
      ja: '日本語',
      ko: '한국어',
      ar: 'العربية',
      hi: 'हिन्दी',
      uk: 'Українська',
    });
  });

  it('answers CORS preflights for allowed origins only, without an API key', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/languages',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-api-key',
        },
      });
    const allowed = await preflight('http://localhost:5173');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');

    expect(allowed.headers['access-control-allow-methods']).toContain('DELETE');
    expect(allowed.headers['access-control-allow-headers']).toContain('X-API-Key');
    expect(allowed.headers['access-control-max-age']).toBe('600');

    const foreign = await preflight('https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers['access-control-allow-credentials']).toBeUndefined();

    // Without the method it asks for, an OPTIONS request is no preflight.
    const bare = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/languages',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(bare.statusCode).toBe(400);
  });

  it('gives CORS headers to an allowed origin only, and varies every answer by Origin', async () => {
    const get = (headers: Record<string, string>) =>
      t.app.inject({
        url: '/api/v1/languages',
        headers: { 'x-api-key': TEST_API_KEY, ...headers },
      });
    const allowed = await get({ origin: 'http://localhost:5173' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.headers['access-control-expose-headers']).toContain('X-Request-Id');
    expect(allowed.headers.vary).toContain('Origin');

    const others: Record<string, string>[] = [{ origin: 'https://evil.example' }, {}];
    for (const headers of others) {
      const res = await get(headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toContain('Origin');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['access-control-expose-headers']).toBeUndefined();
    }
  });

  it('sends pages a CSP that allows only its own origin and socket', async () => {
    const res = await t.app.inject({ url: '/docs/' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).toContain("connect-src 'self' ws://localhost:3000");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['permissions-policy']).toContain('camera=(self)');
  });

  it('sends API answers the headers JSON needs, with a CSP that allows nothing', async () => {
    const res = await t.app.inject({
      url: '/api/v1/languages',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Page-only headers stay off JSON.
    expect(res.headers['permissions-policy']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    // An API error is JSON too, and so is the health check.
    for (const url of ['/api/v1/nothing-here', '/health']) {
      const other = await t.app.inject({ url });
      expect(other.headers['content-type']).toMatch(/^application\/json/);
      expect(other.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  it('publishes the OpenAPI document and the Swagger UI under /docs', async () => {
    const doc = await t.app.inject({ url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/health', '/api/v1/languages']),
    );
    const page = await t.app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers 503 in the envelope once the database is gone', async () => {
    await t.database.close();
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 503,
      message: 'The database is unavailable',
      status: 'unavailable',
      database: 'down',
    });
  });
});
