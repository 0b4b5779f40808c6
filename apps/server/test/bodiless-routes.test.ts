import { describe, expect, it } from 'vitest';
import { apiRoutes, sampleParams, urlOf, type ApiRoute } from './helpers/api-routes.ts';
import { setRole } from './helpers/moderation.ts';
import { drivers, manualClock } from './helpers/test-app.ts';
import { useSignInApp, VALID_PROFILE, type SignedInUser } from './helpers/users.ts';

/**
 * Spec interop (issue 17): the spec's client sends `Content-Type: application/json` on every call,
 * bodiless ones included. Each route is read from the app's OpenAPI document, so a bodiless route
 * added later is covered without being listed here.
 */
// Two sign-ins per route: generous, for a busy machine.
describe.each(drivers)('an empty JSON body (%s)', { timeout: 180_000 }, (driver) => {
  const clock = manualClock();
  const ctx = useSignInApp(driver, { clock, prefix: 'bodiless' });

  /** A signed-in moderator with a profile and English, so every route can do its real work. */
  async function member() {
    const user = await ctx.signIn();
    const headers = { ...user.headers, 'content-type': 'application/json' };
    await ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/profiles/me',
      headers,
      payload: VALID_PROFILE,
    });
    await ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/languages/user',
      headers,
      payload: { languageCode: 'en', proficiencyLevel: 'B1' },
    });
    await setRole(ctx.t.database.db, user.id, 'moderator');
    return user;
  }

  const send = (route: ApiRoute, url: string, user: SignedInUser, json: boolean) =>
    ctx.t.app.inject({
      method: route.method,
      url,
      headers: {
        ...user.headers,
        cookie: user.refreshCookie,
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      ...(json ? { payload: '' } : {}),
    });

  it('is answered as no body on every route that takes none', async () => {
    const bodiless = apiRoutes(ctx.t.app).filter((route) => !route.body);
    const named = bodiless.map((route) => `${route.method} ${route.path}`);
    for (const route of [
      'POST /api/v1/auth/refresh',
      'POST /api/v1/auth/signout',
      'POST /api/v1/match/cancel',
      'POST /api/v1/match/offers/{id}/accept',
      'POST /api/v1/match/offers/{id}/decline',
      'DELETE /api/v1/match/offers/{id}/cancel',
      'DELETE /api/v1/languages/user/{languageCode}',
      'DELETE /api/v1/users/me',
      'POST /api/v1/bonus-tokens/ad-views',
    ]) {
      expect(named).toContain(route);
    }

    for (const route of bodiless) {
      // Two members alike, one per way of sending, so neither call sees the other's effects.
      const [plain, withJson] = [await member(), await member()];
      // Past the refresh gap of a fresh sign-in, so refresh does its real work.
      clock.advance(2_000);
      const url = urlOf(route, sampleParams());
      const withoutBody = await send(route, url, plain, false);
      const emptyJson = await send(route, url, withJson, true);
      const label = `${route.method} ${route.path}`;
      expect(withoutBody.statusCode, label).toBeLessThan(500);
      expect(emptyJson.statusCode, label).toBe(withoutBody.statusCode);
      if (withoutBody.statusCode >= 400) {
        expect(emptyJson.json(), label).toEqual(withoutBody.json());
      }
    }
  });

  it('is still refused with 400 on every route that takes a body', async () => {
    const user = await member();
    const withBody = apiRoutes(ctx.t.app).filter((route) => route.body);
    expect(withBody.length).toBeGreaterThanOrEqual(10);
    for (const route of withBody) {
      const res = await send(route, urlOf(route, sampleParams()), user, true);
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: 'Request body must not be empty' });
    }
  });
});
