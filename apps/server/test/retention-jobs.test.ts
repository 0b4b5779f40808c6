import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createAdvisoryLocks, type AdvisoryLocks } from '../src/db/advisory-lock.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { refreshTokens } from '../src/db/tables/auth.ts';
import { matchExclusions, moderationActions, reports } from '../src/db/tables/moderation.ts';
import { sessionOffers, sessions } from '../src/db/tables/sessions.ts';
import { adViews, tokenLedger, usages } from '../src/db/tables/tokens.ts';
import { profiles, userLanguages, users } from '../src/db/tables/users.ts';
import { createJobRunner, type Job } from '../src/jobs/job-runner.ts';
import { createRetentionJobs } from '../src/jobs/retention-jobs.ts';
import {
  createAccountPurgeRepo,
  type AccountPurgeRepo,
} from '../src/modules/users/account-purge-repo.ts';
import { manualScheduler } from './helpers/live-app.ts';
import { useClockedApp } from './helpers/accounts.ts';
import { captureLogs, drivers, manualClock } from './helpers/test-app.ts';
import { VALID_PROFILE } from './helpers/users.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PURGE = 'purge-deleted-accounts';
const TERMINATE = 'terminate-inactive-accounts';
const quiet = { info: () => {}, debug: () => {}, error: () => {} };

/** The rows of a raw query, whichever driver answers it. */
async function select<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * Every row of every table in the public schema that still mentions one of `needles` (the user's
 * id, provider subject, name ...), found through the row's text form, plus every column with a
 * foreign key to users that still holds the id. Tables added later are scanned without being
 * listed here.
 */
async function tracesOf(db: Database, userId: string, needles: string[]) {
  const tables = await select<{ name: string }>(
    db,
    sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name
  `,
  );
  const userColumns = await select<{ table: string; column: string }>(
    db,
    sql`
    select rel.relname as "table", att.attname as "column"
    from pg_constraint con
    join pg_class rel on rel.oid = con.conrelid
    join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any (con.conkey)
    where con.contype = 'f' and con.confrelid = 'public.users'::regclass
    order by 1, 2
  `,
  );

  const found: string[] = [];
  for (const { name } of tables) {
    for (const needle of [userId, ...needles]) {
      const rows = await select<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.identifier(name)} as r
            where r::text ilike ${`%${needle}%`}`,
      );
      if (rows[0]!.n > 0) found.push(`${name} mentions ${needle}`);
    }
  }
  for (const { table, column } of userColumns) {
    const rows = await select<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}
          where ${sql.identifier(column)} = ${userId}`,
    );
    if (rows[0]!.n > 0) found.push(`${table}.${column} holds the user`);
  }
  return { found, tables: tables.map((t) => t.name), userColumns };
}

describe.each(drivers)('retention jobs (%s)', (driver) => {
  const ctx = useClockedApp(driver);
  const db = () => ctx.db;

  /** A refresh token issued to the user at `at`: a trace of staying signed in. */
  async function refreshedAt(userId: string, at: Date) {
    await db()
      .insert(refreshTokens)
      .values({
        userId,
        familyId: randomUUID(),
        tokenHash: randomBytes(16).toString('hex'),
        createdAt: at,
        expiresAt: new Date(at.getTime() + 30 * DAY),
      });
  }

  async function onboarded(name: string, referralCode: string | null = null) {
    const account = await ctx.account(referralCode);
    const profile = await ctx.call(account.id, 'POST', '/profiles/me', { ...VALID_PROFILE, name });
    expect(profile.statusCode).toBe(201);
    const language = await ctx.call(account.id, 'POST', '/languages/user', {
      languageCode: 'en',
      proficiencyLevel: 'B1',
    });
    expect(language.statusCode).toBe(201);
    return { ...account, subject: account.username.split('@')[0]!, name };
  }

  /**
   * A user with everything an account gathers, one finished call with `partner` and the traces
   * on both sides: charges, a report each way, an offer, an exclusion, a warning, an ad view, a
   * refresh token. The user was invited by the partner (referral rows and bonus tokens).
   */
  async function fullUser(name: string) {
    // The partner's name shares nothing with the user's, so a scan for one never finds the other.
    const partner = await onboarded(`${name.split(' ')[0]} Keeper`);
    const user = await onboarded(name, partner.referralId);
    const now = ctx.clock.now();
    const [session] = await db()
      .insert(sessions)
      .values({
        languageCode: 'en',
        user1Id: user.id,
        user2Id: partner.id,
        createdAt: now,
        startedAt: now,
        endedAt: new Date(now.getTime() + 7 * MINUTE),
        endReason: 'time_limit_reached',
        endedBy: user.id,
        connectionType: 'turn',
        quality: { strength: 'good', roundTripTimeMs: 80 },
      })
      .returning({ id: sessions.id });
    const sessionId = session!.id;
    for (const id of [user.id, partner.id]) {
      await db()
        .insert(tokenLedger)
        .values({ userId: id, delta: -1, pool: 'daily', reason: 'session', sessionId });
      await db()
        .insert(usages)
        .values({ userId: id, featureCode: 'tokens', day: '2025-06-20', count: 1 });
    }
    const [ad] = await db()
      .insert(adViews)
      .values({ userId: user.id, startedAt: now, rewardedAt: now })
      .returning({ id: adViews.id });
    await db()
      .insert(tokenLedger)
      .values({ userId: user.id, delta: 1, pool: 'bonus', reason: 'ad_reward', adViewId: ad!.id });
    await refreshedAt(user.id, now);
    await db()
      .insert(reports)
      .values([
        {
          reporterId: user.id,
          reportedUserId: partner.id,
          sessionId,
          reason: 'harassment',
          comment: 'rude',
        },
        { reporterId: partner.id, reportedUserId: user.id, sessionId, reason: 'spam' },
      ]);
    const [low, high] = [user.id, partner.id].sort();
    await db().insert(matchExclusions).values({ userLowId: low!, userHighId: high! });
    await db().insert(moderationActions).values({ userId: user.id, action: 'warn' });
    await db()
      .insert(sessionOffers)
      .values({
        fromUserId: user.id,
        toUserId: partner.id,
        languageCode: 'en',
        previousSessionId: sessionId,
        status: 'expired',
        expiresAt: new Date(now.getTime() + MINUTE),
      });
    return { user, partner, sessionId };
  }

  async function partnerStillWhole(partnerId: string, sessionId: string) {
    const [row] = await db().select().from(users).where(eq(users.id, partnerId));
    expect(row).toMatchObject({ deletedAt: null });
    expect(await db().select().from(profiles).where(eq(profiles.userId, partnerId))).toHaveLength(
      1,
    );
    expect(
      await db().select().from(userLanguages).where(eq(userLanguages.userId, partnerId)),
    ).toHaveLength(1);
    const [session] = await db().select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session).toMatchObject({
      user1Id: null,
      user2Id: partnerId,
      endedBy: null,
      endReason: 'time_limit_reached',
      connectionType: 'turn',
    });
    const ledger = await db().select().from(tokenLedger).where(eq(tokenLedger.userId, partnerId));
    expect(ledger).toContainEqual(expect.objectContaining({ sessionId, reason: 'session' }));
    // The referral row went with the invitee; the inviter keeps the tokens it gave.
    expect(ledger).toContainEqual(
      expect.objectContaining({ reason: 'referral_inviter', referralId: null }),
    );
    const kept = await db().select().from(reports).where(eq(reports.reportedUserId, partnerId));
    expect(kept).toEqual([
      expect.objectContaining({ reporterId: null, sessionId, comment: 'rude' }),
    ]);
    const history = await ctx.call(partnerId, 'GET', '/sessions');
    expect(history.statusCode).toBe(200);
    expect(history.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({
        id: sessionId,
        user1Id: null,
        user1: expect.objectContaining({ id: null, name: 'Deleted User' }) as unknown,
        user2Id: partnerId,
      }),
    ]);
  }

  it('purges a deleted account after 7 days: nothing of theirs in any table, the partner whole', async () => {
    const { user, partner, sessionId } = await fullUser('Wilhelmina Purgatorio');
    const deleted = await ctx.t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: await ctx.headersFor(user.id),
    });
    expect(deleted.statusCode).toBe(204);

    ctx.clock.advance(7 * DAY - MINUTE);
    expect(await ctx.t.app.jobs.run(PURGE)).toEqual({
      status: 'done',
      summary: { purged: 0, failed: 0 },
    });
    // Not due yet: the scrubbed row and what deletion leaves are untouched.
    const [waiting] = await db().select().from(users).where(eq(users.id, user.id));
    expect(waiting?.deletedAt).not.toBeNull();
    expect(
      await db().select().from(tokenLedger).where(eq(tokenLedger.userId, user.id)),
    ).not.toEqual([]);

    // The scan below finds what is there: deletion leaves the row, the ledger, the reports.
    expect((await tracesOf(db(), user.id, [user.subject, user.name])).found).toEqual(
      expect.arrayContaining([
        `users mentions ${user.subject}`,
        'token_ledger.user_id holds the user',
        'reports.reporter_id holds the user',
        'sessions.user1_id holds the user',
      ]),
    );

    ctx.clock.advance(MINUTE);
    expect(await ctx.t.app.jobs.run(PURGE)).toEqual({
      status: 'done',
      summary: { purged: 1, failed: 0 },
    });
    const traces = await tracesOf(db(), user.id, [user.subject, user.name]);
    expect(traces.found).toEqual([]);
    // The scan really looked: the tables and the user columns this test fills are among them.
    expect(traces.tables).toEqual(
      expect.arrayContaining(['users', 'profiles', 'token_ledger', 'reports', 'sessions']),
    );
    expect(traces.userColumns.length).toBeGreaterThanOrEqual(20);
    await partnerStillWhole(partner.id, sessionId);

    expect(await ctx.t.app.jobs.run(PURGE)).toEqual({
      status: 'done',
      summary: { purged: 0, failed: 0 },
    });
  });

  it('terminates accounts inactive for 6 months the same way, sparing those seen or refreshed since', async () => {
    const { user, partner, sessionId } = await fullUser('Bartholomew Dormant');
    const returning = await onboarded('Returning Reader');
    const start = ctx.clock.now();
    const sixMonthsOn = new Date(start);
    sixMonthsOn.setUTCMonth(sixMonthsOn.getUTCMonth() + 6);

    ctx.clock.advance(sixMonthsOn.getTime() - start.getTime() - MINUTE);
    // The partner stays signed in through refreshes, the other one signs in again.
    await refreshedAt(partner.id, ctx.clock.now());
    await db().update(users).set({ lastSeenAt: ctx.clock.now() }).where(eq(users.id, returning.id));
    const early = await ctx.t.app.jobs.run(TERMINATE);
    expect(early).toMatchObject({ status: 'done' });
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1);

    ctx.clock.advance(MINUTE);
    const due = await ctx.t.app.jobs.run(TERMINATE);
    expect(due).toMatchObject({ status: 'done', summary: { failed: 0 } });
    expect(due.status === 'done' && due.summary.terminated).toBeGreaterThanOrEqual(1);

    expect((await tracesOf(db(), user.id, [user.subject, user.name])).found).toEqual([]);
    await partnerStillWhole(partner.id, sessionId);
    const [back] = await db().select().from(users).where(eq(users.id, returning.id));
    expect(back).toMatchObject({ deletedAt: null });
  });

  it('lists an inactive account with its last activity, a refresh after its last sign-in counting', async () => {
    const dormant = await onboarded('Dormant Refresher');
    const signedIn = new Date(ctx.clock.now().getTime() - 200 * DAY);
    const refreshed = new Date(ctx.clock.now().getTime() - 190 * DAY);
    await db().update(users).set({ lastSeenAt: signedIn }).where(eq(users.id, dormant.id));
    // Its sign-in's token goes; one refresh ten days after the sign-in is its last trace.
    await db().delete(refreshTokens).where(eq(refreshTokens.userId, dormant.id));
    await refreshedAt(dormant.id, refreshed);
    const repo = createAccountPurgeRepo(db());
    const cutoff = new Date(ctx.clock.now().getTime() - 180 * DAY);
    const listed = await repo.findInactiveSince(cutoff, null, 10_000);
    expect(listed.find((account) => account.id === dormant.id)).toEqual({
      id: dormant.id,
      lastActiveAt: refreshed,
    });
    // Refreshed after the cutoff: not listed at all.
    const sooner = new Date(ctx.clock.now().getTime() - 195 * DAY);
    expect(
      (await repo.findInactiveSince(sooner, null, 10_000)).some(
        (account) => account.id === dormant.id,
      ),
    ).toBe(false);
  });

  it('runs a job once at a time in one instance', async () => {
    const first = ctx.t.app.jobs.run(PURGE);
    const second = ctx.t.app.jobs.run(PURGE);
    expect(await second).toEqual({ status: 'skipped', reason: 'running_here' });
    expect(await first).toMatchObject({ status: 'done' });
  });

  it.runIf(driver === 'pg')(
    'lets only one of two instances (two pools) do the work while it holds the lock',
    async () => {
      const pool = (db() as unknown as { $client: pg.Pool }).$client;
      const other = await openDatabase({
        driver: 'pg',
        url: pool.options.connectionString!,
        poolSize: 2,
      });
      try {
        const runnerFor = (database: Database, repo: AccountPurgeRepo) =>
          createJobRunner({
            jobs: createRetentionJobs({ repo, log: quiet }),
            locks: createAdvisoryLocks(database),
            clock: ctx.clock,
            log: quiet,
            intervalMs: 60 * MINUTE,
          });
        const deleteNow = async () => {
          const { user } = await fullUser('Concurrent Leaver');
          await db().update(users).set({ deletedAt: ctx.clock.now() }).where(eq(users.id, user.id));
          return user.id;
        };

        // Instance A holds the lock (paused inside the job); instance B must stand aside.
        const gated = await deleteNow();
        ctx.clock.advance(8 * DAY);
        let release = () => {};
        const gate = new Promise<void>((resolve) => (release = resolve));
        let entered = () => {};
        const inside = new Promise<void>((resolve) => (entered = resolve));
        const repoA = createAccountPurgeRepo(db());
        const a = runnerFor(db(), {
          ...repoA,
          async findDeletedBefore(...args) {
            entered();
            await gate;
            return repoA.findDeletedBefore(...args);
          },
        });
        const b = runnerFor(other.db, createAccountPurgeRepo(other.db));
        const runA = a.run(PURGE);
        await inside;
        expect(await b.run(PURGE)).toEqual({ status: 'skipped', reason: 'locked_elsewhere' });
        release();
        expect(await runA).toEqual({ status: 'done', summary: { purged: 1, failed: 0 } });
        expect(await db().select().from(users).where(eq(users.id, gated))).toEqual([]);

        // Started together, the two never purge the same account twice or fail on each other.
        const ids = [await deleteNow(), await deleteNow(), await deleteNow()];
        ctx.clock.advance(8 * DAY);
        const c = runnerFor(db(), createAccountPurgeRepo(db()));
        const results = await Promise.all([c.run(PURGE), b.run(PURGE)]);
        const purged = results.map((r) => (r.status === 'done' ? (r.summary.purged ?? 0) : 0));
        expect(purged.reduce((sum, n) => sum + n, 0)).toBe(3);
        expect(results.every((r) => r.status !== 'failed')).toBe(true);
        for (const id of ids) {
          expect(await db().select().from(users).where(eq(users.id, id))).toEqual([]);
        }
      } finally {
        await other.close();
      }
    },
  );
});

describe('the job runner', () => {
  const noLock: AdvisoryLocks = {
    tryWithLock: async (_key, work) => ({ acquired: true, value: await work() }),
  };

  it('logs a failing job and runs it again at the next tick, without throwing', async () => {
    const clock = manualClock();
    const scheduler = manualScheduler(clock);
    const { lines, logger } = captureLogs();
    const seen: Date[] = [];
    const flaky: Job = {
      name: 'flaky',
      lockKey: 1,
      run({ now }) {
        seen.push(now);
        if (seen.length === 1) return Promise.reject(new Error('database went away'));
        return Promise.resolve({ done: 1 });
      },
    };
    const runner = createJobRunner({
      jobs: [flaky],
      locks: noLock,
      clock,
      log: logger,
      intervalMs: 60 * MINUTE,
      scheduler,
    });
    runner.start();
    scheduler.advance(MINUTE);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toContainEqual(
      expect.objectContaining({ job: 'flaky', msg: 'job failed; it runs again at the next tick' }),
    );
    scheduler.advance(59 * MINUTE);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.map((d) => d.getTime() - seen[0]!.getTime())).toEqual([0, 59 * MINUTE]);
    expect(lines).toContainEqual(
      expect.objectContaining({ job: 'flaky', done: 1, msg: 'job finished' }),
    );
    await runner.stop();
  });

  it('skips a job another instance holds, and stops ticking and waits for a run on stop', async () => {
    const clock = manualClock();
    const scheduler = manualScheduler(clock);
    let finish = () => {};
    let signal: AbortSignal | undefined;
    const slow: Job = {
      name: 'slow',
      lockKey: 2,
      run(context) {
        signal = context.signal;
        return new Promise((resolve) => (finish = () => resolve({ done: 1 })));
      },
    };
    const heldElsewhere: AdvisoryLocks = {
      tryWithLock: () => Promise.resolve({ acquired: false }),
    };
    const blocked = createJobRunner({
      jobs: [slow],
      locks: heldElsewhere,
      clock,
      log: quiet,
      intervalMs: MINUTE,
    });
    expect(await blocked.run('slow')).toEqual({ status: 'skipped', reason: 'locked_elsewhere' });

    const runner = createJobRunner({
      jobs: [slow],
      locks: noLock,
      clock,
      log: quiet,
      intervalMs: 60 * MINUTE,
      scheduler,
    });
    runner.start();
    expect(scheduler.pending()).toBe(2);
    const running = runner.run('slow');
    await new Promise((resolve) => setImmediate(resolve));
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(signal?.aborted).toBe(true);
    expect(scheduler.pending()).toBe(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(await running).toEqual({ status: 'done', summary: { done: 1 } });
    expect(await runner.run('slow')).toEqual({ status: 'skipped', reason: 'stopped' });
  });
});
