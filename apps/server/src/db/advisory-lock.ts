import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from './client.ts';
import { poolOf } from './driver.ts';

export type LockedRun<T> = { acquired: true; value: T } | { acquired: false };

export interface AdvisoryLocks {
  /**
   * Runs `work` while holding the session-level advisory lock `key`, or answers
   * `{ acquired: false }` at once when another session holds it. `work` uses the ordinary
   * database (and its own transactions); the lock only says who may run it.
   */
  tryWithLock<T>(key: number, work: () => Promise<T>): Promise<LockedRun<T>>;
}

/**
 * On PostgreSQL the lock lives on a connection of its own, taken from the pool for the length of
 * the work: if the process dies, the connection drops and PostgreSQL frees the lock. PGlite has a
 * single session (and one process, see data-dir-lock.ts), where the same SQL succeeds but cannot
 * exclude anyone; callers keep their own in-process guard.
 */
export function createAdvisoryLocks(db: Database): AdvisoryLocks {
  const pool = poolOf(db);
  return pool ? poolLocks(pool) : sessionLocks(db);
}

function poolLocks(pool: pg.Pool): AdvisoryLocks {
  return {
    async tryWithLock(key, work) {
      const connection = await pool.connect();
      let broken: Error | undefined;
      try {
        const { rows } = await connection.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1::bigint) as locked',
          [key],
        );
        if (!rows[0]?.locked) return { acquired: false };
        try {
          return { acquired: true, value: await work() };
        } finally {
          await connection.query('select pg_advisory_unlock($1::bigint)', [key]).catch((error) => {
            broken = error instanceof Error ? error : new Error(String(error));
          });
        }
      } finally {
        // A connection that could not unlock is destroyed rather than pooled, which frees the lock.
        connection.release(broken);
      }
    },
  };
}

function sessionLocks(db: Database): AdvisoryLocks {
  return {
    async tryWithLock(key, work) {
      const result: unknown = await db.execute(
        sql`select pg_try_advisory_lock(${key}::bigint) as locked`,
      );
      if (!(result as { rows: { locked: boolean }[] }).rows[0]?.locked) return { acquired: false };
      try {
        return { acquired: true, value: await work() };
      } finally {
        await db.execute(sql`select pg_advisory_unlock(${key}::bigint)`);
      }
    },
  };
}
