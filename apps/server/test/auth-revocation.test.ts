import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type App } from '../src/app.ts';
import type { Broker } from '../src/broker/broker.ts';
import { createMemoryBroker } from '../src/broker/memory-broker.ts';
import { createRedisBroker } from '../src/broker/redis-broker.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { users } from '../src/db/tables/users.ts';
import { ROTATION_LEEWAY_MS } from '../src/modules/auth/auth-service.ts';
import { TestSocket } from './helpers/live-app.ts';
import {
  apiHeaders,
  authorizeInBrowser,
  exchange,
  manualClock,
  providerEnv,
  refreshCookieOf,
  startMockProvider,
} from './helpers/oauth.ts';
import { deleteRedisKeys, redisTestUrl } from './helpers/redis.ts';
import { createTestDatabase, drivers, testConfig, type TestApp } from './helpers/test-app.ts';

type BrokerKind = 'memory' | 'redis';
const cases: [(typeof drivers)[number], BrokerKind][] = drivers.flatMap((driver) =>
  (redisTestUrl ? ['memory', 'redis'] : ['memory']).map(
    (kind) => [driver, kind] as [(typeof drivers)[number], BrokerKind],
  ),
);

/**
 * Two instances sharing one database and one broker, as behind a load balancer: what one of
 * them ends must stop working on the other at once.
 */
describe.each(cases)('access tokens of an ended sign-in (%s, %s broker)', (driver, kind) => {
  const clock = manualClock();
  const keyPrefix = `parlo-test:${randomBytes(6).toString('hex')}:`;
  let mock: Awaited<ReturnType<typeof startMockProvider>>;
  let database: DatabaseHandle;
  const brokers: Broker[] = [];
  const instances: { t: TestApp; wsUrl: string }[] = [];
  const sockets: TestSocket[] = [];
  let n = 0;

  beforeAll(async () => {
    mock = await startMockProvider();
    mock.server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      token.payload.sub = `${driver}-${kind}-revoke-${n}`;
      token.payload.email = `revoke${n}@example.com`;
    });
    database = await createTestDatabase(driver);
    await seedDatabase(database.db);
    const config = testConfig({
      ...providerEnv(mock.issuer),
      PUBLIC_URL: 'http://localhost:3000',
      SIGNIN_RATE_LIMIT_MAX: '1000',
    });
    const memory = createMemoryBroker(clock);
    for (let i = 0; i < 2; i++) {
      const broker =
        kind === 'redis' ? createRedisBroker({ url: redisTestUrl!, keyPrefix }) : memory;
      if (kind === 'redis' || i === 0) brokers.push(broker);
      const app: App = await buildApp({ config, db: database.db, clock, broker });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const t = { app, config, database, close: () => app.close() };
      instances.push({ t, wsUrl: `ws://127.0.0.1:${port}/ws` });
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    for (const { t } of instances) await t.close();
    for (const broker of brokers) await broker.close();
    await database.close();
    await mock.stop();
    if (kind === 'redis') {
      const redis = new Redis(redisTestUrl!);
      await deleteRedisKeys(redis, keyPrefix).finally(() => redis.disconnect());
    }
  });

  const on = (i: 1 | 2) => instances[i - 1]!;

  async function signIn() {
    n += 1;
    const res = await exchange(on(1).t, await authorizeInBrowser(on(1).t, 'google'));
    expect(res.statusCode).toBe(200);
    return { accessToken: res.json<{ accessToken: string }>().accessToken, res };
  }

  const request = (i: 1 | 2, method: 'GET' | 'POST', url: string, accessToken: string) =>
    on(i).t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...apiHeaders, authorization: `Bearer ${accessToken}` },
      ...(method === 'POST' ? { payload: { languageCode: 'en' } } : {}),
    });
  const me = (i: 1 | 2, accessToken: string) => request(i, 'GET', '/users/me', accessToken);

  function socket(i: 1 | 2, accessToken: string) {
    const opened = new TestSocket(
      new WebSocket(on(i).wsUrl, ['bearer', accessToken], {
        headers: { origin: 'http://localhost:3000' },
      }),
    );
    sockets.push(opened);
    return opened;
  }

  it('refuses the access token everywhere once its sign-in has signed out', async () => {
    const { accessToken, res } = await signIn();
    expect((await me(2, accessToken)).statusCode).toBe(200);

    const out = await on(1).t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signout',
      headers: { ...apiHeaders, authorization: `Bearer ${accessToken}` },
      cookies: { parlo_refresh: refreshCookieOf(res)! },
    });
    expect(out.statusCode).toBe(204);

    for (const i of [1, 2] as const) {
      expect((await me(i, accessToken)).statusCode).toBe(401);
      expect((await me(i, accessToken)).json()).toEqual({
        code: 401,
        message: 'Authentication required',
      });
      // The hot route that checks only the token (its handler reads the account itself).
      expect((await request(i, 'POST', '/match/find', accessToken)).statusCode).toBe(401);
      expect((await socket(i, accessToken).closed).code).toBe(4001);
    }
  });

  it('ends the sign-in of the access token a sign-out carries, even without the cookie', async () => {
    const { accessToken, res } = await signIn();
    const out = await on(2).t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signout',
      headers: { ...apiHeaders, authorization: `Bearer ${accessToken}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(1, accessToken)).statusCode).toBe(401);
    clock.advance(1100);
    const refreshed = await on(1).t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: apiHeaders,
      cookies: { parlo_refresh: refreshCookieOf(res)! },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('leaves the other sign-ins of the same person working', async () => {
    const phone = await signIn();
    n -= 1; // the same person again, on another device
    const laptop = await signIn();
    await on(1).t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signout',
      headers: { ...apiHeaders, authorization: `Bearer ${phone.accessToken}` },
      cookies: { parlo_refresh: refreshCookieOf(phone.res)! },
    });
    expect((await me(2, phone.accessToken)).statusCode).toBe(401);
    expect((await me(2, laptop.accessToken)).statusCode).toBe(200);
  });

  it('refuses the access tokens of a family revoked for reuse of its refresh token', async () => {
    const { res } = await signIn();
    const stolen = refreshCookieOf(res)!;
    clock.advance(1100);
    const rotated = await on(1).t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: apiHeaders,
      cookies: { parlo_refresh: stolen },
    });
    const { accessToken } = rotated.json<{ accessToken: string }>();
    expect((await me(2, accessToken)).statusCode).toBe(200);

    clock.advance(ROTATION_LEEWAY_MS + 1000);
    const replay = await on(2).t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: apiHeaders,
      cookies: { parlo_refresh: stolen },
    });
    expect(replay.statusCode).toBe(401);
    expect((await me(1, accessToken)).statusCode).toBe(401);
  });

  it('stops a deleted or blocked account on the other instance at once', async () => {
    const deleted = await signIn();
    const del = await request(1, 'GET', '/users/me', deleted.accessToken);
    const { id } = del.json<{ id: string }>();
    const gone = await on(1).t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { ...apiHeaders, authorization: `Bearer ${deleted.accessToken}` },
    });
    expect(gone.statusCode).toBe(204);
    expect((await me(2, deleted.accessToken)).statusCode).toBe(401);
    expect((await socket(2, deleted.accessToken).closed).code).toBe(4001);
    expect(id).toBeTruthy();

    const blocked = await signIn();
    const blockedId = (await me(1, blocked.accessToken)).json<{ id: string }>().id;
    await database.db.update(users).set({ status: 'blocked' }).where(eq(users.id, blockedId));
    const profile = await request(2, 'GET', '/profiles/me', blocked.accessToken);
    expect(profile.statusCode).toBe(403);
    expect((await socket(2, blocked.accessToken).closed).code).toBe(4001);
  });
});
