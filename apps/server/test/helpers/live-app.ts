import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ServerMessage } from '@parlo/contract/realtime';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type App, type AppDeps } from '../../src/app.ts';
import type { Config, Env } from '../../src/config/env.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { createAccessTokens } from '../../src/modules/auth/access-tokens.ts';
import { createTokensRepo } from '../../src/modules/tokens/tokens-repo.ts';
import type { Scheduler } from '../../src/lib/scheduler.ts';
import { apiHeaders } from './oauth.ts';
import { createLearner, type LearnerOptions } from './learners.ts';
import { createTestDatabase, manualClock, testConfig, type Driver } from './test-app.ts';

type ManualClock = ReturnType<typeof manualClock>;

/** Timers on the manual clock: `advance` moves the clock and runs what fell due, in order. */
export function manualScheduler(clock: ManualClock) {
  interface Task {
    id: number;
    at: number;
    every?: number;
    run: () => void;
  }
  let tasks: Task[] = [];
  let nextId = 0;
  const add = (ms: number, run: () => void, every?: number) => {
    const task: Task = { id: nextId++, at: clock.now().getTime() + ms, run };
    if (every !== undefined) task.every = every;
    tasks.push(task);
    return () => {
      tasks = tasks.filter((t) => t.id !== task.id);
    };
  };
  const scheduler: Scheduler & { advance(ms: number): void; pending(): number } = {
    after: (ms, run) => add(ms, run),
    every: (ms, run) => add(ms, run, ms),
    dispose() {
      tasks = [];
    },
    pending: () => tasks.length,
    advance(ms) {
      const target = clock.now().getTime() + ms;
      for (;;) {
        const due = tasks
          .filter((t) => t.at <= target)
          .sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) break;
        clock.advance(due.at - clock.now().getTime());
        if (due.every === undefined) tasks = tasks.filter((t) => t.id !== due.id);
        else due.at += due.every;
        due.run();
      }
      clock.advance(target - clock.now().getTime());
    },
  };
  return scheduler;
}

/** A socket client that records every message it receives. */
export class TestSocket {
  readonly messages: ServerMessage[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse((data as Buffer).toString('utf8')) as ServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    ws.on('error', () => undefined);
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`unexpected response ${res.statusCode}`)),
      );
      ws.once('error', reject);
    });
    this.opened.catch(() => undefined);
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  send(message: unknown) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  of<T extends ServerMessage['type']>(type: T) {
    return this.messages.filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type);
  }

  /** The first message of `type` after the `skip` earlier ones of that type. */
  async next<T extends ServerMessage['type']>(type: T, skip = 0, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.of(type)[skip];
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(`no ${type} message; got ${this.messages.map((m) => m.type).join(',')}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    this.ws.close();
    return this.closed;
  }
}

export interface AccountOptions extends LearnerOptions {
  /** Bonus tokens on top of the free plan's 3 a day. */
  bonus?: number;
  /** Unlimited sessions. */
  premium?: boolean;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds (or fails after the timeout). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/**
 * A listening app (real sockets on loopback) on a manual clock and scheduler: accounts with a
 * profile and a language, sockets, and calls to the API as any user.
 */
export function useLiveApp(
  driver: Driver,
  env: Env = {},
  /** Made in beforeAll: e.g. a Redis broker (closed by whoever made it), a capturing logger. */
  extra: () => Partial<Pick<AppDeps, 'broker' | 'rateCounter' | 'redis' | 'logger'>> = () => ({}),
  database: Parameters<typeof createTestDatabase>[1] = {},
) {
  const clock = manualClock();
  const scheduler = manualScheduler(clock);
  const state = {} as { app: App; database: DatabaseHandle; config: Config; url: string };
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    state.database = await createTestDatabase(driver, database);
    await seedDatabase(state.database.db);
    state.config = testConfig({ PUBLIC_URL: 'http://localhost:3000', ...env });
    state.app = await buildApp({
      config: state.config,
      db: state.database.db,
      clock,
      scheduler,
      ...extra(),
    });
    await state.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = state.app.server.address() as AddressInfo;
    state.url = `ws://127.0.0.1:${port}/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await state.app.close();
    await state.database.close();
  });

  async function account(options: AccountOptions = {}) {
    const db = state.database.db;
    const id = await createLearner(db, clock.now(), options);
    const created = { id };
    if (options.premium) await createTokensRepo(db).grantPremium(created.id, 30, clock.now());
    if (options.bonus) {
      await createTokensRepo(db).grantBonusTokens(created.id, options.bonus, clock.now());
    }
    return created.id;
  }

  async function tokenFor(userId: string) {
    const tokens = createAccessTokens({
      secret: state.config.JWT_SECRET,
      issuer: state.config.PUBLIC_URL,
      now: () => clock.now().getTime(),
    });
    return (await tokens.issue(userId, randomUUID())).accessToken;
  }

  function rawSocket(protocols: string[], origin: string | undefined = state.config.PUBLIC_URL) {
    const socket = new TestSocket(
      new WebSocket(state.url, protocols, origin ? { headers: { origin } } : {}),
    );
    sockets.push(socket);
    return socket;
  }

  /** An open, authenticated socket of the user. */
  async function connect(userId: string) {
    const socket = rawSocket(['bearer', await tokenFor(userId)]);
    await socket.opened;
    // The gateway registers the socket right after the handshake; wait until presence shows it.
    await eventually(() => state.app.live.broker.isOnline(userId));
    return socket;
  }

  async function call(
    userId: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    return state.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...apiHeaders, authorization: `Bearer ${await tokenFor(userId)}` },
      ...(payload ? { payload } : {}),
    });
  }

  const find = (userId: string, languageCode = 'en') =>
    call(userId, 'POST', '/match/find', { languageCode });

  return {
    clock,
    scheduler,
    get app() {
      return state.app;
    },
    get db() {
      return state.database.db;
    },
    get config() {
      return state.config;
    },
    account,
    tokenFor,
    rawSocket,
    connect,
    call,
    find,
  };
}
