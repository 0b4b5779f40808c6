import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { sessions } from '../src/db/tables/sessions.ts';
import { tokenLedger } from '../src/db/tables/tokens.ts';
import { profiles } from '../src/db/tables/users.ts';
import { createAccessTokens } from '../src/modules/auth/access-tokens.ts';
import { UNAVAILABLE_MESSAGE } from '../src/plugins/error-handler.ts';
import { createLearner } from './helpers/learners.ts';
import { sleep, useLiveApp } from './helpers/live-app.ts';
import { apiHeaders } from './helpers/oauth.ts';
import {
  postgresBinariesFound,
  privatePostgres,
  type PrivatePostgres,
} from './helpers/private-postgres.ts';
import { captureLogs, drivers, testConfig } from './helpers/test-app.ts';

/**
 * The Scale issue's bad input: a PostgreSQL that answers slowly, or not at all. Requests must
 * fail with a clear 503 soon after the statement timeout instead of hanging, write nothing
 * half-way, charge nobody twice, and work again once PostgreSQL does.
 */
const STATEMENT_TIMEOUT_MS = 300;
/** The driver's own wait for any answer: the statement timeout plus db/client.ts's margin. */
const READ_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 2_000;

/** Holds `lock table <table> in <mode> mode` in a transaction of its own until released. */
function holdLock(db: DatabaseHandle['db'], table: string, mode: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const taken = new Promise<void>((resolve) => (locked = resolve));
  const done = db.transaction(async (tx) => {
    await tx.execute(sql.raw(`lock table ${table} in ${mode} mode`));
    locked();
    await released;
  });
  return {
    taken,
    async release() {
      release();
      await done;
    },
  };
}

describe.runIf(drivers.includes('pg'))(
  'a PostgreSQL answering slowly (locks held elsewhere)',
  () => {
    const live = useLiveApp('pg', {}, () => ({}), { statementTimeoutMs: STATEMENT_TIMEOUT_MS });

    const nameOf = async (userId: string) =>
      (await live.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]?.name;

    it('answers 503 soon after the statement timeout, writes nothing, and serves once released', async () => {
      const userId = await live.account();
      const before = await nameOf(userId);
      const lock = holdLock(live.db, 'profiles', 'access exclusive');
      await lock.taken;
      try {
        const started = Date.now();
        const res = await live.call(userId, 'PUT', '/profiles/me', { name: 'While Locked' });
        const took = Date.now() - started;
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ code: 503, message: UNAVAILABLE_MESSAGE });
        expect(res.headers['retry-after']).toBe('1');
        expect(took).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS);
        expect(took).toBeLessThan(READ_TIMEOUT_MS);
      } finally {
        await lock.release();
      }
      expect(await nameOf(userId)).toBe(before);
      const renamed = await live.call(userId, 'PUT', '/profiles/me', { name: 'After Lock' });
      expect(renamed.statusCode).toBe(200);
      expect(await nameOf(userId)).toBe('After Lock');
    });

    it('charges nobody while the session cannot be written, and pairs them once it can', async () => {
      const [a, b] = [await live.account(), await live.account()];
      const [socketA, socketB] = [await live.connect(a), await live.connect(b)];
      // Inserts into sessions wait (and time out); the finds' reads of it do not.
      const lock = holdLock(live.db, 'sessions', 'exclusive');
      await lock.taken;
      try {
        expect((await live.find(a)).statusCode).toBe(200);
        expect((await live.find(b)).statusCode).toBe(200);
        // Several charges are tried and cut by the timeout meanwhile.
        await sleep(STATEMENT_TIMEOUT_MS * 4);
        expect(socketA.of('session_created')).toEqual([]);
        expect(socketB.of('session_created')).toEqual([]);
      } finally {
        await lock.release();
      }
      const [createdA, createdB] = await Promise.all([
        socketA.next('session_created'),
        socketB.next('session_created'),
      ]);
      expect(createdA.payload.session.id).toBe(createdB.payload.session.id);
      const open = await live.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            isNull(sessions.endedAt),
            or(
              eq(sessions.user1Id, a),
              eq(sessions.user2Id, a),
              eq(sessions.user1Id, b),
              eq(sessions.user2Id, b),
            ),
          ),
        );
      expect(open).toEqual([{ id: createdA.payload.session.id }]);
      for (const userId of [a, b]) {
        const charges = await live.db
          .select({ sessionId: tokenLedger.sessionId, delta: tokenLedger.delta })
          .from(tokenLedger)
          .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.reason, 'session')));
        expect(charges).toEqual([{ sessionId: createdA.payload.session.id, delta: -1 }]);
      }
    });
  },
);

describe.skipIf(!postgresBinariesFound)('a PostgreSQL that stops answering (frozen)', () => {
  const logs = captureLogs();
  let cluster: PrivatePostgres | undefined;
  let database: DatabaseHandle;
  let app: App;
  let headers: Record<string, string>;

  beforeAll(async () => {
    cluster = await privatePostgres();
    await cluster.start();
    database = await openDatabase({
      driver: 'pg',
      url: cluster.url,
      poolSize: 4,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
    await database.migrate();
    await seedDatabase(database.db);
    const config = testConfig();
    app = await buildApp({ config, db: database.db, logger: logs.logger });
    await app.listen({ port: 0, host: '127.0.0.1' });
    expect((app.server.address() as AddressInfo).port).toBeGreaterThan(0);
    const userId = await createLearner(database.db, new Date());
    const tokens = createAccessTokens({
      secret: config.JWT_SECRET,
      issuer: config.PUBLIC_URL,
      now: () => Date.now(),
    });
    headers = {
      ...apiHeaders,
      authorization: `Bearer ${(await tokens.issue(userId, randomUUID())).accessToken}`,
    };
  });
  afterAll(async () => {
    await app?.close();
    await cluster?.thaw().catch(() => {});
    await database?.close();
    await cluster?.destroy();
  });

  const me = () => app.inject({ method: 'GET', url: '/api/v1/users/me', headers });

  it('answers 503 within the read timeout while frozen, and recovers once it answers', async () => {
    expect((await me()).statusCode).toBe(200);
    await cluster!.freeze();
    try {
      const started = Date.now();
      const res = await me();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 503, message: UNAVAILABLE_MESSAGE });
      // No answer at all: the driver's read timeout (or the pool's connect timeout, 3 s) ends it.
      expect(Date.now() - started).toBeLessThan(READ_TIMEOUT_MS + 1_500);
      const health = await app.inject({ url: '/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', database: 'down' });
      expect(app.server.listening).toBe(true);
    } finally {
      await cluster!.thaw();
    }
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await me()).statusCode;
      if (status !== 200) await sleep(100);
    }
    expect(status).toBe(200);
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    expect(logs.lines.filter((line) => line.msg === 'request failed')).toEqual([]);
  });
});
