import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type App } from '../src/app.ts';
import type { Broker } from '../src/broker/broker.ts';
import { HEARTBEAT_INTERVAL_MS } from '../src/realtime/gateway.ts';
import { createMemoryBroker } from '../src/broker/memory-broker.ts';
import type { Config } from '../src/config/env.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createAccessTokens } from '../src/modules/auth/access-tokens.ts';
import { createLearner } from './helpers/learners.ts';
import { TestSocket } from './helpers/live-app.ts';
import { createTestDatabase, testConfig } from './helpers/test-app.ts';

const HEARTBEAT_MS = 300;

interface HeartbeatApp {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /** An open socket of a new user; `autoPong: false` makes a client that never answers pings. */
  open: (options?: { autoPong?: boolean }) => Promise<{ socket: TestSocket; userId: string }>;
}

/** A listening app with a fast heartbeat; closed (with its database) after `run`. */
async function withApp(
  broker: Broker | undefined,
  run: (ctx: HeartbeatApp) => Promise<void>,
  heartbeatMs = HEARTBEAT_MS,
) {
  const database = await createTestDatabase('pglite');
  await seedDatabase(database.db);
  const config = testConfig({ PUBLIC_URL: 'http://localhost:3000' });
  const app = await buildApp({
    config,
    db: database.db,
    heartbeatMs,
    ...(broker ? { broker } : {}),
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const tokens = createAccessTokens({
      secret: config.JWT_SECRET,
      issuer: config.PUBLIC_URL,
      now: () => Date.now(),
    });
    await run({
      app,
      database,
      config,
      open: async ({ autoPong = true } = {}) => {
        const userId = await createLearner(database.db, new Date(), { profile: false });
        const { accessToken } = await tokens.issue(userId, randomUUID());
        const socket = new TestSocket(
          new WebSocket(`ws://127.0.0.1:${port}/ws`, ['bearer', accessToken], {
            autoPong,
            headers: { origin: config.PUBLIC_URL },
          }),
        );
        await socket.opened;
        return { socket, userId };
      },
    });
  } finally {
    await app.close();
    await database.close();
  }
}

describe('socket heartbeat and shutdown', () => {
  it('drops a socket that stops answering pings, keeps live ones, and closes all on app.close', async () => {
    await withApp(undefined, async ({ app, open }) => {
      const { socket: silent } = await open({ autoPong: false });
      const { socket: live } = await open();
      const started = Date.now();
      const { code } = await silent.closed;
      expect(code).toBe(1006);
      expect(Date.now() - started).toBeLessThan(HEARTBEAT_MS * 4);
      expect(live.ws.readyState).toBe(WebSocket.OPEN);
      await app.close();
      expect((await live.closed).code).toBe(1012);
    });
  });

  it('spreads the pings over the interval, a few sockets per tick, instead of a burst', async () => {
    // The production interval: 40 sockets, watched for 1.5 s of it.
    await withApp(
      undefined,
      async ({ open }) => {
        const pings: number[] = [];
        for (let i = 0; i < 40; i++) {
          const { socket } = await open();
          socket.ws.on('ping', () => pings.push(performance.now()));
        }
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        // Pings less than 20 ms apart went out in the same tick (ticks are 50 ms apart).
        const ticks: number[][] = [];
        for (const at of pings.sort((a, b) => a - b)) {
          const last = ticks.at(-1);
          if (last && at - last.at(-1)! < 20) last.push(at);
          else ticks.push([at]);
        }
        expect(pings.length).toBeGreaterThanOrEqual(10);
        expect(ticks.length).toBeGreaterThanOrEqual(10);
        expect(Math.max(...ticks.map((tick) => tick.length))).toBeLessThanOrEqual(3);
      },
      HEARTBEAT_INTERVAL_MS,
    );
  });

  it('neither pings nor drops a socket whose presence claim is still in flight', async () => {
    const broker = createMemoryBroker(systemClock);
    const claim = broker.claimPresence.bind(broker);
    // A slow broker: each claim takes longer than a whole heartbeat round.
    broker.claimPresence = async (userId, instanceId) => {
      await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 2));
      return claim(userId, instanceId);
    };
    await withApp(broker, async ({ open }) => {
      const { socket, userId } = await open();
      await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 4));
      expect(socket.ws.readyState).toBe(WebSocket.OPEN);
      expect(await broker.isOnline(userId)).toBe(true);
    });
  });
});
