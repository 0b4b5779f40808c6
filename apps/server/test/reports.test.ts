import { REPORT_LIMIT_MESSAGE } from '@parlo/contract/reports';
import { and, count, eq, isNull, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { matchExclusions, reports } from '../src/db/tables/moderation.ts';
import { sessions } from '../src/db/tables/sessions.ts';
import { useLiveApp } from './helpers/live-app.ts';
import { drivers } from './helpers/test-app.ts';

describe.each(drivers)('reports (%s)', (driver) => {
  const ctx = useLiveApp(driver);

  const report = (reporterId: string, body: Record<string, unknown>) =>
    ctx.call(reporterId, 'POST', '/reports', { reason: 'harassment', ...body });

  /** A call between the two that already ended, written straight to the table. */
  async function pastSession(user1Id: string, user2Id: string) {
    const now = ctx.clock.now();
    const [row] = await ctx.db
      .insert(sessions)
      .values({
        user1Id,
        user2Id,
        languageCode: 'en',
        createdAt: now,
        startedAt: now,
        endedAt: now,
        endReason: 'user_ended',
      })
      .returning({ id: sessions.id });
    return row!.id;
  }

  /** `n` partners of the user, each met in a past call. */
  async function metPartners(userId: string, n: number) {
    const partners: { id: string; sessionId: string }[] = [];
    for (let i = 0; i < n; i++) {
      const partner = await ctx.account();
      partners.push({ id: partner, sessionId: await pastSession(userId, partner) });
    }
    return partners;
  }

  /** Everything a report writes, for asserting that a refusal wrote nothing. */
  async function written() {
    const [r] = await ctx.db.select({ n: count() }).from(reports);
    const [x] = await ctx.db.select({ n: count() }).from(matchExclusions);
    return { reports: r!.n, exclusions: x!.n };
  }

  const reportsBy = (reporterId: string) =>
    ctx.db.select().from(reports).where(eq(reports.reporterId, reporterId));

  const exclusionOf = (a: string, b: string) => {
    const [low, high] = [a, b].sort() as [string, string];
    return ctx.db
      .select()
      .from(matchExclusions)
      .where(and(eq(matchExclusions.userLowId, low), eq(matchExclusions.userHighId, high)));
  };

  async function learner(languageCode: string) {
    const id = await ctx.account({ languageCode });
    return { id, socket: await ctx.connect(id) };
  }

  async function search(userId: string, languageCode: string) {
    const res = await ctx.find(userId, languageCode);
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.live.matching.runPairing(languageCode);
  }

  const partnersOf = async (userId: string) =>
    (
      await ctx.db
        .select()
        .from(sessions)
        .where(
          and(
            isNull(sessions.endedAt),
            or(eq(sessions.user1Id, userId), eq(sessions.user2Id, userId)),
          ),
        )
    ).map((s) => (s.user1Id === userId ? s.user2Id : s.user1Id));

  it('accepts a report of the partner after a call and never matches the two again', async () => {
    const a = await learner('fr');
    const b = await learner('fr');
    await search(a.id, 'fr');
    ctx.clock.advance(1);
    await search(b.id, 'fr');
    const created = await a.socket.next('session_created');
    a.socket.send({ type: 'end_session', payload: { reason: 'user_ended' } });
    await b.socket.next('session_ended');
    const sessionId = created.payload.session.id;

    const res = await report(a.id, {
      reportedUserId: b.id,
      sessionId,
      reason: 'spam',
      comment: '  links to a shop  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ id: string; createdAt: string }>();
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'id']);
    expect(body.createdAt).toBe(ctx.clock.now().toISOString());
    expect(await reportsBy(a.id)).toEqual([
      expect.objectContaining({
        id: body.id,
        reportedUserId: b.id,
        sessionId,
        reason: 'spam',
        comment: 'links to a shop',
        status: 'open',
      }),
    ]);
    expect(await exclusionOf(a.id, b.id)).toEqual([expect.objectContaining({ reason: 'report' })]);

    await search(a.id, 'fr');
    await search(b.id, 'fr');
    ctx.scheduler.advance(60_000);
    await ctx.app.live.matching.sweep();
    expect(await partnersOf(a.id)).toEqual([]);
    const c = await learner('fr');
    await search(c.id, 'fr');
    expect(await partnersOf(c.id)).toHaveLength(1);
    expect([a.id, b.id]).toContain((await partnersOf(c.id))[0]);
  });

  it('stores an empty or blank comment as null and lets the partner report back', async () => {
    const a = await ctx.account();
    const b = await ctx.account();
    const sessionId = await pastSession(a, b);
    expect((await report(a, { reportedUserId: b, sessionId, comment: '   ' })).statusCode).toBe(
      201,
    );
    expect((await report(b, { reportedUserId: a, sessionId, comment: null })).statusCode).toBe(201);
    expect((await reportsBy(a))[0]!.comment).toBeNull();
    expect((await reportsBy(b))[0]!.comment).toBeNull();
    // Both directions share one exclusion row.
    expect(await exclusionOf(a, b)).toHaveLength(1);
  });

  it('refuses strangers, other people’s sessions, oneself and anyone but the partner', async () => {
    const a = await ctx.account();
    const b = await ctx.account();
    const stranger = await ctx.account();
    const sessionId = await pastSession(a, b);
    const before = await written();

    const cases = [
      [stranger, { reportedUserId: b, sessionId }, 404, 'Session not found'],
      [
        stranger,
        { reportedUserId: a, sessionId: await pastSession(b, a) },
        404,
        'Session not found',
      ],
      [a, { reportedUserId: b, sessionId: crypto.randomUUID() }, 404, 'Session not found'],
      [a, { reportedUserId: a, sessionId }, 400, 'You cannot report yourself'],
      [
        a,
        { reportedUserId: stranger, sessionId },
        400,
        'You can only report the person you talked to',
      ],
      [
        a,
        { reportedUserId: crypto.randomUUID(), sessionId },
        400,
        'You can only report the person you talked to',
      ],
    ] as const;
    for (const [reporter, body, status, message] of cases) {
      const res = await report(reporter, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ code: status, message });
    }
    expect(await written()).toEqual(before);
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const a = await ctx.account();
    const b = await ctx.account();
    const sessionId = await pastSession(a, b);
    const before = await written();

    const invalid = [
      [{ reportedUserId: b, sessionId, reason: 'rude' }, 'reason'],
      [{ reportedUserId: b, sessionId, reason: '' }, 'reason'],
      [{ reportedUserId: b, sessionId, comment: 'x'.repeat(1001) }, 'comment'],
      [{ reportedUserId: b, sessionId, comment: 42 }, 'comment'],
      [{ reportedUserId: b, sessionId, role: 'moderator' }, ''],
      [{ reportedUserId: 'b', sessionId }, 'reportedUserId'],
      [{ reportedUserId: b }, 'sessionId'],
    ] as const;
    for (const [body, field] of invalid) {
      const res = await report(a, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, message: 'Invalid report data' });
      if (field) expect(res.json<{ fields: object }>().fields).toHaveProperty(field);
    }
    const missingReason = await ctx.call(a, 'POST', '/reports', { reportedUserId: b, sessionId });
    expect(missingReason.statusCode).toBe(400);

    const huge = await report(a, { reportedUserId: b, sessionId, comment: 'x'.repeat(100 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: 413, message: 'Request body is too large' });

    const exactlyAtCap = await report(a, {
      reportedUserId: b,
      sessionId,
      comment: ` ${'y'.repeat(1000)} `,
    });
    expect(exactlyAtCap.statusCode, exactlyAtCap.body).toBe(201);
    expect(await written()).toEqual({
      reports: before.reports + 1,
      exclusions: before.exclusions + 1,
    });
  });

  it('refuses a second report of the same session with 409', async () => {
    const a = await ctx.account();
    const b = await ctx.account();
    const sessionId = await pastSession(a, b);
    expect((await report(a, { reportedUserId: b, sessionId })).statusCode).toBe(201);
    const before = await written();
    const again = await report(a, { reportedUserId: b, sessionId, reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, message: 'You have already reported this session' });
    expect(await written()).toEqual(before);
  });

  it('refuses the 4th report of a UTC day with 429 and allows it the next day', async () => {
    const reporter = await ctx.account();
    const partners = await metPartners(reporter, 5);
    const reportOf = (i: number) =>
      report(reporter, { reportedUserId: partners[i]!.id, sessionId: partners[i]!.sessionId });
    for (const i of [0, 1, 2]) expect((await reportOf(i)).statusCode).toBe(201);
    const before = await written();

    const fourth = await reportOf(3);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      code: 429,
      message: "You've reached your daily report limit. You can report up to 3 users per day.",
    });
    expect(REPORT_LIMIT_MESSAGE).toBe(fourth.json<{ message: string }>().message);
    const now = ctx.clock.now();
    const untilMidnight =
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime();
    expect(fourth.headers['retry-after']).toBe(String(Math.ceil(untilMidnight / 1000)));
    expect(await written()).toEqual(before);

    ctx.clock.advance(untilMidnight - 1);
    expect((await reportOf(3)).statusCode).toBe(429);
    ctx.clock.advance(1);
    expect((await reportOf(3)).statusCode).toBe(201);
    expect(await exclusionOf(reporter, partners[3]!.id)).toHaveLength(1);
    expect(await exclusionOf(reporter, partners[4]!.id)).toHaveLength(0);
  });

  it('never lets parallel reports pass the daily cap', async () => {
    const reporter = await ctx.account();
    const partners = await metPartners(reporter, 4);
    const results = await Promise.all(
      partners
        .slice(0, 3)
        .map((p) => report(reporter, { reportedUserId: p.id, sessionId: p.sessionId })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const last = partners[3]!;
    expect(
      (await report(reporter, { reportedUserId: last.id, sessionId: last.sessionId })).statusCode,
    ).toBe(429);

    const other = await ctx.account();
    const more = await metPartners(other, 5);
    const raced = await Promise.all(
      more.map((p) => report(other, { reportedUserId: p.id, sessionId: p.sessionId })),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429]);
    expect(await reportsBy(other)).toHaveLength(3);
    expect(await reportsBy(reporter)).toHaveLength(3);
  });

  it('ends a call in progress as user_reported for both sides', async () => {
    const a = await learner('de');
    const b = await learner('de');
    await search(a.id, 'de');
    ctx.clock.advance(1);
    await search(b.id, 'de');
    const sessionId = (await a.socket.next('session_created')).payload.session.id;
    await b.socket.next('session_created');

    const res = await report(b.id, { reportedUserId: a.id, sessionId, reason: 'nudity' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await a.socket.next('session_ended')).payload).toEqual({
      sessionId,
      reason: 'user_reported',
    });
    expect((await b.socket.next('session_ended')).payload.reason).toBe('user_reported');
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row).toMatchObject({ endReason: 'user_reported', endedBy: b.id });
    expect(await ctx.app.live.lifecycle.isInSession(a.id)).toBe(false);
    expect(await exclusionOf(a.id, b.id)).toHaveLength(1);
  });

  it('is in the OpenAPI document and needs a signed-in user', async () => {
    const doc = await ctx.app.inject({ url: '/docs/json' });
    expect(Object.keys(doc.json<{ paths: object }>().paths)).toContain('/api/v1/reports');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: { 'x-api-key': ctx.config.API_KEY },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
