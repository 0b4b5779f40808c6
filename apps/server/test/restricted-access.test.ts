import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/tables/users.ts';
import { useClockedApp } from './helpers/accounts.ts';
import { drivers } from './helpers/test-app.ts';

const HOUR = 3_600_000;

/** Protected routes a restricted account must not use (spec §6: only the blocked page and General). */
const REFUSED: [method: 'GET' | 'POST', url: string][] = [
  ['GET', '/profiles/me'],
  ['GET', '/languages/user'],
  ['GET', '/sessions'],
  ['GET', '/usages'],
  ['GET', '/bonus-tokens/count'],
  ['GET', '/subscriptions/user/active'],
  ['GET', '/stats'],
  ['GET', '/users/me/warnings'],
  ['GET', '/users/me/calibration'],
  ['POST', '/match/find'],
  ['POST', '/bonus-tokens/ad-views'],
];

describe.each(drivers)('a restricted account (%s)', (driver) => {
  const ctx = useClockedApp(driver);

  /** A protected route as the user, with the body it needs (match find's language). */
  const callRoute = (userId: string, method: 'GET' | 'POST', url: string) =>
    ctx.call(userId, method, url, url === '/match/find' ? { languageCode: 'en' } : undefined);

  async function restrict(userId: string, until: Date | null) {
    await ctx.db
      .update(users)
      .set({
        status: until ? 'temporarily_blocked' : 'blocked',
        blockedAt: ctx.clock.now(),
        blockedUntil: until,
      })
      .where(eq(users.id, userId));
  }

  it('reads only its own account; every other protected route answers 403', async () => {
    const user = await ctx.account();
    await restrict(user.id, null);

    const me = await ctx.call(user.id, 'GET', '/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, status: 'blocked' });

    for (const [method, url] of REFUSED) {
      const res = await callRoute(user.id, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual({
        code: 'account_blocked',
        message: 'Your account is restricted',
      });
    }
  });

  it('is refused everywhere with 401 once deleted, its access token still unexpired', async () => {
    const user = await ctx.account();
    // Deleted behind the token's back (a retention job, a database repair): no revocation.
    await ctx.db.update(users).set({ deletedAt: ctx.clock.now() }).where(eq(users.id, user.id));
    for (const [method, url] of [['GET', '/users/me'] as const, ...REFUSED]) {
      const res = await callRoute(user.id, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('can still delete itself', async () => {
    const user = await ctx.account();
    await restrict(user.id, null);
    const deleted = await ctx.t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: await ctx.headersFor(user.id),
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('gets everything back by itself when a temporary restriction lapses', async () => {
    const user = await ctx.account();
    await restrict(user.id, new Date(ctx.clock.now().getTime() + 2 * HOUR));
    expect((await ctx.call(user.id, 'GET', '/usages')).statusCode).toBe(403);
    ctx.clock.advance(2 * HOUR);
    expect((await ctx.call(user.id, 'GET', '/usages')).statusCode).toBe(200);
  });
});
