import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { createAccessTokens } from '../src/modules/auth/access-tokens.ts';
import { rowsOf } from '../src/modules/tokens/token-state-query.ts';
import { eventually, sleep, TestSocket } from './helpers/live-app.ts';
import { createLearner } from './helpers/learners.ts';
import { apiHeaders } from './helpers/oauth.ts';
import { sharedInstanceEnv, startInstance, type Instance } from './helpers/instances.ts';
import { createDatabase, dropDatabase, urlForDatabase } from './helpers/postgres.ts';
import { deleteRedisKeys, redisTestUrl } from './helpers/redis.ts';
import { TEST_API_KEY } from './helpers/test-app.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const JWT_SECRET = 'instance-kill-test-secret-0123456789abcdef';
const PUBLIC_URL = 'http://127.0.0.1:1';
const GRACE_MS = 3_000;
const USERS = 40;
const RECONNECT_GOAL_MS = 10_000;

/**
 * kill -9 of one of two instances under connected users (the Scale issue's fault test, small
 * enough for every run; bench/fault-kill.mjs runs it with 500 clients behind nginx). Two real
 * server processes share a PostgreSQL database and Redis (under a key prefix of the run's own).
 * Users in calls and idle users are spread over both; instance 0 is killed with SIGKILL and its
 * users reconnect to instance 1, as the load balancer would send them there.
 */
describe.runIf(Boolean(adminUrl && redisTestUrl))('kill -9 of one of two instances', () => {
  const databaseName = `parlo_kill_${randomBytes(6).toString('hex')}`;
  const keyPrefix = `parlo-test:${randomBytes(6).toString('hex')}:`;
  const instances: Instance[] = [];
  let database: DatabaseHandle;
  const tokens = createAccessTokens({
    secret: JWT_SECRET,
    issuer: PUBLIC_URL,
    now: () => Date.now(),
  });

  beforeAll(async () => {
    await createDatabase(adminUrl!, databaseName);
    const env = {
      ...sharedInstanceEnv({
        databaseUrl: urlForDatabase(adminUrl!, databaseName),
        keyPrefix,
        jwtSecret: JWT_SECRET,
        publicUrl: PUBLIC_URL,
      }),
      SESSION_RECONNECT_GRACE_MS: String(GRACE_MS),
      JOBS_ENABLED: 'false',
    };
    // The first migrates the database; the second starts on it.
    instances.push(await startInstance(env));
    instances.push(await startInstance(env));
    database = await openDatabase({ driver: 'pg', url: env.DATABASE_URL, poolSize: 2 });
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    await database?.close();
    await dropDatabase(adminUrl!, databaseName);
    const redis = new Redis(redisTestUrl!);
    await deleteRedisKeys(redis, keyPrefix).finally(() => redis.disconnect());
  });

  async function account() {
    const id = await createLearner(database.db, new Date());
    return { id, token: (await tokens.issue(id, randomUUID())).accessToken };
  }

  /** A user's tab: its socket on one instance, moved to instance 1 when that one is killed. */
  interface Tab {
    id: string;
    token: string;
    socket: TestSocket;
    home: number;
  }

  async function open(user: { id: string; token: string }, home: number): Promise<Tab> {
    const socket = new TestSocket(
      new WebSocket(instances[home]!.wsUrl, ['bearer', user.token], {
        headers: { origin: PUBLIC_URL },
      }),
    );
    await socket.opened;
    return { ...user, socket, home };
  }

  const find = (tab: Tab, instance = tab.home) =>
    fetch(`${instances[instance]!.url}/api/v1/match/find`, {
      method: 'POST',
      headers: {
        ...apiHeaders,
        'x-api-key': TEST_API_KEY,
        'content-type': 'application/json',
        authorization: `Bearer ${tab.token}`,
      },
      body: JSON.stringify({ languageCode: 'en' }),
    });

  it('moves every user to the other instance at once, keeps the calls, charges no one twice', async () => {
    const tabs: Tab[] = [];
    for (let i = 0; i < USERS; i++) tabs.push(await open(await account(), i % 2));
    // Presence is claimed right after the handshake.
    await sleep(200);

    // 16 calls, made pair by pair; the last 8 users stay idle.
    const inCalls = tabs.slice(0, 32);
    for (let i = 0; i < inCalls.length; i += 2) {
      const [a, b] = [inCalls[i]!, inCalls[i + 1]!];
      expect((await find(a)).status).toBe(200);
      expect((await find(b)).status).toBe(200);
      await Promise.all([a.socket.next('session_created'), b.socket.next('session_created')]);
    }
    const sessionOf = (tab: Tab) => tab.socket.of('session_created').at(-1)!.payload.session.id;
    const calls = new Map<string, Tab[]>();
    for (const tab of inCalls)
      calls.set(sessionOf(tab), [...(calls.get(sessionOf(tab)) ?? []), tab]);
    expect(calls.size).toBe(16);

    const killedAt = Date.now();
    await instances[0]!.stop('SIGKILL');
    const dropped = tabs.filter((tab) => tab.home === 0);
    await Promise.all(dropped.map((tab) => tab.socket.closed));

    // They come back on instance 1, each after a jittered delay like the web client's.
    const reconnectedIn: number[] = [];
    await Promise.all(
      dropped.map(async (tab) => {
        await sleep(200 + Math.random() * 300);
        const back = await open(tab, 1);
        tab.socket = back.socket;
        tab.home = 1;
        reconnectedIn.push(Date.now() - killedAt);
      }),
    );
    await sleep(300);
    expect(reconnectedIn).toHaveLength(dropped.length);
    expect(Math.max(...reconnectedIn)).toBeLessThan(RECONNECT_GOAL_MS);
    // None was refused as a second socket: every one is still open.
    for (const tab of tabs) expect(tab.socket.ws.readyState).toBe(WebSocket.OPEN);

    // Every call goes on: signalling relays between the two sides, then end_session ends both.
    for (const [sessionId, [first, second]] of calls) {
      await eventually(async () => {
        first!.socket.send({ type: 'offer', payload: { sdp: `after-kill-${sessionId}` } });
        await sleep(50);
        return second!.socket.of('offer').some((m) => m.payload.sdp === `after-kill-${sessionId}`);
      });
      first!.socket.send({ type: 'end_session', payload: { reason: 'user_ended' } });
      const [a, b] = await Promise.all([
        first!.socket.next('session_ended'),
        second!.socket.next('session_ended'),
      ]);
      expect([a.payload, b.payload]).toEqual([
        { sessionId, reason: 'user_ended' },
        { sessionId, reason: 'user_ended' },
      ]);
    }

    // Searching works on the survivor for users from both instances.
    const [x, y] = [tabs[32]!, tabs[33]!];
    expect((await find(x, 1)).status).toBe(200);
    expect((await find(y, 1)).status).toBe(200);
    const [cx, cy] = await Promise.all([
      x.socket.next('session_created'),
      y.socket.next('session_created'),
    ]);
    expect(cx.payload.session.id).toBe(cy.payload.session.id);

    // No token charged twice: each user's session charges equal the sessions they were in.
    const rows = await rowsOf<{ mismatched: number; doubled: number }>(
      database.db,
      sql`
      with taken as (
        select u.id, count(s.id)::int as sessions from users u
        left join sessions s on u.id in (s.user1_id, s.user2_id) group by u.id),
      paid as (
        select user_id as id, count(distinct session_id)::int as sessions, count(*)::int as rows
        from token_ledger where session_id is not null and delta < 0 and pool = 'daily'
        group by user_id)
      select count(*) filter (where coalesce(paid.sessions, 0) <> taken.sessions)::int as mismatched,
             count(*) filter (where paid.rows <> paid.sessions)::int as doubled
      from taken left join paid using (id)`,
    );
    expect(rows[0]).toEqual({ mismatched: 0, doubled: 0 });
  }, 90_000);
});
