import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { isUniqueViolation } from '../src/db/errors.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { createTestDatabase, drivers } from './helpers/test-app.ts';

const TABLES = [
  'ad_views',
  'billing_customers',
  'billing_events',
  'billing_subscriptions',
  'dev_billing_objects',
  'frame_flags',
  'languages',
  'level_calibrations',
  'match_exclusions',
  'moderation_actions',
  'plan_features',
  'plans',
  'profiles',
  'referrals',
  'refresh_tokens',
  'reports',
  'search_starts',
  'session_calibrations',
  'session_offers',
  'sessions',
  'subscriptions',
  'token_ledger',
  'usages',
  'user_languages',
  'user_safety_settings',
  'users',
];

async function rows<T>(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer raw queries with a `rows` array.
  const result = (await database.db.execute(query)) as { rows: T[] };
  return result.rows;
}

async function failure(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

describe.each(drivers)('database (%s)', (driver) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(driver, { fresh: true });
  });
  afterAll(() => database.close());

  it('migrates to the whole data model and nothing more', async () => {
    const tables = await rows<{ table_name: string }>(
      database,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toEqual(TABLES);
    // Migrations are idempotent: a second run at the next start changes nothing.
    await database.migrate();
  });

  it('seeds the catalogue and plans, and a second run changes nothing', async () => {
    await seedDatabase(database.db);
    await seedDatabase(database.db);

    const languages = await rows<{ code: string; native_name: string; available: boolean }>(
      database,
      sql`select code, native_name, available from languages order by sort_order`,
    );
    expect(languages).toHaveLength(12);
    expect(languages.filter((l) => l.available).map((l) => l.code)).toEqual(['en']);
    expect(languages[6]).toEqual({ code: 'zh', native_name: '中文', available: false });

    const features = await rows<{
      plan_code: string;
      feature_code: string;
      value: number;
      cost: number;
    }>(
      database,
      sql`select plan_code, feature_code, value, cost from plan_features
          order by plan_code, feature_code`,
    );
    expect(features).toEqual([
      { plan_code: 'free', feature_code: 'ads', value: 1, cost: 0 },
      { plan_code: 'free', feature_code: 'session_limit', value: 10, cost: 0 },
      { plan_code: 'free', feature_code: 'tokens', value: 3, cost: 1 },
      { plan_code: 'free', feature_code: 'video_ad_rewards', value: 5, cost: 0 },
      { plan_code: 'premium', feature_code: 'ads', value: 0, cost: 0 },
      { plan_code: 'premium', feature_code: 'session_limit', value: -1, cost: 0 },
      { plan_code: 'premium', feature_code: 'tokens', value: -1, cost: 1 },
      { plan_code: 'premium', feature_code: 'video_ad_rewards', value: 5, cost: 0 },
    ]);
    const plans = await rows<{ count: number | string }>(database, sql`select count(*) from plans`);
    expect(Number(plans[0]?.count)).toBe(2);
  });

  it("keeps an operator's availability and plan changes across seeds, but fixes names", async () => {
    await database.db.execute(
      sql`update languages set available = true, native_name = 'French' where code = 'fr'`,
    );
    await database.db.execute(
      sql`update plan_features set value = 4 where plan_code = 'free' and feature_code = 'tokens'`,
    );
    await seedDatabase(database.db);
    const [fr] = await rows<{ native_name: string; available: boolean }>(
      database,
      sql`select native_name, available from languages where code = 'fr'`,
    );
    expect(fr).toEqual({ native_name: 'Français', available: true });
    const [tokens] = await rows<{ value: number }>(
      database,
      sql`select value from plan_features where plan_code = 'free' and feature_code = 'tokens'`,
    );
    expect(tokens?.value).toBe(4);
  });

  it('recognises unique clashes by SQLSTATE 23505 and names the constraint', async () => {
    const userValues = (subject: string, referral: string) =>
      sql`insert into users (username, provider, provider_subject, referral_id)
          values ('ada@example.com', 'google', ${subject}, ${referral})`;
    await database.db.execute(userValues('subject-1', 'ref-1'));

    const sameSubject = await failure(database.db.execute(userValues('subject-1', 'ref-2')));
    expect(isUniqueViolation(sameSubject)).toBe(true);
    expect(isUniqueViolation(sameSubject, 'users_provider_subject_key')).toBe(true);
    expect(isUniqueViolation(sameSubject, 'users_referral_id_key')).toBe(false);

    const sameReferral = await failure(database.db.execute(userValues('subject-2', 'ref-1')));
    expect(isUniqueViolation(sameReferral, 'users_referral_id_key')).toBe(true);

    const checkViolation = await failure(
      database.db.execute(
        sql`insert into plan_features (plan_code, feature_code, value) values ('free', 'nope', 1)`,
      ),
    );
    expect(isUniqueViolation(checkViolation)).toBe(false);
  });

  it('enforces the pair order of match exclusions and the current-language key', async () => {
    const [user] = await rows<{ id: string }>(database, sql`select id from users limit 1`);
    const userId = user?.id ?? '';
    // A self-exclusion, or a pair stored in the wrong order, would let one row mean two things.
    const reversed = await failure(
      database.db.execute(
        sql`insert into match_exclusions (user_low_id, user_high_id) values (${userId}, ${userId})`,
      ),
    );
    expect((reversed as { cause?: { code?: string } }).cause?.code).toBe('23514');

    // The current language must be one of the user's languages.
    const orphanLanguage = await failure(
      database.db.execute(
        sql`insert into profiles (user_id, name, gender, country, date_of_birth, current_language_code)
            values (${userId}, 'Ada', 'female', 'GB', '1990-01-01', 'en')`,
      ),
    );
    expect((orphanLanguage as { cause?: { code?: string } }).cause?.code).toBe('23503');
  });

  it('refuses removing the current language but lets a whole account go', async () => {
    const [user] = await rows<{ id: string }>(database, sql`select id from users limit 1`);
    const userId = user?.id ?? '';
    await database.db.execute(
      sql`insert into user_languages (user_id, language_code, proficiency_level)
          values (${userId}, 'en', 'B1')`,
    );
    await database.db.execute(
      sql`insert into profiles (user_id, name, gender, country, date_of_birth, current_language_code)
          values (${userId}, 'Ada', 'female', 'GB', '1990-01-01', 'en')`,
    );
    const removeCurrent = await failure(
      database.db.execute(sql`delete from user_languages where user_id = ${userId}`),
    );
    expect((removeCurrent as { cause?: { code?: string } }).cause?.code).toBe('23503');

    await database.db.execute(sql`delete from users where id = ${userId}`);
    const left = await rows<{ count: number | string }>(
      database,
      sql`select (select count(*) from profiles) + (select count(*) from user_languages) as count`,
    );
    expect(Number(left[0]?.count)).toBe(0);
  });

  it('finds by index the rows that point at anything an account purge deletes', async () => {
    // Purging an account deletes its users row and, through `on delete cascade`, rows of other
    // tables in turn; every foreign key into any of them is then checked or changed row by row,
    // which reads the whole referencing table unless an index leads with the key's column.
    const keys = await rows<{
      child: string;
      column: string;
      parent: string;
      action: string;
      indexed: boolean;
    }>(
      database,
      sql`select c.conrelid::regclass::text as child, a.attname as "column",
            c.confrelid::regclass::text as parent, c.confdeltype::text as action,
            exists (select 1 from pg_index i
              where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]) as indexed
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.contype = 'f'`,
    );
    const deleted = new Set(['users']);
    for (let grown = true; grown;) {
      grown = false;
      for (const key of keys) {
        if (key.action === 'c' && deleted.has(key.parent) && !deleted.has(key.child)) {
          deleted.add(key.child);
          grown = true;
        }
      }
    }
    expect([...deleted]).toEqual(expect.arrayContaining(['users', 'reports', 'token_ledger']));
    const unindexed = keys
      .filter((key) => deleted.has(key.parent) && !key.indexed)
      .map((key) => `${key.child}.${key.column} -> ${key.parent}`)
      .sort();
    expect(unindexed).toEqual([]);
  });

  it("reads a user's bonus balance from an index alone", async () => {
    // Every find sums the user's bonus rows and every charge sums both users' again: with the
    // delta in the index that sum never visits the table's pages, one per row of a long history.
    // The table is empty here, so the planner is told to read it through an index if one
    // serves: the question is whether that index serves the sum alone.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = (await tx.execute(
        sql`explain select coalesce(sum(l.delta), 0) from token_ledger l
            where l.user_id = ${'00000000-0000-0000-0000-000000000000'}::uuid and l.pool = 'bonus'`,
      )) as { rows: { 'QUERY PLAN': string }[] };
      return result.rows;
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan/);
  });
});
