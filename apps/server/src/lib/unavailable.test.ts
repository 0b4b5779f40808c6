import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Redis, type RedisOptions } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from './errors.ts';
import { isUnavailableError, unavailableReason } from './unavailable.ts';

/** A local TCP server that does `onSocket` with each connection: stays silent, or hangs up. */
async function tcpServer(onSocket: (socket: Socket) => void) {
  const server = createServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const closeServer = (server: Server) => new Promise((resolve) => server.close(resolve));

/** A port nothing listens on (briefly bound, then released). */
async function closedPort() {
  const { server, port } = await tcpServer(() => {});
  await closeServer(server);
  return port;
}

/** What the promise rejects with (fails the test if it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

/** A pg DatabaseError as the protocol parser builds it from an ErrorResponse. */
function databaseError(code: string, message: string) {
  return Object.assign(new pg.DatabaseError(message, message.length, 'error'), {
    code,
    severity: 'FATAL',
  });
}

describe('unavailableReason', () => {
  const sockets: Socket[] = [];
  let silentPort: number;
  let hangUpPort: number;
  let refusedPort: number;
  const servers: Server[] = [];

  beforeAll(async () => {
    const silent = await tcpServer((socket) => sockets.push(socket));
    const hangUp = await tcpServer((socket) => socket.destroy());
    servers.push(silent.server, hangUp.server);
    silentPort = silent.port;
    hangUpPort = hangUp.port;
    refusedPort = await closedPort();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map(closeServer));
  });

  describe('PostgreSQL', () => {
    it('recognises the SQLSTATEs of a server shutting down, starting, full or too slow', () => {
      for (const code of ['57P01', '57P02', '57P03', '53300', '57014', '08006', '08001', '08P01']) {
        expect(unavailableReason(databaseError(code, 'server says no'))).toBe(code);
      }
    });

    it('looks through drizzle wrapping the driver error', () => {
      const cause = databaseError('57P01', 'terminating connection due to administrator command');
      const wrapped = new DrizzleQueryError('select pg_sleep(5)', [], cause);
      expect(unavailableReason(wrapped)).toBe('57P01');
    });

    it('ignores SQLSTATEs of a wrong query, however the message reads', () => {
      for (const code of ['23505', '42P01', '40001', '53100', '55P03']) {
        const error = new DrizzleQueryError('select 1', [], databaseError(code, 'connection'));
        expect(isUnavailableError(error)).toBe(false);
      }
    });

    it('recognises a refused connection from a real pool', async () => {
      const pool = new pg.Pool({ port: refusedPort, host: '127.0.0.1', max: 1 });
      const error = await rejectionOf(pool.query('select 1'));
      await pool.end();
      expect(unavailableReason(new DrizzleQueryError('select 1', [], error as Error))).toBe(
        'ECONNREFUSED',
      );
    });

    it('recognises a server hanging up while a real client connects', async () => {
      const client = new pg.Client({ port: hangUpPort, host: '127.0.0.1' });
      const error = await rejectionOf(client.connect());
      expect(unavailableReason(error)).toBe('Connection terminated unexpectedly');
    });

    it("recognises a real pool's timeouts: connecting, and waiting for a free client", async () => {
      const pool = new pg.Pool({
        port: silentPort,
        host: '127.0.0.1',
        max: 1,
        connectionTimeoutMillis: 100,
      });
      const [connecting, waiting] = await Promise.all([
        rejectionOf(pool.query('select 1')),
        rejectionOf(pool.query('select 2')),
      ]);
      await pool.end();
      expect(unavailableReason(connecting)).toBe('Connection terminated due to connection timeout');
      expect(unavailableReason(waiting)).toBe('timeout exceeded when trying to connect');
    });

    it('recognises a query that got no answer at all within the read timeout', () => {
      const error = new DrizzleQueryError('select 1', [], new Error('Query read timeout'));
      expect(unavailableReason(error)).toBe('Query read timeout');
    });

    it('recognises a transaction whose rollback found its connection dead', () => {
      const cause = new Error('Client has encountered a connection error and is not queryable');
      const error = new DrizzleQueryError('rollback', [], cause);
      expect(unavailableReason(error)).toBe(cause.message);
    });
  });

  describe('Redis (ioredis)', () => {
    /** A client that neither retries for long nor reports its connection errors as unhandled. */
    function redis(port: number, options: RedisOptions = {}) {
      const client = new Redis({
        port,
        host: '127.0.0.1',
        lazyConnect: true,
        retryStrategy: () => 20,
        ...options,
      });
      client.on('error', () => {});
      return client;
    }

    it('recognises giving up after the retries a command may wait', async () => {
      const client = redis(refusedPort, { maxRetriesPerRequest: 0 });
      const error = await rejectionOf(client.get('key'));
      client.disconnect();
      expect((error as Error).name).toBe('MaxRetriesPerRequestError');
      expect(unavailableReason(error)).toBe('MaxRetriesPerRequestError');
    });

    it('recognises a command timing out on a server that does not answer', async () => {
      const client = redis(silentPort, { commandTimeout: 50 });
      const error = await rejectionOf(client.get('key'));
      client.disconnect();
      expect(unavailableReason(error)).toBe('Command timed out');
    });

    it('recognises a closed connection and a disconnected client without offline queue', async () => {
      const closed = redis(refusedPort);
      closed.disconnect();
      expect(unavailableReason(await rejectionOf(closed.get('key')))).toBe('Connection is closed.');

      const offline = redis(refusedPort, { enableOfflineQueue: false });
      const error = await rejectionOf(offline.get('key'));
      offline.disconnect();
      expect(unavailableReason(error)).toBe(
        "Stream isn't writeable and enableOfflineQueue options is false",
      );
    });
  });

  it('recognises socket errno codes, also inside an AggregateError', () => {
    for (const code of ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']) {
      expect(unavailableReason(Object.assign(new Error(`connect ${code}`), { code }))).toBe(code);
    }
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(unavailableReason(new AggregateError([refused], 'connect failed'))).toBe('ECONNREFUSED');
  });

  it('leaves every other error alone, even one whose text mentions a connection', () => {
    const others = [
      new Error('boom'),
      new Error('connect ECONNREFUSED 10.0.0.3:5432'),
      new Error('Connection terminated unexpectedly while reading the profile'),
      new ConflictError('Already in a call', 1001),
      Object.assign(new Error('missing file'), { code: 'ENOENT' }),
      { code: 500 },
      'Connection is closed.',
      null,
      undefined,
    ];
    for (const error of others) expect(isUnavailableError(error)).toBe(false);
  });

  it('stops walking a cause chain that loops', () => {
    const looping: { message: string; cause?: unknown } = { message: 'outer' };
    looping.cause = looping;
    expect(isUnavailableError(looping)).toBe(false);
  });
});
