import { randomBytes, randomUUID } from 'node:crypto';
import { sessionListSchema } from '@parlo/contract/sessions';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { nginxFound, startNginx, type RunningNginx } from '../../../deploy/nginx/run.mjs';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { createAccessTokens } from '../src/modules/auth/access-tokens.ts';
import { sharedInstanceEnv, startInstance, type Instance } from './helpers/instances.ts';
import { createLearner } from './helpers/learners.ts';
import { eventually, TestSocket } from './helpers/live-app.ts';
import { apiHeaders } from './helpers/oauth.ts';
import { freePort } from './helpers/ports.ts';
import { createDatabase, dropDatabase, urlForDatabase } from './helpers/postgres.ts';
import { deleteRedisKeys, redisTestUrl } from './helpers/redis.ts';
import { TEST_API_KEY } from './helpers/test-app.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const JWT_SECRET = 'nginx-cluster-test-secret-0123456789abcdef';
const USERS = 12;

/**
 * Two server processes behind nginx running deploy/nginx/parlo.conf.template, the configuration
 * a deployment starts from: everything below goes through nginx's one address, REST and the
 * socket upgrade alike, with no sticky sessions. Which instance holds a user's socket is read
 * from the presence hash in Redis.
 */
describe.runIf(Boolean(adminUrl && redisTestUrl && nginxFound))(
  'two instances behind nginx',
  () => {
    const databaseName = `parlo_nginx_${randomBytes(6).toString('hex')}`;
    const keyPrefix = `parlo-test:${randomBytes(6).toString('hex')}:`;
    const instances: Instance[] = [];
    const sockets: TestSocket[] = [];
    let nginx: RunningNginx;
    let database: DatabaseHandle;
    let redis: Redis;
    let publicUrl: string;
    let tokens: ReturnType<typeof createAccessTokens>;

    beforeAll(async () => {
      const port = await freePort();
      publicUrl = `http://127.0.0.1:${port}`;
      tokens = createAccessTokens({ secret: JWT_SECRET, issuer: publicUrl, now: () => Date.now() });
      await createDatabase(adminUrl!, databaseName);
      const env = {
        ...sharedInstanceEnv({
          databaseUrl: urlForDatabase(adminUrl!, databaseName),
          keyPrefix,
          jwtSecret: JWT_SECRET,
          publicUrl,
        }),
        TRUST_PROXY: 'loopback',
      };
      // The first migrates the database; the second starts on it.
      instances.push(await startInstance(env));
      instances.push(await startInstance({ ...env, JOBS_ENABLED: 'false' }));
      nginx = await startNginx({
        listen: `127.0.0.1:${port}`,
        servers: instances.map((instance) => instance.host),
      });
      database = await openDatabase({ driver: 'pg', url: env.DATABASE_URL, poolSize: 2 });
      redis = new Redis(redisTestUrl!);
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.ws.terminate();
      await nginx?.stop();
      for (const instance of instances) await instance.stop();
      await database?.close();
      await dropDatabase(adminUrl!, databaseName);
      if (redis) await deleteRedisKeys(redis, keyPrefix).finally(() => redis.disconnect());
    });

    interface User {
      id: string;
      token: string;
      socket: TestSocket;
    }

    /** A socket through nginx, as the web app opens it. */
    async function connect(token: string) {
      const socket = new TestSocket(
        new WebSocket(`${nginx.url.replace('http', 'ws')}/ws`, ['bearer', token], {
          headers: { origin: publicUrl },
        }),
      );
      sockets.push(socket);
      await socket.opened;
      return socket;
    }

    const api = async (user: User, route: string, body?: unknown) =>
      fetch(`${nginx.url}/api/v1${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...apiHeaders,
          'x-api-key': TEST_API_KEY,
          authorization: `Bearer ${user.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    /** The id of the instance that holds each user's socket, from the presence hash. */
    const instanceOf = async (user: { id: string }) => redis.hget(`${keyPrefix}presence`, user.id);

    const users: User[] = [];

    it('answers the app through nginx and keeps /metrics off the public entrance', async () => {
      const health = await fetch(`${nginx.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok', redis: 'ok' });
      expect((await fetch(`${nginx.url}/metrics`)).status).toBe(404);
      // Each instance still serves its metrics to a scraper on its own address.
      expect((await fetch(`${instances[0]!.url}/metrics`)).status).toBe(200);
    });

    it('passes socket upgrades through to both instances, with no sticky sessions', async () => {
      for (let i = 0; i < USERS; i++) {
        const id = await createLearner(database.db, new Date());
        const { accessToken } = await tokens.issue(id, randomUUID());
        users.push({ id, token: accessToken, socket: await connect(accessToken) });
      }
      await eventually(async () =>
        (await Promise.all(users.map(instanceOf))).every((instance) => instance !== null),
      );
      const holders = new Set(await Promise.all(users.map(instanceOf)));
      expect(holders.size).toBe(2);
    });

    it('matches two users of different instances, relays their signalling, ends the call for both', async () => {
      const where = await Promise.all(users.map(instanceOf));
      const a = users[0]!;
      const b = users[where.findIndex((instance) => instance !== where[0])]!;

      expect((await api(a, '/match/find', { languageCode: 'en' })).status).toBe(200);
      expect((await api(b, '/match/find', { languageCode: 'en' })).status).toBe(200);
      const [createdA, createdB] = await Promise.all([
        a.socket.next('session_created'),
        b.socket.next('session_created'),
      ]);
      const sessionId = createdA.payload.session.id;
      expect(createdB.payload.session.id).toBe(sessionId);
      expect(createdA.payload.peerProfile.id).toBe(b.id);
      expect(createdB.payload.peerProfile.id).toBe(a.id);

      a.socket.send({ type: 'offer', payload: { sdp: 'offer-through-nginx' } });
      expect((await b.socket.next('offer')).payload.sdp).toBe('offer-through-nginx');
      b.socket.send({ type: 'answer', payload: { sdp: 'answer-through-nginx' } });
      expect((await a.socket.next('answer')).payload.sdp).toBe('answer-through-nginx');
      b.socket.send({
        type: 'candidate',
        payload: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host' },
      });
      expect((await a.socket.next('candidate')).payload).toMatchObject({
        candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host',
      });
      a.socket.send({ type: 'media_connected' });
      b.socket.send({ type: 'media_connected' });

      b.socket.send({ type: 'end_session', payload: { reason: 'user_ended' } });
      const [endedA, endedB] = await Promise.all([
        a.socket.next('session_ended'),
        b.socket.next('session_ended'),
      ]);
      expect(endedA.payload).toEqual({ sessionId, reason: 'user_ended' });
      expect(endedB.payload).toEqual({ sessionId, reason: 'user_ended' });

      // The history, read through nginx from whichever instance answers, has the call.
      const history = sessionListSchema.parse(await (await api(a, '/sessions')).json());
      expect(history.data.find((session) => session.id === sessionId)?.endReason).toBe(
        'user_ended',
      );
    });

    it('sends the users of an instance given SIGTERM to the other one through nginx', async () => {
      // A socket opened on instance 0's own address tells which presence id is that process's.
      const probe = { id: await createLearner(database.db, new Date()) };
      const { accessToken } = await tokens.issue(probe.id, randomUUID());
      const probeSocket = new TestSocket(
        new WebSocket(instances[0]!.wsUrl, ['bearer', accessToken], {
          headers: { origin: publicUrl },
        }),
      );
      sockets.push(probeSocket);
      await probeSocket.opened;
      await eventually(async () => (await instanceOf(probe)) !== null);
      const stopping = (await instanceOf(probe))!;
      const before = await Promise.all(users.map(instanceOf));
      const movers = users.filter((_, i) => before[i] === stopping);
      expect(movers.length).toBeGreaterThan(0);
      expect(movers.length).toBeLessThan(users.length);

      await instances[0]!.stop('SIGTERM');
      // Its users, and only they, were told to reconnect (1012) at once.
      for (const user of movers) expect((await user.socket.closed).code).toBe(1012);
      for (const user of users) {
        if (!movers.includes(user)) expect(user.socket.ws.readyState).toBe(WebSocket.OPEN);
      }
      // Through the same address they land on the surviving instance.
      for (const user of movers) user.socket = await connect(user.token);
      await eventually(async () => {
        const now = await Promise.all(users.map(instanceOf));
        return now.every((instance) => instance !== null && instance !== stopping);
      });
      for (const user of users) expect(user.socket.ws.readyState).toBe(WebSocket.OPEN);
      // And the next call is made there.
      const [x, y] = [users[1]!, users[2]!];
      // A socket that did not move still holds the previous test's session_created (one of
      // the two may have been its `b`): wait for the one after those.
      const earlier = (user: User) => user.socket.of('session_created').length;
      const [skipX, skipY] = [earlier(x), earlier(y)];
      expect((await api(x, '/match/find', { languageCode: 'en' })).status).toBe(200);
      expect((await api(y, '/match/find', { languageCode: 'en' })).status).toBe(200);
      const [cx, cy] = await Promise.all([
        x.socket.next('session_created', skipX),
        y.socket.next('session_created', skipY),
      ]);
      expect(cx.payload.session.id).toBe(cy.payload.session.id);
    });
  },
  180_000,
);
