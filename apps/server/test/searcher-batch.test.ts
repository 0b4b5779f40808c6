import { randomUUID } from 'node:crypto';
import { PROFICIENCY_LEVELS } from '@parlo/contract/constants';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { userLanguages } from '../src/db/tables/users.ts';
import { createMatchingRepo } from '../src/modules/matching/matching-repo.ts';
import { rowsOf } from '../src/modules/tokens/token-state-query.ts';
import { useClockedApp } from './helpers/accounts.ts';
import { drivers } from './helpers/test-app.ts';

/**
 * A burst of finds reads its searchers together (issue 20: batch what can be batched). However
 * the reads are grouped, each find must get its own searcher: its own level in its own language,
 * nobody's answer for a user who does not exist.
 */
describe.each(drivers)('reading the searchers of many finds at once (%s)', (driver) => {
  const ctx = useClockedApp(driver);

  it('answers each find with its own searcher, whatever reads went together', async () => {
    const users = await Promise.all(Array.from({ length: 60 }, () => ctx.account()));
    const levelOf = (i: number) => PROFICIENCY_LEVELS[i % PROFICIENCY_LEVELS.length]!;
    await ctx.db.insert(userLanguages).values(
      users.flatMap((user, i) => [
        { userId: user.id, languageCode: 'en', proficiencyLevel: levelOf(i) },
        // Every third user learns Spanish too, a level higher (or lower at the top).
        ...(i % 3 === 0
          ? [{ userId: user.id, languageCode: 'es', proficiencyLevel: levelOf(i + 1) }]
          : []),
      ]),
    );
    const repo = createMatchingRepo(ctx.db);
    const now = ctx.clock.now();
    const asks = [
      ...users.map((user, i) => ({ userId: user.id, languageCode: 'en', level: levelOf(i) })),
      ...users.map((user, i) => ({
        userId: user.id,
        languageCode: 'es',
        level: i % 3 === 0 ? levelOf(i + 1) : null,
      })),
    ];
    // Shuffled, with a user who does not exist in the middle.
    const missing = randomUUID();
    const order = asks.map((ask, i) => ({ ask, key: (i * 7919) % asks.length }));
    order.sort((a, b) => a.key - b.key);
    const answers = await Promise.all([
      ...order.slice(0, 40).map(({ ask }) => repo.loadSearcher(ask.userId, ask.languageCode, now)),
      repo.loadSearcher(missing, 'en', now),
      ...order.slice(40).map(({ ask }) => repo.loadSearcher(ask.userId, ask.languageCode, now)),
    ]);

    expect(answers[40]).toBeUndefined();
    const found = [...answers.slice(0, 40), ...answers.slice(41)];
    expect(found.map((searcher) => searcher?.account.id)).toEqual(
      order.map(({ ask }) => ask.userId),
    );
    expect(found.map((searcher) => searcher?.level)).toEqual(order.map(({ ask }) => ask.level));
    expect(found.every((searcher) => searcher?.state.plan.code === 'free')).toBe(true);
  });
});

describe.runIf(drivers.includes('pg'))('searcher reads on PostgreSQL', () => {
  const ctx = useClockedApp('pg');

  it('go to PostgreSQL together when finds arrive while others are being read', async () => {
    const users = await Promise.all(Array.from({ length: 100 }, () => ctx.account()));
    const pool = (ctx.db as unknown as { $client: pg.Pool }).$client;
    const query = pool.query.bind(pool);
    let statements = 0;
    pool.query = ((config: unknown, ...rest: unknown[]) => {
      if ((config as { name?: string } | undefined)?.name === 'parlo_load_searcher_batch')
        statements++;
      return (query as (...args: unknown[]) => unknown)(config, ...rest);
    }) as typeof pool.query;
    try {
      const repo = createMatchingRepo(ctx.db);
      const now = ctx.clock.now();
      const answers = await Promise.all(users.map((user) => repo.loadSearcher(user.id, 'en', now)));
      expect(answers.map((searcher) => searcher?.account.id)).toEqual(users.map((u) => u.id));
      // One batch at a time of 64 reads at most: two statements here; one each would be 100.
      expect(statements).toBeGreaterThanOrEqual(2);
      expect(statements).toBeLessThanOrEqual(4);
    } finally {
      pool.query = query;
    }
  });

  it("keep the generic plans they are written for on the pool's connections", async () => {
    const [row] = await rowsOf<{ mode: string }>(
      ctx.db,
      sql`select current_setting('plan_cache_mode') as mode`,
    );
    expect(row?.mode).toBe('force_generic_plan');
  });
});
