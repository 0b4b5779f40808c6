import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { desc, eq, or } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type App } from '../src/app.ts';
import {
  redisClusterAvailable,
  startRedisCluster,
  type RunningRedisCluster,
} from '../../../deploy/redis/cluster.mjs';
import { createRedisBroker, type RedisBroker } from '../src/broker/redis-broker.ts';
import type { RedisTarget } from '../src/broker/redis-clients.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { sessions } from '../src/db/tables/sessions.ts';
import { createAccessTokens } from '../src/modules/auth/access-tokens.ts';
import { eventually, manualScheduler, TestSocket } from './helpers/live-app.ts';
import { createLearner } from './helpers/learners.ts';
import { apiHeaders } from './helpers/oauth.ts';
import { deleteRedisKeys, redisTestUrl } from './helpers/redis.ts';
import { createTestDatabase, manualClock, testConfig } from './helpers/test-app.ts';

const enabled = Boolean(redisTestUrl && process.env.TEST_DATABASE_URL);

interface Instance {
  app: App;
  broker: RedisBroker;
  url: string;
}

/** Where the instances' Redis is: the machine's (under a key prefix), or a cluster of the file's. */
interface SharedRedis {
  start(): Promise<RedisTarget>;
  /** Removes what the instances left, after their brokers are closed. */
  stop(keyPrefix: string): Promise<void>;
}

const machineRedis: SharedRedis = {
  start: () => Promise.resolve({ url: redisTestUrl! }),
  async stop(keyPrefix) {
    const redis = new Redis(redisTestUrl!);
    await deleteRedisKeys(redis, keyPrefix).finally(() => redis.disconnect());
  },
};

function ownCluster(): SharedRedis {
  let cluster: RunningRedisCluster | undefined;
  return {
    async start() {
      cluster = await startRedisCluster({ masters: 3 });
      return { clusterNodes: cluster.urls };
    },
    stop: async () => cluster?.stop(),
  };
}

describeTwoInstances('Redis', machineRedis);
if (redisClusterAvailable) describeTwoInstances('a Redis Cluster', ownCluster());

/**
 * Two instances of the server, as behind a load balancer: one PostgreSQL database and one Redis
 * (under a key prefix of this file) shared, everything else their own.
 */
function describeTwoInstances(name: string, redis: SharedRedis) {
  describe.runIf(enabled)(`two instances sharing PostgreSQL and ${name}`, () => {
    const clock = manualClock();
    const config = testConfig({ PUBLIC_URL: 'http://localhost:3000' });
    const keyPrefix = `parlo-test:${randomBytes(6).toString('hex')}:`;
    const instances: Instance[] = [];
    const sockets: TestSocket[] = [];
    let database: DatabaseHandle;

    beforeAll(async () => {
      database = await createTestDatabase('pg');
      await seedDatabase(database.db);
      const target = await redis.start();
      for (let i = 0; i < 2; i++) {
        const broker = createRedisBroker({ ...target, keyPrefix });
        const app = await buildApp({
          config,
          db: database.db,
          clock,
          scheduler: manualScheduler(clock),
          broker,
          rateCounter: broker,
          redis: broker,
        });
        await app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = app.server.address() as AddressInfo;
        instances.push({ app, broker, url: `ws://127.0.0.1:${port}/ws` });
      }
    });
    afterAll(async () => {
      for (const socket of sockets) socket.ws.terminate();
      for (const { app, broker } of instances) {
        await app.close();
        await broker.close();
      }
      await database?.close();
      await redis.stop(keyPrefix);
    });

    const instance = (n: 1 | 2) => instances[n - 1]!;

    /** The user's latest session row. */
    async function sessionOf(userId: string) {
      const [row] = await database!.db
        .select()
        .from(sessions)
        .where(or(eq(sessions.user1Id, userId), eq(sessions.user2Id, userId)))
        .orderBy(desc(sessions.createdAt))
        .limit(1);
      return row;
    }

    const account = () => createLearner(database.db, clock.now());

    async function tokenFor(userId: string) {
      const tokens = createAccessTokens({
        secret: config.JWT_SECRET,
        issuer: config.PUBLIC_URL,
        now: () => clock.now().getTime(),
      });
      return (await tokens.issue(userId, randomUUID())).accessToken;
    }

    async function socketOn(n: 1 | 2, userId: string) {
      const socket = new TestSocket(
        new WebSocket(instance(n).url, ['bearer', await tokenFor(userId)], {
          headers: { origin: config.PUBLIC_URL },
        }),
      );
      sockets.push(socket);
      await socket.opened;
      return socket;
    }

    async function connect(n: 1 | 2, userId: string) {
      const socket = await socketOn(n, userId);
      await eventually(() => instance(n).broker.isOnline(userId));
      return socket;
    }

    async function find(n: 1 | 2, userId: string) {
      return instance(n).app.inject({
        method: 'POST',
        url: '/api/v1/match/find',
        headers: { ...apiHeaders, authorization: `Bearer ${await tokenFor(userId)}` },
        payload: { languageCode: 'en' },
      });
    }

    it('reports Redis in /health', async () => {
      const res = await instance(1).app.inject({ url: '/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    });

    it('refuses with 4999 a second socket of a user connected to the other instance', async () => {
      const a = await account();
      const first = await connect(1, a);
      const second = await socketOn(2, a);
      expect((await second.closed).code).toBe(4999);
      expect(first.ws.readyState).toBe(WebSocket.OPEN);
    });

    describe('a call between users of different instances', () => {
      let a: string;
      let b: string;
      let socketA: TestSocket;
      let socketB: TestSocket;

      beforeAll(async () => {
        a = await account();
        b = await account();
        socketA = await connect(1, a);
        socketB = await connect(2, b);
      });

      it('matches them, and both hear of the session', async () => {
        expect((await find(1, a)).statusCode).toBe(200);
        // A's own instance has looked at the queue (alone in it), so B's instance makes the pair.
        await instance(1).app.live.matching.runPairing('en');
        expect((await find(2, b)).statusCode).toBe(200);
        const [createdA, createdB] = await Promise.all([
          socketA.next('session_created'),
          socketB.next('session_created'),
        ]);
        expect(createdA.payload.session.id).toBe(createdB.payload.session.id);
        expect(createdA.payload.peerProfile.id).toBe(b);
        expect(createdB.payload.peerProfile.id).toBe(a);
        expect([createdA.payload.initiator, createdB.payload.initiator].sort()).toEqual([
          false,
          true,
        ]);
        // The wait of a match made by instance 2 shows in the stats of both.
        const stats = await Promise.all(
          ([1, 2] as const).map(async (n) => {
            const res = await instance(n).app.inject({
              url: '/api/v1/stats?language=en',
              headers: { ...apiHeaders, authorization: `Bearer ${await tokenFor(a)}` },
            });
            return res.json<{ users_online: number; avg_wait_time_ms: number }>();
          }),
        );
        expect(stats[0]).toEqual(stats[1]);
        expect(stats[0]!.users_online).toBeGreaterThanOrEqual(2);
        expect(await instance(1).broker.recentWaits('en')).toHaveLength(2);
      });

      it('relays signalling both ways, whichever instance made the session', async () => {
        socketB.send({ type: 'answer', payload: { sdp: 'from-b-on-instance-2' } });
        expect((await socketA.next('answer')).payload.sdp).toBe('from-b-on-instance-2');
        socketA.send({ type: 'offer', payload: { sdp: 'from-a-on-instance-1' } });
        expect((await socketB.next('offer')).payload.sdp).toBe('from-a-on-instance-1');
        socketA.send({ type: 'camera_toggled', payload: { enabled: true } });
        expect((await socketB.next('peer_camera_toggled')).payload.enabled).toBe(true);
      });

      it('marks the call started once both sides report media, each to its own instance', async () => {
        socketA.send({ type: 'media_connected' });
        socketB.send({ type: 'media_connected' });
        await eventually(async () => (await sessionOf(a))?.startedAt != null);
      });

      it('ends the call for both on end_session at the instance that did not make it', async () => {
        socketA.send({ type: 'end_session', payload: { reason: 'user_ended' } });
        const [endedA, endedB] = await Promise.all([
          socketA.next('session_ended'),
          socketB.next('session_ended'),
        ]);
        expect(endedA.payload.reason).toBe('user_ended');
        expect(endedB.payload.reason).toBe('user_ended');
        expect((await sessionOf(a))?.endedBy).toBe(a);
        // Neither instance relays for the ended call any more.
        socketA.send({ type: 'offer', payload: { sdp: 'late' } });
        expect((await socketA.next('error')).payload.code).toBe('no_active_session');
      });

      it('keeps the call when a side drops and is back on the other instance within the grace', async () => {
        // New learners: A and B were just partners, and the last partner is avoided for a while.
        const c = await account();
        const d = await account();
        let socketC = await connect(1, c);
        const socketD = await connect(2, d);
        expect((await find(1, c)).statusCode).toBe(200);
        await instance(1).app.live.matching.runPairing('en');
        expect((await find(2, d)).statusCode).toBe(200);
        const created = await socketC.next('session_created');
        await socketD.next('session_created');
        socketC.ws.close();
        await socketC.closed;
        socketC = await connect(2, c);
        for (const n of [1, 2] as const) {
          (instance(n).app.live.scheduler as ReturnType<typeof manualScheduler>).advance(
            n === 1 ? config.SESSION_RECONNECT_GRACE_MS + 1_000 : 0,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        const [row] = await database.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, created.payload.session.id));
        expect(row?.endedAt).toBeNull();
        // Back on instance 2, C's signalling still reaches D.
        socketC.send({ type: 'offer', payload: { sdp: 'after-reconnect' } });
        expect((await socketD.next('offer')).payload.sdp).toBe('after-reconnect');
        socketD.send({ type: 'end_session', payload: { reason: 'user_ended' } });
        expect((await socketC.next('session_ended')).payload.reason).toBe('user_ended');
      });

      it('hands sockets over on shutdown: 1012, the call and the search go on elsewhere', async () => {
        const e = await account();
        const f = await account();
        const g = await account();
        let socketE = await connect(1, e);
        const socketF = await connect(2, f);
        const socketG = await connect(1, g);
        expect((await find(1, e)).statusCode).toBe(200);
        await instance(1).app.live.matching.runPairing('en');
        expect((await find(2, f)).statusCode).toBe(200);
        const created = await socketE.next('session_created');
        await socketF.next('session_created');
        // G waits alone in the queue (E and F are in their call).
        expect((await find(1, g)).statusCode).toBe(200);

        await instance(1).app.close();
        expect((await socketE.closed).code).toBe(1012);
        expect((await socketG.closed).code).toBe(1012);
        expect(await instance(2).broker.ticketOf(g)).not.toBeNull();

        socketE = await connect(2, e);
        const [row] = await database.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, created.payload.session.id));
        expect(row?.endedAt).toBeNull();
        await eventually(() => instance(2).app.live.lifecycle.partnerOf(e) === f);
        socketE.send({ type: 'offer', payload: { sdp: 'after-handover' } });
        expect((await socketF.next('offer')).payload.sdp).toBe('after-handover');
      });
    });
  });
}
