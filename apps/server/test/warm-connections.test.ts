import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { seedDatabase } from '../src/db/seed.ts';
// The modules whose statements a find, a match and a call's end run (importing one declares them).
import '../src/modules/matching/matching-repo.ts';
import '../src/modules/sessions/live-sessions-repo.ts';
import '../src/modules/tokens/session-charge-repo.ts';
import '../src/modules/users/users-repo.ts';
import { createTestDatabase, drivers } from './helpers/test-app.ts';

/**
 * At start the server opens every pooled connection and prepares the hot statements on each, so
 * that no request is the one that parses and plans a statement on its connection (5-18 ms here).
 */
describe.runIf(drivers.includes('pg'))('warming the database pool', () => {
  it('opens every connection and prepares each hot statement on it, writing nothing', async () => {
    const database = await createTestDatabase('pg');
    try {
      await seedDatabase(database.db);
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      expect(await database.warm()).toEqual([]);
      // The test pool's size: every connection open, all idle again.
      expect(pool.totalCount).toBe(4);
      expect(pool.idleCount).toBe(4);
      const clients = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
      try {
        for (const client of clients) {
          const { rows } = await client.query<{ name: string }>(
            'select name from pg_prepared_statements',
          );
          expect(rows.map((row) => row.name)).toEqual(
            expect.arrayContaining([
              'parlo_load_searcher_batch',
              'parlo_charge_session',
              'parlo_charge_sessions',
              'parlo_end_sessions',
              'parlo_open_session_of',
              'parlo_account_status_batch',
            ]),
          );
        }
      } finally {
        for (const client of clients) client.release();
      }
      const [written] = await database.db
        .execute<{ n: number }>(
          sql`select (select count(*) from sessions) + (select count(*) from token_ledger)
          + (select count(*) from usages) + (select count(*) from users) as n`,
        )
        .then((result) => (result as { rows: { n: string }[] }).rows);
      expect(Number(written!.n)).toBe(0);
    } finally {
      await database.close();
    }
  });
});
