import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../paths.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { warmConnections } from './prepared.ts';
import { schema, type Schema } from './schema.ts';

/** What repositories receive: the same drizzle API whichever driver runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pg' | 'pglite';
  /** Applies pending migrations from apps/server/drizzle; safe to call on every start. */
  migrate(): Promise<void>;
  /**
   * Opens every pooled connection and prepares the hot statements on each (warmConnections);
   * answers the warm-ups that failed. Call after migrate, before taking traffic.
   */
  warm(): Promise<unknown[]>;
  /** Idempotent. */
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { driver: 'pg'; url: string; poolSize?: number; statementTimeoutMs?: number }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { driver: 'pglite'; dataDir?: string };

export const migrationsFolder = join(serverRoot, 'drizzle');

export interface DatabaseEvents {
  /** An idle pooled connection failed (PostgreSQL only); the pool replaces it. */
  onPoolError?: (error: Error) => void;
}

export async function openDatabase(
  options: DatabaseOptions,
  events: DatabaseEvents = {},
): Promise<DatabaseHandle> {
  return options.driver === 'pg' ? openPostgres(options, events) : openPglite(options.dataDir);
}

/** DATABASE_URL selects PostgreSQL; without it the embedded PGlite keeps its files in DATA_DIR. */
export function databaseOptionsFrom(config: {
  DATABASE_URL?: string | undefined;
  DATABASE_POOL_SIZE: number;
  DATABASE_STATEMENT_TIMEOUT_MS?: number | undefined;
  DATA_DIR: string;
}): DatabaseOptions {
  return config.DATABASE_URL
    ? {
        driver: 'pg',
        url: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        ...(config.DATABASE_STATEMENT_TIMEOUT_MS
          ? { statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS }
          : {}),
      }
    : { driver: 'pglite', dataDir: join(config.DATA_DIR, 'pglite') };
}

/** Any fixed number shared by all instances; names the advisory lock that serialises migrations. */
const MIGRATION_LOCK_ID = 7_302_114;

/**
 * How long a query waits for a connection: to open one, or for a busy pool to free one. While
 * PostgreSQL is down or swamped, requests fail after this (503) instead of queueing for ever.
 */
const CONNECTION_TIMEOUT_MS = 3_000;
/**
 * How long PostgreSQL may take over one statement before it cancels it (SQLSTATE 57014, a 503):
 * a table locked by a long transaction or a swamped server fails requests instead of holding
 * them. Migrations run on a connection of their own, without it.
 */
const STATEMENT_TIMEOUT_MS = 5_000;
/**
 * How much longer than the statement timeout the driver waits for any answer: a server that has
 * stopped answering altogether (frozen, a network partition) cannot cancel anything itself.
 */
const ANSWER_MARGIN_MS = 2_000;
/**
 * Idle connections are kept (0: never closed). Each one's statements are parsed and planned and
 * its functions compiled on first use, 5-18 ms each on this machine: a pool that shrank after a
 * burst paid it again in the next, on the requests that met a new connection. The pool is at
 * most DATABASE_POOL_SIZE connections either way; warm() opens them all at start.
 */
const IDLE_TIMEOUT_MS = 0;
/** TCP keepalive probes start after this much silence, to notice a vanished host. */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * The hot reads are named statements (db/prepared.ts), each planned once per connection. Left to
 * itself, PostgreSQL plans a statement's first five runs for their values, then keeps a generic
 * plan only if it looks no dearer than those; for a statement that takes arrays (the batched
 * searcher reads and charges), the generic plan's estimate grows with an array length it cannot
 * know, so it never looks cheap enough and every run was planned anew: 0.7 ms of planning for a
 * single find's read, four times the read itself. The statements are written for their generic
 * plans (index probes whatever the values), so they always get one: a startup option of the
 * pool's connections, after any in PGOPTIONS (a DATABASE_URL with an `options` parameter of its
 * own replaces both, as node-postgres reads it).
 */
const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

const DEFAULT_POOL_SIZE = 10;

/** Swallows a client's error event: whoever holds the client sees the error on its query. */
const ignoreClientError = () => {};

function openPostgres(
  options: Extract<DatabaseOptions, { driver: 'pg' }>,
  events: DatabaseEvents,
): DatabaseHandle {
  const statementTimeoutMs = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    statement_timeout: statementTimeoutMs,
    options: [process.env.PGOPTIONS, GENERIC_PLANS].filter(Boolean).join(' '),
    query_timeout: statementTimeoutMs + ANSWER_MARGIN_MS,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  });
  // An idle client losing its connection emits on the pool; unhandled, that would kill the process.
  pool.on('error', (error) => events.onPoolError?.(error));
  // A checked-out client (a transaction, an advisory lock) has no pool listener, and PostgreSQL
  // going away makes it emit 'error', which would kill the process: each client gets one for life.
  pool.on('connect', (client) => client.on('error', ignoreClientError));
  const db = drizzlePg({ client: pool, schema });

  // Several instances may start together against one database; drizzle's migrator does not
  // lock, so a session-level advisory lock on a connection of its own makes them take turns.
  // The migrations run on that connection too: it has no statement timeout to cut them short.
  async function migrate() {
    const lock = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    });
    lock.on('error', ignoreClientError);
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg({ client: lock, schema }), { migrationsFolder });
    } finally {
      await lock.end();
    }
  }

  let closing: Promise<void> | undefined;
  return {
    db,
    driver: 'pg',
    migrate,
    warm: () => warmConnections(db, options.poolSize ?? DEFAULT_POOL_SIZE),
    close: () => (closing ??= pool.end()),
  };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (!dataDir) {
    const client = new PGlite();
    await client.waitReady;
    return pgliteHandle(client);
  }
  mkdirSync(dataDir, { recursive: true });
  // Throws DataDirInUseError when another process (a running server, the admin CLI) has it.
  const unlock = lockDataDir(dataDir);
  try {
    const client = new PGlite(dataDir);
    await client.waitReady;
    const handle = pgliteHandle(client);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Wraps an open PGlite; tests use it to start from a prepared, already migrated image. */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One in-process session: nothing to open, and its queries are planned on each run anyway.
    warm: () => Promise.resolve([]),
    close: () => (client.closed ? Promise.resolve() : client.close()),
  };
}
