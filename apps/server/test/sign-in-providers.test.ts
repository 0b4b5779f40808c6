import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders } from './helpers/oauth.ts';
import { buildTestApp, drivers, type TestApp } from './helpers/test-app.ts';

const INDEX = `<!doctype html><html><head>
<meta name="parlo-api-key" content="%PARLO_API_KEY%">
<meta name="parlo-sign-in-providers" content="%PARLO_SIGN_IN_PROVIDERS%">
</head><body><div id="root"></div></body></html>`;

const google = { GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret' };

/**
 * The sign-in page offers only the providers that can sign someone in: the server names them in
 * index.html (the web app's side is apps/web/src/config/env.ts and the sign-in page).
 */
describe.each(drivers)('the sign-in providers named to the web app (%s)', (driver) => {
  let webDist: string;
  const apps = {} as Record<'googleOnly' | 'withDev' | 'none', TestApp>;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'parlo-web-'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    const build = (env: Record<string, string>) =>
      buildTestApp(driver, { env: { WEB_DIST: webDist, ...env } });
    apps.googleOnly = await build({ DEV_SIGNIN: 'false', ...google });
    apps.withDev = await build({ ...google });
    apps.none = await build({ DEV_SIGNIN: 'false' });
  });
  afterAll(async () => {
    for (const t of Object.values(apps)) await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const providersMeta = async (t: TestApp) => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    return /<meta name="parlo-sign-in-providers" content="([^"]*)">/.exec(res.body)?.[1];
  };
  const authorizeUrl = (t: TestApp, provider: string) =>
    t.app.inject({
      url: `/api/v1/auth/oauth/${provider}/authorize-url`,
      query: { state: 's'.repeat(16), codeChallenge: 'c'.repeat(43), nonce: 'n'.repeat(16) },
      headers: apiHeaders,
    });

  it('names only the providers with credentials when the development provider is off', async () => {
    const t = apps.googleOnly;
    expect(await providersMeta(t)).toBe('google');
    expect((await authorizeUrl(t, 'google')).statusCode).toBe(200);
    for (const provider of ['kakao', 'line']) {
      const res = await authorizeUrl(t, provider);
      expect(res.statusCode, provider).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: 'invalid provider' });
    }
  });

  it('names all three when the development provider stands in for the others', async () => {
    expect(await providersMeta(apps.withDev)).toBe('google kakao line');
  });

  it('names none when no provider can sign anyone in', async () => {
    expect(await providersMeta(apps.none)).toBe('');
  });
});
