import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { createMemoryBroker } from '../src/broker/memory-broker.ts';
import { systemClock } from '../src/lib/clock.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { createAccessTokens } from '../src/modules/auth/access-tokens.ts';
import { createAuthRepo } from '../src/modules/auth/auth-repo.ts';
import { TestSocket } from './helpers/live-app.ts';
import { createTestDatabase, testConfig } from './helpers/test-app.ts';

const HEARTBEAT_MS = 300;

describe('socket heartbeat and shutdown', () => {
  it('drops a socket that stops answering pings, keeps live ones, and closes all on app.close', async () => {
    const database = await createTestDatabase('pglite');
    await seedDatabase(database.db);
    const config = testConfig({ PUBLIC_URL: 'http://localhost:3000' });
    const app = await buildApp({ config, db: database.db, heartbeatMs: HEARTBEAT_MS });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const tokens = createAccessTokens({
        secret: config.JWT_SECRET,
        issuer: config.PUBLIC_URL,
        now: () => Date.now(),
      });
      const open = async (autoPong: boolean) => {
        const subject = Math.random().toString(36).slice(2);
        const user = await createAuthRepo(database.db).createAccount({
          provider: 'google',
          providerSubject: subject,
          username: `${subject}@example.com`,
          email: null,
          referralId: subject.toUpperCase(),
          referralCode: null,
          now: new Date(),
        });
        const { accessToken } = await tokens.issue(user!.id);
        const socket = new TestSocket(
          new WebSocket(`ws://127.0.0.1:${port}/ws`, ['bearer', accessToken], {
            autoPong,
            headers: { origin: config.PUBLIC_URL },
          }),
        );
        await socket.opened;
        return socket;
      };
      const silent = await open(false);
      const live = await open(true);
      const started = Date.now();
      const { code } = await silent.closed;
      expect(code).toBe(1006);
      expect(Date.now() - started).toBeLessThan(HEARTBEAT_MS * 4);
      expect(live.ws.readyState).toBe(WebSocket.OPEN);
      await app.close();
      expect((await live.closed).code).toBe(1012);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('neither pings nor drops a socket whose presence claim is still in flight', async () => {
    const database = await createTestDatabase('pglite');
    await seedDatabase(database.db);
    const config = testConfig({ PUBLIC_URL: 'http://localhost:3000' });
    const broker = createMemoryBroker(systemClock);
    const claim = broker.claimPresence.bind(broker);
    // A slow broker: each claim takes longer than a whole heartbeat round.
    broker.claimPresence = async (userId, instanceId) => {
      await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 2));
      return claim(userId, instanceId);
    };
    const app = await buildApp({ config, db: database.db, heartbeatMs: HEARTBEAT_MS, broker });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const tokens = createAccessTokens({
        secret: config.JWT_SECRET,
        issuer: config.PUBLIC_URL,
        now: () => Date.now(),
      });
      const subject = Math.random().toString(36).slice(2);
      const user = await createAuthRepo(database.db).createAccount({
        provider: 'google',
        providerSubject: subject,
        username: `${subject}@example.com`,
        email: null,
        referralId: subject.toUpperCase(),
        referralCode: null,
        now: new Date(),
      });
      const { accessToken } = await tokens.issue(user!.id);
      const socket = new TestSocket(
        new WebSocket(`ws://127.0.0.1:${port}/ws`, ['bearer', accessToken], {
          headers: { origin: config.PUBLIC_URL },
        }),
      );
      await socket.opened;
      await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 4));
      expect(socket.ws.readyState).toBe(WebSocket.OPEN);
      expect(await broker.isOnline(user!.id)).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
