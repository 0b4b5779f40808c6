import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../src/db/tables/sessions.ts';
import { createSessionsRepo } from '../src/modules/sessions/sessions-repo.ts';
import { rowsOf } from '../src/modules/tokens/token-state-query.ts';
import { useClockedApp } from './helpers/accounts.ts';
import { drivers } from './helpers/test-app.ts';

const MEMBERS = 200;
const PAGE = 10;

/**
 * A page of the sessions list names each partner. While `users` is small, PostgreSQL scans it
 * rather than use its primary key: looked up in a subquery per row, each partner cost a scan of
 * every member (a page of ten read the table ten times, and the statement's time in PostgreSQL
 * nearly doubled once autovacuum had analyzed the table). Joined to the page, the partners cost
 * at most one scan, or one probe each once the table is large (issue 20). PostgreSQL only: these
 * are the generic plans a pooled connection keeps.
 */
describe.runIf(drivers.includes('pg'))("a page of a member's sessions", () => {
  const ctx = useClockedApp('pg');

  it('reads the members table at most twice, however many partners the page names', async () => {
    const others = await Promise.all(Array.from({ length: MEMBERS }, () => ctx.account()));
    const member = await ctx.account();
    await ctx.db.insert(sessions).values(
      Array.from({ length: PAGE * 2 }, (_, i) => ({
        languageCode: 'en',
        user1Id: i % 2 === 0 ? member.id : others[i]!.id,
        user2Id: i % 2 === 0 ? others[i]!.id : member.id,
        createdAt: new Date(ctx.clock.now().getTime() - i * 60_000),
        endedAt: ctx.clock.now(),
        endReason: 'user_ended' as const,
      })),
    );
    await ctx.db.execute(sql`analyze users`);
    await ctx.db.execute(sql`analyze profiles`);
    await ctx.db.execute(sql`analyze sessions`);

    const read = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      // Rows the scans of the table read, and entries the scans of its indexes read, so far: the
      // counters also hold the connection's earlier work that is not yet reported.
      const usersRead = async () => {
        const [counts] = await rowsOf<{ rows: number }>(
          tx,
          sql`select sum(pg_stat_get_xact_tuples_returned(c.oid))::int as rows
            from pg_class c
            where c.oid = 'users'::regclass
              or c.oid in (select indexrelid from pg_index where indrelid = 'users'::regclass)`,
        );
        return counts!.rows;
      };
      const before = await usersRead();
      const page = await createSessionsRepo(tx).pageForUser(member.id, PAGE, 0, ctx.clock.now());
      const after = await usersRead();
      // The page is right: the newest ten, each with its partner.
      expect(page.total).toBe(PAGE * 2);
      expect(page.rows.map((row) => row.createdAt.getTime())).toEqual(
        Array.from({ length: PAGE }, (_, i) => ctx.clock.now().getTime() - i * 60_000),
      );
      expect(
        page.rows.map((row) => (row.user1?.id === member.id ? row.user2 : row.user1)?.id),
      ).toEqual(others.slice(0, PAGE).map((other) => other.id));
      return after - before;
    });
    // The member and the ten partners, each by key or in a scan of the table (PostgreSQL scans
    // so small a table for the member too): two scans at most, not one per row.
    expect(read).toBeGreaterThanOrEqual(PAGE + 1);
    expect(read).toBeLessThanOrEqual(2 * (MEMBERS + 1) + PAGE + 1);
  });
});
