import { tokenDay } from '@parlo/contract/tokens';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../src/db/tables/sessions.ts';
import { createMatchingRepo } from '../src/modules/matching/matching-repo.ts';
import { createLiveSessionsRepo } from '../src/modules/sessions/live-sessions-repo.ts';
import {
  activeSubscriptionJoin,
  rowsOf,
  tokenStateColumns,
} from '../src/modules/tokens/token-state-query.ts';
import { useClockedApp } from './helpers/accounts.ts';
import { drivers } from './helpers/test-app.ts';

const PAST_CALLS = 2_000;
const OPEN_CALLS = 200;

/**
 * Every find and every session charge asks whether the user is already in a call. The answer
 * must come from that user's own entries in the open-session indexes: a scan of every open call
 * (as PostgreSQL plans `ended_at is null and (user1_id = $1 or user2_id = $1)`, statistics up
 * to date) costs each find more the busier the service is (issue 20). PostgreSQL only: the
 * plans in question are the generic ones a pooled connection keeps.
 */
describe.runIf(drivers.includes('pg'))('asking whether a user is in a call', () => {
  const ctx = useClockedApp('pg');

  it("reads none of the other calls' rows or index entries, however many are open", async () => {
    // Each call between two users of its own, as in a real busy hour.
    const others = await Promise.all(Array.from({ length: OPEN_CALLS * 2 }, () => ctx.account()));
    const call = (i: number, ended: boolean) => ({
      languageCode: 'en',
      user1Id: others[(2 * i) % others.length]!.id,
      user2Id: others[(2 * i + 1) % others.length]!.id,
      createdAt: ctx.clock.now(),
      ...(ended ? { endedAt: ctx.clock.now(), endReason: 'user_ended' as const } : {}),
    });
    // A history of calls and a busy hour, the statistics up to date.
    await ctx.db
      .insert(sessions)
      .values(Array.from({ length: PAST_CALLS }, (_, i) => call(i, true)));
    await ctx.db
      .insert(sessions)
      .values(Array.from({ length: OPEN_CALLS }, (_, i) => call(i, false)));
    await ctx.db.execute(sql`analyze sessions`);
    const user = await ctx.account();
    const now = ctx.clock.now();
    const day = tokenDay(now);

    const entriesRead = await ctx.db.transaction(async (tx) => {
      // The plans a pooled connection settles on after its first few runs of a statement.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const searcher = await createMatchingRepo(tx).loadSearcher(user.id, 'en', now);
      expect(searcher?.inSession).toBe(false);
      // The charge compares this under the users' locks (the one-trip charge)...
      await tx.execute(sql`select parlo_token_fingerprint(${user.id}::uuid, ${day}::date)`);
      // ...or reads the state again (the long way).
      const [state] = await rowsOf<{ in_session: boolean }>(
        tx,
        sql`select ${tokenStateColumns(sql`u.id`, day)}
          from users u ${activeSubscriptionJoin(sql`u.id`)} where u.id = ${user.id}`,
      );
      expect(state?.in_session).toBe(false);
      // Every socket connection asks for the user's call in progress.
      expect(await createLiveSessionsRepo(tx).findOpenForUser(user.id)).toBeUndefined();
      const [read] = await rowsOf<{ entries: number; scans: number }>(
        tx,
        // Rows a scan of the table read, entries the scans of its indexes read.
        sql`select sum(pg_stat_get_xact_tuples_returned(c.oid))::int as entries,
            sum(pg_stat_get_xact_numscans(c.oid))::int as scans
          from pg_class c
          where c.oid = 'sessions'::regclass
            or c.oid in (select indexrelid from pg_index where indrelid = 'sessions'::regclass)`,
      );
      return read!;
    });
    // The reads looked (so the counters count) and found nothing of the others' calls.
    expect(entriesRead.scans).toBeGreaterThanOrEqual(5);
    expect(entriesRead.entries).toBe(0);
  });

  it('keeps the statistics of the calls table current, not a tenth of its rows late', async () => {
    // The plans above are chosen from them: taken in a quiet hour, they make a scan of every open
    // call look as cheap as the probe. Autovacuum analyzes and vacuums after a fixed number of
    // changes (migration 0012) instead of after a fraction of a table that only grows.
    const [row] = await rowsOf<{ options: string[] }>(
      ctx.db,
      sql`select reloptions as options from pg_class where oid = 'sessions'::regclass`,
    );
    expect(row?.options).toEqual(
      expect.arrayContaining([
        'autovacuum_analyze_scale_factor=0',
        'autovacuum_analyze_threshold=1000',
        'autovacuum_vacuum_scale_factor=0',
        'autovacuum_vacuum_threshold=2000',
      ]),
    );
  });
});
