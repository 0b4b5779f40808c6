import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createAccessTokens } from '../../src/modules/auth/access-tokens.ts';
import { createAuthRepo } from '../../src/modules/auth/auth-repo.ts';
import type { Env } from '../../src/config/env.ts';
import { apiHeaders } from './oauth.ts';
import { buildTestApp, manualClock, type Driver, type TestApp } from './test-app.ts';

/**
 * A test app on a hand-moved clock (from 2025-06-20T12:00Z) whose accounts are created the way
 * sign-in creates them (auth repo) and whose access tokens are minted at the clock's time, so a
 * test can jump days ahead without a provider token going stale.
 */
export function useClockedApp(driver: Driver, env?: Env) {
  const clock = manualClock();
  const state = { t: undefined as unknown as TestApp };
  beforeAll(async () => {
    state.t = await buildTestApp(driver, { clock, ...(env ? { env } : {}) });
  });
  afterAll(() => state.t.close());

  async function account(referralCode: string | null = null) {
    const subject = randomBytes(6).toString('hex');
    const created = await createAuthRepo(state.t.database.db).createAccount({
      provider: 'google',
      providerSubject: subject,
      username: `${subject}@example.com`,
      email: `${subject}@example.com`,
      emailVerified: true,
      referralId: subject.toUpperCase(),
      referralCode,
      now: clock.now(),
    });
    if (!created) throw new Error('referral id clash');
    return {
      id: created.id,
      username: `${subject}@example.com`,
      referralId: subject.toUpperCase(),
    };
  }

  /** X-API-Key and a Bearer token valid at the clock's current time. */
  async function headersFor(userId: string) {
    const tokens = createAccessTokens({
      secret: state.t.config.JWT_SECRET,
      issuer: state.t.config.PUBLIC_URL,
      now: () => clock.now().getTime(),
    });
    const { accessToken } = await tokens.issue(userId, randomUUID());
    return { ...apiHeaders, authorization: `Bearer ${accessToken}` };
  }

  async function call(userId: string, method: 'GET' | 'POST', url: string, payload?: object) {
    return state.t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await headersFor(userId),
      ...(payload ? { payload } : {}),
    });
  }

  return {
    clock,
    get t() {
      return state.t;
    },
    get db() {
      return state.t.database.db;
    },
    account,
    headersFor,
    call,
  };
}
