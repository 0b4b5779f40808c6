import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { sessions } from '../src/db/tables/sessions.ts';
import { tokenLedger, usages } from '../src/db/tables/tokens.ts';
import { createLiveSessionsRepo } from '../src/modules/sessions/live-sessions-repo.ts';
import { createTestDatabase, drivers, type Driver } from './helpers/test-app.ts';
import { tokenDay } from '@parlo/contract/tokens';

const NOW = new Date('2025-06-20T12:00:00Z');
/** When the calls were made: three minutes before NOW. */
const MADE = new Date(NOW.getTime() - 180_000);

/** `count` users inserted in one statement; their ids in order. */
async function insertUsers(db: DatabaseHandle['db'], count: number): Promise<string[]> {
  const subjects = Array.from({ length: count }, () => randomBytes(8).toString('hex'));
  const result = await db.execute(
    sql`insert into users (provider, provider_subject, username, email, referral_id)
      select 'google', s, s || '@example.com', s || '@example.com', upper(s)
      from unnest(${sql.param(subjects)}::text[]) with ordinality as t(s, ord)
      order by ord returning id`,
  );
  return (result as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/** `count` open calls, each between two users of its own; [session id, user1, user2] each. */
async function openCalls(db: DatabaseHandle['db'], count: number) {
  const ids = await insertUsers(db, count * 2);
  const pairs = Array.from({ length: count }, (_, i) => [ids[2 * i]!, ids[2 * i + 1]!] as const);
  const rows = await db
    .insert(sessions)
    .values(
      pairs.map(([user1Id, user2Id]) => ({
        languageCode: 'en',
        user1Id,
        user2Id,
        createdAt: MADE,
      })),
    )
    .returning({ id: sessions.id, user1Id: sessions.user1Id, user2Id: sessions.user2Id });
  return rows.map((row) => ({
    id: row.id,
    users: [row.user1Id!, row.user2Id!] as [string, string],
  }));
}

/**
 * Ending a call (live-sessions-repo's `end`): whoever ends it first is answered its two
 * participants, once, whatever else ends at the same moment. Ends arriving together are written
 * together (one statement per batch), so a crowd of calls ending at once does not queue one
 * transaction each for the pool's connections.
 */
describe.each(drivers)('ending calls (%s)', (driver: Driver) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDatabase(database.db);
  });
  afterAll(() => database.close());

  it('ends each of 100 calls ended at once, answering each its own participants', async () => {
    const repo = createLiveSessionsRepo(database.db);
    const calls = await openCalls(database.db, 100);
    const ended = await Promise.all(
      calls.map((call) => repo.end(call.id, 'user_ended', call.users[0], NOW)),
    );
    expect(ended).toEqual(calls.map((call) => ({ participants: call.users, refunded: false })));
    const rows = await database.db.select().from(sessions);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const call of calls) {
      expect(byId.get(call.id)).toMatchObject({
        endedAt: NOW,
        endReason: 'user_ended',
        endedBy: call.users[0],
      });
    }
  });

  it('answers one of two ends of the same call, the reason of that one written', async () => {
    const repo = createLiveSessionsRepo(database.db);
    const [call] = await openCalls(database.db, 1);
    const [first, second] = await Promise.all([
      repo.end(call!.id, 'user_ended', call!.users[0], NOW),
      repo.end(call!.id, 'user_reported', call!.users[1], NOW),
    ]);
    const winners = [first, second].filter((answer) => answer !== null);
    expect(winners).toEqual([{ participants: call!.users, refunded: false }]);
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(sql`id = ${call!.id}`);
    expect(row).toMatchObject(
      first ? { endReason: 'user_ended', endedBy: call!.users[0] } : { endReason: 'user_reported' },
    );
    // Ended once: a later end changes nothing and is answered nothing.
    expect(await repo.end(call!.id, 'time_limit_reached', null, NOW)).toBeNull();
  });

  it('fails only the end whose value is refused, the others of its batch written', async () => {
    const repo = createLiveSessionsRepo(database.db);
    const calls = await openCalls(database.db, 10);
    const answers = await Promise.allSettled(
      calls.map((call, i) =>
        // An ender who does not exist (an account deleted in the instant): ended_by's key refuses it.
        repo.end(call.id, 'user_ended', i === 4 ? randomUUID() : call.users[0], NOW),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(
      calls.map((_, i) => (i === 4 ? 'rejected' : 'fulfilled')),
    );
    const open = await database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        sql`ended_at is null and id = any(${sql.param(calls.map((call) => call.id))}::uuid[])`,
      );
    expect(open).toEqual([{ id: calls[4]!.id }]);
  });
});

/**
 * Calls that fail on the network together (their grace periods run out at the same moment) end
 * together, each with the refund it owes: both sides' tokens back for a call that never connected
 * or dropped within 60 s of connecting, as when it ends alone (session-refund.test.ts).
 */
describe.each(drivers)('ending failed calls (%s)', (driver: Driver) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDatabase(database.db);
  });
  afterAll(() => database.close());

  /** Each side charged one token of `pool` for the call, counted in its day's usage. */
  async function charge(call: { id: string; users: [string, string] }, pool: 'daily' | 'bonus') {
    const day = tokenDay(MADE);
    await database.db.insert(tokenLedger).values(
      call.users.map((userId) => ({
        userId,
        delta: -1,
        pool,
        reason: 'session' as const,
        sessionId: call.id,
      })),
    );
    await database.db
      .insert(usages)
      .values(
        call.users.flatMap((userId) => [
          { userId, featureCode: 'session_limit' as const, day, count: 1 },
          ...(pool === 'daily' ? [{ userId, featureCode: 'tokens' as const, day, count: 1 }] : []),
        ]),
      );
  }

  it('ends 60 failed calls at once, each refunded as it would be alone', async () => {
    const repo = createLiveSessionsRepo(database.db);
    const calls = await openCalls(database.db, 60);
    // A third never connected, a third connected 30 s before the end, a third 2 minutes before.
    const startedAt = (i: number) =>
      i % 3 === 0 ? null : new Date(NOW.getTime() - (i % 3 === 1 ? 30_000 : 120_000));
    for (const [i, call] of calls.entries()) {
      await charge(call, i % 2 === 0 ? 'daily' : 'bonus');
      const started = startedAt(i);
      if (started) await repo.markStarted(call.id, started);
    }
    // Both sides' grace periods run out together: two ends per call, one of them ends it.
    const answers = await Promise.all(
      calls.flatMap((call) => [
        repo.end(call.id, 'connection_issue', null, NOW),
        repo.end(call.id, 'connection_issue', null, NOW),
      ]),
    );
    for (const [i, call] of calls.entries()) {
      const [first, second] = [answers[2 * i], answers[2 * i + 1]];
      expect([first, second].filter((answer) => answer === null)).toHaveLength(1);
      expect(first ?? second).toEqual({ participants: call.users, refunded: i % 3 !== 2 });
    }

    const refunds = await database.db
      .select({
        sessionId: tokenLedger.sessionId,
        userId: tokenLedger.userId,
        pool: tokenLedger.pool,
        delta: tokenLedger.delta,
        createdAt: tokenLedger.createdAt,
      })
      .from(tokenLedger)
      .where(
        sql`reason = 'session_refund' and session_id = any(${sql.param(calls.map((call) => call.id))}::uuid[])`,
      );
    const expected = calls.flatMap((call, i) =>
      i % 3 === 2
        ? []
        : call.users.map((userId) => ({
            sessionId: call.id,
            userId,
            pool: i % 2 === 0 ? 'daily' : 'bonus',
            delta: 1,
            createdAt: NOW,
          })),
    );
    const order = (a: { sessionId: string | null; userId: string }, b: typeof a) =>
      `${a.sessionId}${a.userId}`.localeCompare(`${b.sessionId}${b.userId}`);
    expect(refunds.sort(order)).toEqual(expected.sort(order));

    const counts = await database.db
      .select({ userId: usages.userId, featureCode: usages.featureCode, count: usages.count })
      .from(usages)
      .where(sql`user_id = any(${sql.param(calls.flatMap((call) => call.users))}::uuid[])`);
    const countOf = (userId: string, featureCode: string) =>
      counts.find((row) => row.userId === userId && row.featureCode === featureCode)?.count;
    for (const [i, call] of calls.entries()) {
      const back = i % 3 !== 2;
      for (const userId of call.users) {
        expect(countOf(userId, 'session_limit')).toBe(back ? 0 : 1);
        // A bonus token goes back to the bonus balance (the ledger row), not to the allowance.
        expect(countOf(userId, 'tokens')).toBe(i % 2 === 0 ? (back ? 0 : 1) : undefined);
      }
    }
    // Ended and refunded once: a later end changes nothing.
    expect(await repo.end(calls[0]!.id, 'connection_issue', null, NOW)).toBeNull();
  });
});

/**
 * The other writes crowds of calls make at the same moment: the start of each call (both sides'
 * media flowing) and each side's quality report every ten seconds. Written together, each call
 * still keeps its first start and its latest report.
 */
describe.each(drivers)("writing calls' starts and quality reports (%s)", (driver: Driver) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDatabase(database.db);
  });
  afterAll(() => database.close());

  it('keeps the first start and the latest report of each of 60 calls written at once', async () => {
    const repo = createLiveSessionsRepo(database.db);
    const calls = await openCalls(database.db, 60);
    const later = new Date(NOW.getTime() + 1_000);
    const first = { strength: 'good' as const, packetLoss: 1, roundTripTimeMs: 80 };
    const latest = { strength: 'poor' as const, packetLoss: 9, roundTripTimeMs: 400 };
    await Promise.all(
      calls.flatMap((call) => [
        repo.markStarted(call.id, NOW),
        repo.markStarted(call.id, later),
        repo.saveQuality(call.id, first),
        repo.saveQuality(call.id, latest),
      ]),
    );
    // A start already marked stays as it was.
    await repo.markStarted(calls[0]!.id, new Date(NOW.getTime() + 60_000));
    const rows = await database.db
      .select({ id: sessions.id, startedAt: sessions.startedAt, quality: sessions.quality })
      .from(sessions)
      .where(sql`id = any(${sql.param(calls.map((call) => call.id))}::uuid[])`);
    expect(rows).toHaveLength(60);
    for (const row of rows) expect(row).toMatchObject({ startedAt: NOW, quality: latest });
  });
});

describe.runIf(drivers.includes('pg'))('ending many calls at once on a slow PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('pg');
    await seedDatabase(database.db);
  });
  afterAll(() => database.close());

  it('ends the same 64 calls from two instances at once, named in opposite orders, without a deadlock', async () => {
    const calls = await openCalls(database.db, 64);
    // Each repository stands for an instance of its own, with its own batches.
    const [one, other] = [createLiveSessionsRepo(database.db), createLiveSessionsRepo(database.db)];
    const answers = await Promise.allSettled([
      ...calls.map((call) => one.end(call.id, 'user_ended', call.users[0], NOW)),
      ...[...calls].reverse().map((call) => other.end(call.id, 'user_ended', call.users[1], NOW)),
    ]);
    expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
    const ended = answers.filter(
      (answer) => answer.status === 'fulfilled' && answer.value !== null,
    );
    expect(ended).toHaveLength(64);
  });

  it.each(['user_ended', 'connection_issue'] as const)(
    'ends 400 calls (%s) with a pool of 4 whose every write takes 60 ms, none refused',
    async (reason) => {
      const calls = await openCalls(database.db, 400);
      // Every statement that updates sessions takes 60 ms more (a disk that is slow to sync).
      await database.db.execute(sql`create function parlo_test_slow() returns trigger
      language plpgsql as $$ begin perform pg_sleep(0.06); return null; end $$`);
      await database.db.execute(sql`create trigger parlo_test_slow after update on sessions
      for each statement execute function parlo_test_slow()`);
      try {
        const repo = createLiveSessionsRepo(database.db);
        const started = performance.now();
        const answers = await Promise.allSettled(
          calls.map((call) => repo.end(call.id, reason, call.users[0], NOW)),
        );
        // One transaction per end took 400 x 60 ms over 4 connections: those still waiting for a
        // connection after the pool's 3 s were refused ("timeout exceeded when trying to
        // connect") and their calls stayed open.
        const refused = answers.filter((answer) => answer.status === 'rejected');
        expect(refused.map((answer) => String(answer.reason))).toEqual([]);
        expect(performance.now() - started).toBeLessThan(3_000);
        const [open] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(sessions)
          .where(sql`ended_at is null`);
        expect(open!.n).toBe(0);
      } finally {
        await database.db.execute(sql`drop trigger parlo_test_slow on sessions`);
        await database.db.execute(sql`drop function parlo_test_slow()`);
      }
    },
  );
});
