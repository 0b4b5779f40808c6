import pg from 'pg';
import type { Database } from './client.ts';

/**
 * The pg pool behind `db`; undefined on PGlite, one in-process session, where there are no
 * round trips to save and no connections to share: what batches on a pool runs call by call.
 */
export function poolOf(db: Database): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * Where `db`'s statements go on PostgreSQL: the pool, or inside a transaction the pooled
 * connection it holds (drizzle keeps it on the transaction's session). Undefined on PGlite.
 */
export function postgresClientOf(db: Database): pg.Pool | pg.Client | undefined {
  const pool = poolOf(db);
  if (pool) return pool;
  const held = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return held instanceof pg.Client ? held : undefined;
}
