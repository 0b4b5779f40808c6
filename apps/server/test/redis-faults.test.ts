import { randomBytes } from 'node:crypto';
import { and, isNull, or, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  redisClusterAvailable,
  startRedisCluster,
  type RunningRedisCluster,
} from '../../../deploy/redis/cluster.mjs';
import { createRedisBroker, type RedisBroker } from '../src/broker/redis-broker.ts';
import type { RedisTarget } from '../src/broker/redis-clients.ts';
import { sessions } from '../src/db/tables/sessions.ts';
import { createChargedSession } from '../src/modules/tokens/session-charge-repo.ts';
import { eventually, sleep, useLiveApp } from './helpers/live-app.ts';
import { freePort } from './helpers/ports.ts';
import { hasRedisServer, privateRedis } from './helpers/private-redis.ts';
import { deleteRedisKeys, redisTestUrl } from './helpers/redis.ts';

/**
 * Redis restarting under a running instance while users search (the Scale issue's fault test):
 * requests fail with 503 meanwhile, the instance states its sockets again when Redis is back, and
 * no user ends up in two calls.
 */
describe.runIf(Boolean(redisTestUrl) && hasRedisServer)(
  'Redis restarting under an instance',
  () => {
    let redis: ReturnType<typeof privateRedis>;
    let broker: RedisBroker;

    beforeAll(async () => {
      redis = privateRedis(await freePort());
      await redis.start({ keepData: false });
      broker = createRedisBroker({ url: redis.url, keyPrefix: 'parlo-test:' });
    });
    const live = useLiveApp('pglite', {}, () => ({ broker, rateCounter: broker, redis: broker }));
    afterAll(async () => {
      await broker?.close();
      await redis?.stop();
    });

    async function openSessionsOf(userId: string) {
      return live.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            isNull(sessions.endedAt),
            or(eq(sessions.user1Id, userId), eq(sessions.user2Id, userId)),
          ),
        );
    }

    async function expectPaired(a: string, b: string, socketA: Socket, socketB: Socket) {
      const [createdA, createdB] = await Promise.all([
        socketA.next('session_created'),
        socketB.next('session_created'),
      ]);
      expect(createdA.payload.session.id).toBe(createdB.payload.session.id);
      expect(createdA.payload.peerProfile.id).toBe(b);
      for (const userId of [a, b]) {
        expect(await openSessionsOf(userId)).toEqual([{ id: createdA.payload.session.id }]);
        expect(await broker.ticketOf(userId)).toBeNull();
      }
    }
    type Socket = Awaited<ReturnType<typeof live.connect>>;

    it('answers 503 while Redis is away, and states its sockets again when it is back empty', async () => {
      const a = await live.account();
      const b = await live.account();
      const socketA = await live.connect(a);
      const socketB = await live.connect(b);

      await redis.kill();
      const during = await live.find(a);
      expect(during.statusCode).toBe(503);
      expect(during.json()).toMatchObject({ code: 503 });
      expect(await live.app.inject({ url: '/health' })).toMatchObject({ statusCode: 503 });

      // Back with nothing in it: the presence of both sockets is stated again by the instance.
      await redis.start({ keepData: false });
      await eventually(
        async () => (await broker.isOnline(a).catch(() => false)) && broker.isOnline(b),
        10_000,
      );
      expect(await broker.onlineCount()).toBe(2);
      expect((await live.find(a)).statusCode).toBe(200);
      expect((await live.find(b)).statusCode).toBe(200);
      await expectPaired(a, b, socketA, socketB);
    });

    it('answers 503 while Redis answers too slowly, and pairs as before once it is quick', async () => {
      const e = await live.account();
      const f = await live.account();
      const socketE = await live.connect(e);
      const socketF = await live.connect(f);

      // Redis holds every client's commands unanswered for a while, as a swamped one does.
      const PAUSE_MS = 1_500;
      const admin = new Redis(redis.url);
      const paused = Date.now();
      try {
        await admin.call('CLIENT', 'PAUSE', String(PAUSE_MS), 'ALL');
      } finally {
        admin.disconnect();
      }
      const during = await live.find(e);
      const took = Date.now() - paused;
      expect(during.statusCode).toBe(503);
      expect(during.json()).toMatchObject({ code: 503 });
      // The broker's command timeout answered, not the end of the pause.
      expect(took).toBeLessThan(PAUSE_MS);

      await sleep(Math.max(0, paused + PAUSE_MS + 100 - Date.now()));
      expect((await live.find(e)).statusCode).toBe(200);
      expect((await live.find(f)).statusCode).toBe(200);
      await expectPaired(e, f, socketE, socketF);
    });

    it('keeps a waiting search through a restart that keeps the data', async () => {
      const c = await live.account();
      const d = await live.account();
      const socketC = await live.connect(c);
      const socketD = await live.connect(d);
      expect((await live.find(c)).statusCode).toBe(200);
      const waiting = await broker.ticketOf(c);
      expect(waiting).not.toBeNull();

      await redis.kill();
      await redis.start({ keepData: true });
      await eventually(async () => (await broker.ticketOf(c).catch(() => null)) !== null, 10_000);
      expect(await broker.ticketOf(c)).toEqual(waiting);
      await eventually(() => broker.isOnline(d).catch(() => false), 10_000);
      expect((await live.find(d)).statusCode).toBe(200);
      await expectPaired(c, d, socketC, socketD);
    });

    it('ends a call whose partner was on an instance that died, after the grace', async () => {
      const a = await live.account();
      const b = await live.account();
      // B's socket lives on another instance, which then dies without a word to this one.
      const other = createRedisBroker({ url: redis.url, keyPrefix: 'parlo-test:' });
      other.subscribe('other-instance', () => {});
      expect(await other.claimPresence(b, 'other-instance')).toBe(true);
      const call = await createChargedSession(live.db, {
        user1Id: a,
        user2Id: b,
        languageCode: 'en',
        now: live.clock.now(),
      });
      const socketA = await live.connect(a);
      await eventually(() => live.app.live.lifecycle.partnerOf(a) === b);

      await live.app.live.lifecycle.checkPresence();
      live.scheduler.advance(20_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(socketA.of('session_ended')).toEqual([]);

      await other.close();
      await live.app.live.lifecycle.checkPresence();
      live.scheduler.advance(live.config.SESSION_RECONNECT_GRACE_MS);
      expect((await socketA.next('session_ended')).payload).toEqual({
        sessionId: call.sessionId,
        reason: 'connection_issue',
        refunded: true,
      });
    });
  },
);

describeDeadInstance('redis', {
  start: () => Promise.resolve({ url: redisTestUrl! }),
  async stop(keyPrefix) {
    const redis = new Redis(redisTestUrl!);
    await deleteRedisKeys(redis, keyPrefix).finally(() => redis.disconnect());
  },
});
if (redisClusterAvailable) {
  let cluster: RunningRedisCluster | undefined;
  describeDeadInstance('a redis cluster', {
    async start() {
      cluster = await startRedisCluster({ masters: 3 });
      return { clusterNodes: cluster.urls };
    },
    stop: async () => cluster?.stop(),
  });
}

/** Instances killed outright: their users come back elsewhere, or are forgotten after the grace. */
function describeDeadInstance(
  name: string,
  redis: { start(): Promise<RedisTarget>; stop(keyPrefix: string): Promise<void> },
) {
  describe.runIf(Boolean(redisTestUrl))(`${name} broker with an instance that died`, () => {
    const keyPrefix = `parlo-test:${randomBytes(6).toString('hex')}:`;
    const brokers: RedisBroker[] = [];
    let target: RedisTarget;
    beforeAll(async () => {
      target = await redis.start();
    });
    const make = () => {
      const broker = createRedisBroker({ ...target, keyPrefix, deadInstanceGraceMs: 300 });
      brokers.push(broker);
      return broker;
    };
    afterAll(async () => {
      for (const broker of brokers) await broker.close();
      await redis.stop(keyPrefix);
    });

    const ticket = (userId: string, enqueuedAt: number) => ({
      id: randomBytes(8).toString('hex'),
      userId,
      languageCode: 'en',
      level: 'B1' as const,
      ageGroup: 'adult' as const,
      enqueuedAt,
      lastPartnerId: null,
      excludedUserIds: [],
    });

    it('forgets the users of an instance dead past the grace, but not those back elsewhere', async () => {
      const dying = make();
      const survivor = make();
      dying.subscribe('dying', () => {});
      survivor.subscribe('survivor', () => {});
      for (const userId of ['u1', 'u2', 'u3']) {
        expect(await dying.claimPresence(userId, 'dying')).toBe(true);
      }
      await dying.enqueue(ticket('u1', 1));
      await dying.enqueue(ticket('u2', 2));
      expect(await survivor.reap()).toEqual({ instances: 0, users: 0 });
      await dying.reap();

      // Its Redis connections go with the process.
      await dying.close();
      expect(await survivor.claimPresence('u1', 'survivor')).toBe(true);
      // Dead, but within the grace: nothing is forgotten yet.
      expect(await survivor.reap()).toEqual({ instances: 0, users: 0 });
      expect(await survivor.onlineCount()).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(await survivor.reap()).toEqual({ instances: 1, users: 2 });

      expect(await survivor.onlineCount()).toBe(1);
      expect(await survivor.isOnline('u1')).toBe(true);
      expect(await survivor.ticketOf('u1')).not.toBeNull();
      expect(await survivor.ticketOf('u2')).toBeNull();
      expect(await survivor.reap()).toEqual({ instances: 0, users: 0 });
    });
  });
}
