import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { preparedQuery } from '../src/db/prepared.ts';
import { users } from '../src/db/tables/users.ts';
import { useClockedApp } from './helpers/accounts.ts';
import { drivers } from './helpers/test-app.ts';

/** A batched read of the users table, as the hot routes' reads are written. */
const usernameRows = preparedQuery<{ username: string }, 'userId'>(
  'parlo_test_username',
  (param) => sql`select u.username from users u where u.id = ${param('userId')}::uuid`,
  { batch: { userId: 'uuid' } },
);

/** A read that fails whatever its values (no such table): not one call's fault. */
const brokenRows = preparedQuery<{ id: string }, 'userId'>(
  'parlo_test_broken',
  (param) => sql`select t.id from parlo_no_such_table t where t.id = ${param('userId')}::uuid`,
  { batch: { userId: 'uuid' } },
);

/**
 * The hot routes' reads go to PostgreSQL together when they arrive while one of the same statement
 * runs (db/prepared.ts, issue 20). Batching must change nothing a member sees: each request gets
 * its own answer, read after it arrived, and one request's bad value fails that request only.
 */
describe.each(drivers)('reads of many requests at once (%s)', (driver) => {
  const ctx = useClockedApp(driver);

  it("answers each member's dashboard calls with that member's own data", async () => {
    const members = await Promise.all(Array.from({ length: 40 }, () => ctx.account()));
    const replies = await Promise.all(
      members.flatMap((member) => [
        ctx.call(member.id, 'GET', '/users/me'),
        ctx.call(member.id, 'GET', '/bonus-tokens/count'),
        ctx.call(member.id, 'GET', '/sessions?page=1&pageSize=10'),
      ]),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(replies.map(() => 200));
    const me = replies
      .filter((_, i) => i % 3 === 0)
      .map((reply) => reply.json<{ username: string }>().username);
    expect(me).toEqual(members.map((member) => member.username));
  });

  it('refuses a member blocked a moment ago, though others of the batch pass', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => ctx.account()));
    const blocked = members[7]!;
    await ctx.db.update(users).set({ status: 'blocked' }).where(eq(users.id, blocked.id));
    const replies = await Promise.all(
      members.map((member) => ctx.call(member.id, 'GET', '/bonus-tokens/count')),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(
      members.map((member) => (member === blocked ? 403 : 200)),
    );
    expect(replies[7]!.json()).toMatchObject({ code: 'account_blocked' });
  });
});

describe.runIf(drivers.includes('pg'))('batched reads on PostgreSQL', () => {
  const ctx = useClockedApp('pg');

  function counting(pool: pg.Pool, name: string) {
    const query = pool.query.bind(pool);
    const seen = { statements: 0 };
    pool.query = ((config: unknown, ...rest: unknown[]) => {
      if ((config as { name?: string } | undefined)?.name === name) seen.statements++;
      return (query as (...args: unknown[]) => unknown)(config, ...rest);
    }) as typeof pool.query;
    return { seen, restore: () => (pool.query = query) };
  }

  it('share statements under load and fail only the call whose value is bad', async () => {
    const members = await Promise.all(Array.from({ length: 30 }, () => ctx.account()));
    const pool = (ctx.db as unknown as { $client: pg.Pool }).$client;
    const { seen, restore } = counting(pool, 'parlo_test_username_batch');
    try {
      const answers = await Promise.allSettled([
        ...members.slice(0, 15).map((m) => usernameRows(ctx.db, { userId: m.id })),
        usernameRows(ctx.db, { userId: 'not-a-uuid' }),
        usernameRows(ctx.db, { userId: randomUUID() }),
        ...members.slice(15).map((m) => usernameRows(ctx.db, { userId: m.id })),
      ]);
      const values = answers.map((answer) =>
        answer.status === 'fulfilled' ? answer.value.map((row) => row.username) : 'failed',
      );
      expect(values).toEqual([
        ...members.slice(0, 15).map((m) => [m.username]),
        'failed',
        [],
        ...members.slice(15).map((m) => [m.username]),
      ]);
      // The failed batch of 32, then each of its calls alone: far fewer than a statement each
      // would be without the failure, and the other calls were not failed with it.
      expect(seen.statements).toBe(1 + 32);
    } finally {
      restore();
    }

    // A failure that is not one value's fails every call of the batch, without a retry each.
    const broken = counting(pool, 'parlo_test_broken_batch');
    try {
      const answers = await Promise.allSettled(
        members.slice(0, 10).map((m) => brokenRows(ctx.db, { userId: m.id })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(
        members.slice(0, 10).map(() => 'rejected'),
      );
      expect(answers[3]).toMatchObject({ reason: { code: '42P01' } });
      expect(broken.seen.statements).toBe(1);
    } finally {
      broken.restore();
    }

    const again = counting(pool, 'parlo_test_username_batch');
    try {
      await Promise.all(members.map((m) => usernameRows(ctx.db, { userId: m.id })));
      expect(again.seen.statements).toBe(1);
    } finally {
      again.restore();
    }
  });
});
