import {
  calibrationStateSchema,
  calibrationSummarySchema,
  searchActivitySchema,
} from '@parlo/contract/after-call';
import type { LanguageCode, ProficiencyLevel } from '@parlo/contract/constants';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  levelCalibrations,
  searchStarts,
  sessionCalibrations,
} from '../src/db/tables/after-call.ts';
import { sessions } from '../src/db/tables/sessions.ts';
import { userLanguages } from '../src/db/tables/users.ts';
import { createSearchActivityRepo } from '../src/modules/after-call/search-activity-repo.ts';
import {
  createSearchActivityService,
  SEARCH_ACTIVITY_TTL_MS,
  SEARCH_STARTS_FLUSH_MS,
  SEARCH_STARTS_PER_INSERT,
} from '../src/modules/after-call/search-activity-service.ts';
import { eventually, useLiveApp } from './helpers/live-app.ts';
import { drivers } from './helpers/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(drivers)('peer level calibration (%s)', (driver) => {
  const ctx = useLiveApp(driver);

  /** A call between a and b that started `lengthMs` before it ended, `endedAgoMs` ago. */
  async function call(
    a: string,
    b: string,
    options: { lengthMs?: number; endedAgoMs?: number; languageCode?: string; open?: boolean } = {},
  ) {
    const { lengthMs = 7 * MINUTE, endedAgoMs = 0, languageCode = 'en' } = options;
    const endedAt = new Date(ctx.clock.now().getTime() - endedAgoMs);
    const [row] = await ctx.db
      .insert(sessions)
      .values({
        languageCode,
        user1Id: a,
        user2Id: b,
        createdAt: new Date(endedAt.getTime() - lengthMs - 2_000),
        startedAt: new Date(endedAt.getTime() - lengthMs),
        ...(options.open ? {} : { endedAt, endReason: 'time_limit_reached' as const }),
      })
      .returning({ id: sessions.id });
    return row!.id;
  }

  const rate = (userId: string, sessionId: string, rating: string) =>
    ctx.call(userId, 'POST', `/sessions/${sessionId}/calibration`, { rating });
  const stateOf = async (userId: string, sessionId: string) => {
    const res = await ctx.call(userId, 'GET', `/sessions/${sessionId}/calibration`);
    expect(res.statusCode, res.body).toBe(200);
    return calibrationStateSchema.parse(res.json()).state;
  };
  const summaryOf = async (userId: string) => {
    const res = await ctx.call(userId, 'GET', '/users/me/calibration');
    expect(res.statusCode, res.body).toBe(200);
    return calibrationSummarySchema.parse(res.json()).data;
  };
  const countersOf = (userId: string) =>
    ctx.db.select().from(levelCalibrations).where(eq(levelCalibrations.userId, userId));

  it('takes one answer per side of a call, keeps only counters and which side answered', async () => {
    const a = await ctx.account({ level: 'B1' });
    const b = await ctx.account({ level: 'A2' });
    const session = await call(a, b);
    expect(await stateOf(a, session)).toBe('open');

    expect((await rate(a, session, 'above')).statusCode).toBe(204);
    expect(await stateOf(a, session)).toBe('answered');
    expect(await stateOf(b, session)).toBe('open');
    const again = await rate(a, session, 'below');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 409 });
    expect((await rate(b, session, 'about')).statusCode).toBe(204);

    // The ratee's counters at their level; the rater's side marked, with no answer and no user.
    expect(await countersOf(b)).toMatchObject([
      { languageCode: 'en', level: 'A2', below: 0, about: 0, above: 1, partners: 1 },
    ]);
    expect(await countersOf(a)).toMatchObject([{ level: 'B1', about: 1, above: 0, partners: 1 }]);
    const marks = await ctx.db
      .select()
      .from(sessionCalibrations)
      .where(eq(sessionCalibrations.sessionId, session));
    expect(marks.map((m) => m.side).sort()).toEqual([1, 2]);
    for (const mark of marks)
      expect(Object.keys(mark).sort()).toEqual(['createdAt', 'sessionId', 'side']);
  });

  it('refuses a call the user was not in, too short, not over, or over more than 24 hours ago', async () => {
    const a = await ctx.account();
    const b = await ctx.account();
    const stranger = await ctx.account();
    const fine = await call(a, b);
    const notIn = await rate(stranger, fine, 'about');
    expect(notIn.statusCode).toBe(404);
    expect(notIn.json()).toEqual({ code: 404, message: 'Session not found' });
    expect((await ctx.call(stranger, 'GET', `/sessions/${fine}/calibration`)).statusCode).toBe(404);
    expect((await rate(a, 'not-a-uuid', 'about')).statusCode).toBe(404);
    expect((await rate(a, fine, 'great')).statusCode).toBe(400);

    const short = await call(a, b, { lengthMs: 2 * MINUTE - 1_000 });
    const justLongEnough = await call(a, b, { lengthMs: 2 * MINUTE });
    const old = await call(a, b, { endedAgoMs: 24 * HOUR + 1_000 });
    const lastMinute = await call(a, b, { endedAgoMs: 24 * HOUR - 1_000 });
    const open = await call(a, b, { open: true });
    for (const session of [short, old, open]) {
      expect(await stateOf(a, session)).toBe('ineligible');
      const res = await rate(a, session, 'about');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/2 minutes/);
    }
    expect((await rate(a, justLongEnough, 'about')).statusCode).toBe(204);
    expect((await rate(a, lastMinute, 'about')).statusCode).toBe(204);
    // The second answer from a about b did not count again: one partner, one answer.
    expect(await countersOf(b)).toMatchObject([{ about: 1, partners: 1 }]);
    expect(await countersOf(stranger)).toEqual([]);
  });

  it('answers one of two racing answers and refuses the other', async () => {
    const a = await ctx.account();
    const b = await ctx.account();
    const session = await call(a, b);
    const results = await Promise.all([rate(a, session, 'above'), rate(a, session, 'below')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    const [row] = await countersOf(b);
    expect(row!.above + row!.below).toBe(1);
  });

  it('shows "partners rate you around" only after 5 different partners, never who said what', async () => {
    const me = await ctx.account({ level: 'B1' });
    const partners: string[] = [];
    for (let i = 0; i < 5; i++) partners.push(await ctx.account({ level: 'B2' }));
    const summary = async () => (await summaryOf(me))[0];

    for (const partner of partners.slice(0, 4)) {
      expect((await rate(partner, await call(partner, me), 'above')).statusCode).toBe(204);
    }
    // The same partner again, in another call: accepted, but still 4 different partners.
    expect((await rate(partners[0]!, await call(me, partners[0]!), 'above')).statusCode).toBe(204);
    expect(await summary()).toEqual({ languageCode: 'en', level: 'B1', ratedLevel: null });

    expect((await rate(partners[4]!, await call(partners[4]!, me), 'about')).statusCode).toBe(204);
    // 4 above, 1 about: mean +0.8, one level up.
    expect(await summary()).toEqual({ languageCode: 'en', level: 'B1', ratedLevel: 'B2' });
    expect(await countersOf(me)).toMatchObject([{ above: 4, about: 1, below: 0, partners: 5 }]);
    // Raters learn nothing of the ratee, and their own summary holds no trace of the answers.
    expect(await summaryOf(partners[0]!)).toEqual([
      { languageCode: 'en', level: 'B2', ratedLevel: null },
    ]);

    // At another level the answers given about B1 no longer say anything; a second language,
    // never rated, is listed after the first.
    await ctx.db
      .update(userLanguages)
      .set({ proficiencyLevel: 'C1' })
      .where(and(eq(userLanguages.userId, me), eq(userLanguages.languageCode, 'en')));
    await ctx.db
      .insert(userLanguages)
      .values({ userId: me, languageCode: 'es', proficiencyLevel: 'A1' });
    expect(await summaryOf(me)).toEqual([
      { languageCode: 'en', level: 'C1', ratedLevel: null },
      { languageCode: 'es', level: 'A1', ratedLevel: null },
    ]);
  });
});

describe.each(drivers)('when learners search (%s)', (driver) => {
  const ctx = useLiveApp(driver);

  const activity = (userId: string, languageCode: string, tz: string) =>
    ctx.call(
      userId,
      'GET',
      `/search-activity?languageCode=${languageCode}&tz=${encodeURIComponent(tz)}`,
    );
  const cellsOf = async (userId: string, languageCode: string, tz: string) => {
    const res = await activity(userId, languageCode, tz);
    expect(res.statusCode, res.body).toBe(200);
    return searchActivitySchema.parse(res.json()).cells;
  };
  /** Cells that are not '0', as "day hour bucket". */
  const busy = (cells: string[][]) =>
    cells.flatMap((hours, day) =>
      hours.flatMap((bucket, hour) => (bucket === '0' ? [] : [`${day} ${hour} ${bucket}`])),
    );
  const starts = (languageCode: LanguageCode, level: ProficiencyLevel, at: string, n = 1) =>
    ctx.db
      .insert(searchStarts)
      .values(Array.from({ length: n }, () => ({ languageCode, level, startedAt: new Date(at) })));

  const startsOf = (languageCode: LanguageCode) =>
    ctx.db.select().from(searchStarts).where(eq(searchStarts.languageCode, languageCode));

  it('records a new search, not a repeated find, and never who searched', async () => {
    const user = await ctx.account({ languageCode: 'fr', level: 'C1' });
    await ctx.connect(user);
    const startedAt = ctx.clock.now();
    expect((await ctx.find(user, 'fr')).statusCode).toBe(200);
    expect((await ctx.find(user, 'fr')).statusCode).toBe(200);
    await ctx.call(user, 'POST', '/match/cancel');
    ctx.scheduler.advance(SEARCH_STARTS_FLUSH_MS);
    await eventually(async () => (await startsOf('fr')).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const rows = await startsOf('fr');
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['id', 'languageCode', 'level', 'startedAt']);
    expect(rows[0]).toMatchObject({ level: 'C1', startedAt });
  });

  it('holds starts for the flush window, then writes them together', async () => {
    const users = await Promise.all(
      Array.from({ length: 12 }, () => ctx.account({ languageCode: 'zh', level: 'A2' })),
    );
    await Promise.all(users.map((user) => ctx.connect(user)));
    const answers = await Promise.all(users.map((user) => ctx.find(user, 'zh')));
    expect(answers.map((res) => res.statusCode)).toEqual(users.map(() => 200));
    // No commit per find: nothing is written before the window ends.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await startsOf('zh')).toHaveLength(0);
    ctx.scheduler.advance(SEARCH_STARTS_FLUSH_MS - 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await startsOf('zh')).toHaveLength(0);
    ctx.scheduler.advance(1);
    await eventually(async () => (await startsOf('zh')).length === users.length);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await startsOf('zh')).toHaveLength(users.length);
  });

  it('writes a full batch at once, without waiting for the window', async () => {
    const service = createSearchActivityService({
      searchActivityRepo: createSearchActivityRepo(ctx.db),
      clock: ctx.clock,
      scheduler: ctx.scheduler,
      log: ctx.app.log,
    });
    for (let i = 0; i < SEARCH_STARTS_PER_INSERT + 3; i++) service.searchStarted('ko', 'B1');
    await eventually(async () => (await startsOf('ko')).length === SEARCH_STARTS_PER_INSERT);
    // The three left over wait for the window, or for the server to close.
    await service.flush();
    expect(await startsOf('ko')).toHaveLength(SEARCH_STARTS_PER_INSERT + 3);
  });

  it('sums 4 weeks per hour of the week in the time zone asked, in bands 0, 1-4, 5+', async () => {
    // The clock reads Friday 2025-06-20 12:00Z.
    const user = await ctx.account({ languageCode: 'de', level: 'B2' });
    await starts('de', 'B2', '2025-06-16T10:15:00Z'); // Monday 10h UTC, one search
    await starts('de', 'B2', '2025-06-09T10:40:00Z', 3); // a week earlier, same hour: 4 in all
    await starts('de', 'B2', '2025-06-17T08:05:00Z', 5); // Tuesday 8h UTC, five
    await starts('de', 'B2', '2025-06-18T23:30:00Z'); // Wednesday 23h UTC
    // Not counted: another level, another language, older than 4 weeks, the current hour.
    await starts('de', 'B1', '2025-06-16T10:15:00Z', 9);
    await starts('es', 'B2', '2025-06-16T10:15:00Z', 9);
    await starts('de', 'B2', '2025-05-23T09:00:00Z', 9);
    await starts('de', 'B2', '2025-06-20T12:00:00Z', 9);

    expect(busy(await cellsOf(user, 'de', 'UTC'))).toEqual(['0 10 1-4', '1 8 5+', '2 23 1-4']);
    // Seoul is UTC+9: Wednesday 23:30 UTC is Thursday 8h there.
    expect(busy(await cellsOf(user, 'de', 'Asia/Seoul'))).toEqual([
      '0 19 1-4',
      '1 17 5+',
      '3 8 1-4',
    ]);
    const res = await activity(user, 'de', 'UTC');
    expect(Object.keys(res.json()).sort()).toEqual([
      'cells',
      'languageCode',
      'level',
      'timeZone',
      'weeks',
    ]);
    expect(res.json()).toMatchObject({
      languageCode: 'de',
      level: 'B2',
      timeZone: 'UTC',
      weeks: 4,
    });
  });

  it('serves the same heat-map from its cache until the TTL passes', async () => {
    const user = await ctx.account({ languageCode: 'it', level: 'A1' });
    await starts('it', 'A1', '2025-06-16T10:15:00Z');
    expect(busy(await cellsOf(user, 'it', 'UTC'))).toEqual(['0 10 1-4']);
    await starts('it', 'A1', '2025-06-16T10:20:00Z', 4);
    ctx.clock.advance(SEARCH_ACTIVITY_TTL_MS - 1_000);
    expect(busy(await cellsOf(user, 'it', 'UTC'))).toEqual(['0 10 1-4']);
    // Another zone is another entry, read fresh.
    expect(busy(await cellsOf(user, 'it', 'Europe/Rome'))).toEqual(['0 12 5+']);
    ctx.clock.advance(2_000);
    expect(busy(await cellsOf(user, 'it', 'UTC'))).toEqual(['0 10 5+']);
  });

  it('drops search starts older than the heat-map reads, keeping the rest', async () => {
    // The clock reads 2025-06-20T12:00Z (moved a little by earlier tests): 29 days back is kept.
    await starts('ar', 'C2', '2025-05-22T13:00:00Z'); // 29 days before
    await starts('ar', 'C2', '2025-05-21T11:00:00Z', 2); // more than 29 days before
    const run = await ctx.app.jobs.run('purge-search-starts');
    expect(run).toMatchObject({ status: 'done' });
    const left = await ctx.db
      .select()
      .from(searchStarts)
      .where(eq(searchStarts.languageCode, 'ar'));
    expect(left.map((row) => row.startedAt.toISOString())).toEqual(['2025-05-22T13:00:00.000Z']);
  });

  it('refuses an unknown time zone, a language not learned and a caller not signed in', async () => {
    const user = await ctx.account({ languageCode: 'pt', level: 'A2' });
    for (const tz of ['Mars/Olympus', '', 'x'.repeat(80)]) {
      const res = await activity(user, 'pt', tz);
      expect(res.statusCode, tz).toBe(400);
      expect(res.json()).toMatchObject({ code: 400 });
    }
    expect((await activity(user, 'xx', 'UTC')).statusCode).toBe(400);
    const notLearned = await activity(user, 'ko', 'UTC');
    expect(notLearned.statusCode).toBe(400);
    expect(notLearned.json()).toMatchObject({ message: 'You are not learning this language' });
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/search-activity?languageCode=pt&tz=UTC',
    });
    expect([401, 403]).toContain(anonymous.statusCode);
  });
});

describe.each(drivers)('search starts when the server closes (%s)', (driver) => {
  const ctx = useLiveApp(driver);

  it('writes the starts still waiting for their insert', async () => {
    const user = await ctx.account({ languageCode: 'it', level: 'B2' });
    await ctx.connect(user);
    expect((await ctx.find(user, 'it')).statusCode).toBe(200);
    const startsOf = () =>
      ctx.db.select().from(searchStarts).where(eq(searchStarts.languageCode, 'it'));
    expect(await startsOf()).toHaveLength(0);
    await ctx.app.close();
    expect(await startsOf()).toHaveLength(1);
  });
});
