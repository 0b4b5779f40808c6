import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { profiles, userLanguages } from '../src/db/tables/users.ts';
import { isUnavailableError } from '../src/lib/unavailable.ts';
import { createAccessTokens } from '../src/modules/auth/access-tokens.ts';
import { UNAVAILABLE_MESSAGE } from '../src/plugins/error-handler.ts';
import { createLearner } from './helpers/learners.ts';
import { apiHeaders } from './helpers/oauth.ts';
import {
  PG_BIN,
  postgresBinariesFound,
  privatePostgres,
  type PrivatePostgres,
} from './helpers/private-postgres.ts';
import { captureLogs, testConfig } from './helpers/test-app.ts';
import { VALID_PROFILE } from './helpers/users.ts';

/** An outage must fail requests quickly, not hold them until a client gives up. */
const OUTAGE_ANSWER_MS = 5_000;
/** Once PostgreSQL is back, requests must succeed again within this. */
const RECOVERY_MS = 10_000;

/** The status a socket upgrade is answered with (101 when it opens). */
function upgradeStatus(url: string, token: string) {
  return new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(url, ['bearer', token]);
    ws.once('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

describe.skipIf(!postgresBinariesFound)(
  `a PostgreSQL restart (needs initdb and pg_ctl in ${PG_BIN})`,
  () => {
    const config = testConfig();
    const logs = captureLogs();
    let cluster: PrivatePostgres | undefined;
    let database: DatabaseHandle;
    let app: App;
    let socketUrl: string;
    let userId: string;
    let headers: Record<string, string>;
    let token: string;

    beforeAll(async () => {
      cluster = await privatePostgres();
      await cluster.start();
      database = await openDatabase({ driver: 'pg', url: cluster.url, poolSize: 4 });
      await database.migrate();
      await seedDatabase(database.db);
      app = await buildApp({ config, db: database.db, logger: logs.logger });
      await app.listen({ port: 0, host: '127.0.0.1' });
      socketUrl = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;

      userId = await createLearner(database.db, new Date(), { profile: false });
      const tokens = createAccessTokens({
        secret: config.JWT_SECRET,
        issuer: config.PUBLIC_URL,
        now: () => Date.now(),
      });
      token = (await tokens.issue(userId, randomUUID())).accessToken;
      headers = { ...apiHeaders, authorization: `Bearer ${token}` };
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await cluster?.destroy();
    });

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

    const profileName = async () =>
      (await database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]?.name;

    it('serves reads and writes while PostgreSQL is up', async () => {
      expect((await call('GET', '/users/me')).statusCode).toBe(200);
      expect((await call('POST', '/profiles/me', VALID_PROFILE)).statusCode).toBe(201);
      const added = await call('POST', '/languages/user', {
        languageCode: 'en',
        proficiencyLevel: 'B1',
      });
      expect(added.statusCode).toBe(201);
      const renamed = await call('PUT', '/profiles/me', { name: 'Before Outage' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Before Outage', languageCode: 'en' });
      expect(await upgradeStatus(socketUrl, token)).toBe(101);
    });

    describe('while PostgreSQL is stopped', () => {
      let inFlight: Promise<unknown>;

      beforeAll(async () => {
        // A transaction holding its pooled connection across the shutdown: its client errors
        // while checked out, which must reject the transaction, not crash the process (vitest
        // fails the run on an uncaught exception).
        let wrote!: () => void;
        const firstWriteDone = new Promise<void>((resolve) => (wrote = resolve));
        inFlight = database.db
          .transaction(async (tx) => {
            await tx
              .update(profiles)
              .set({ name: 'Half Written' })
              .where(eq(profiles.userId, userId));
            wrote();
            await new Promise((resolve) => setTimeout(resolve, 1_500));
            await tx.delete(userLanguages).where(eq(userLanguages.userId, userId));
          })
          .then(
            () => 'committed',
            (error: unknown) => error,
          );
        await firstWriteDone;
        await cluster!.stop();
      });

      it('answers requests with 503 in the envelope, quickly, and logs warnings', async () => {
        for (const [method, url, payload] of [
          ['GET', '/users/me', undefined],
          ['GET', '/profiles/me', undefined],
          ['PUT', '/profiles/me', { name: 'During Outage' }],
        ] as const) {
          const started = Date.now();
          const res = await call(method, url, payload);
          expect(Date.now() - started, `${method} ${url}`).toBeLessThan(OUTAGE_ANSWER_MS);
          expect(res.statusCode, `${method} ${url}`).toBe(503);
          expect(res.json()).toEqual({ code: 503, message: UNAVAILABLE_MESSAGE });
          expect(res.headers['retry-after']).toBe('1');
        }
        const warned = logs.lines.filter((line) => line.msg === 'data store unavailable');
        expect(warned.length).toBeGreaterThanOrEqual(3);
        expect(warned.every((line) => line.level === 40 && typeof line.reason === 'string')).toBe(
          true,
        );
        expect(logs.lines.filter((line) => line.msg === 'request failed')).toEqual([]);
      });

      it('reports the database down in /health', async () => {
        const started = Date.now();
        const res = await app.inject({ url: '/health' });
        expect(Date.now() - started).toBeLessThan(OUTAGE_ANSWER_MS);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ status: 'unavailable', database: 'down' });
      });

      it('refuses a socket upgrade with 503 and keeps listening', async () => {
        expect(await upgradeStatus(socketUrl, token)).toBe(503);
        expect(app.server.listening).toBe(true);
      });

      it('rejects the transaction cut by the shutdown as unavailable', async () => {
        const outcome = await inFlight;
        expect(outcome).not.toBe('committed');
        expect(isUnavailableError(outcome)).toBe(true);
      });
    });

    describe('once PostgreSQL is back', () => {
      beforeAll(() => cluster!.start());

      it('recovers within seconds', async () => {
        const deadline = Date.now() + RECOVERY_MS;
        let status = 0;
        while (Date.now() < deadline) {
          status = (await call('GET', '/users/me')).statusCode;
          if (status === 200) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(status).toBe(200);
        expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
        expect(await upgradeStatus(socketUrl, token)).toBe(101);
      });

      it('kept every write made before the outage and none made during it', async () => {
        const res = await call('GET', '/profiles/me');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          name: 'Before Outage',
          gender: VALID_PROFILE.gender,
          country: VALID_PROFILE.country,
          languageCode: 'en',
          languages: [expect.objectContaining({ languageCode: 'en', proficiencyLevel: 'B1' })],
        });
        expect(await profileName()).toBe('Before Outage');
        const languages = await database.db
          .select()
          .from(userLanguages)
          .where(eq(userLanguages.userId, userId));
        expect(languages.map((row) => row.languageCode)).toEqual(['en']);
      });

      it('takes writes again', async () => {
        const renamed = await call('PUT', '/profiles/me', { name: 'After Outage' });
        expect(renamed.statusCode).toBe(200);
        expect(await profileName()).toBe('After Outage');
      });
    });
  },
);
