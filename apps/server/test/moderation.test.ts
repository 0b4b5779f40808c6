import {
  MODERATION_PAGE_SIZE,
  moderationReportsPageSchema,
  moderationUserSchema,
  type ModerationReport,
} from '@parlo/contract/moderation';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reports } from '../src/db/tables/moderation.ts';
import { users } from '../src/db/tables/users.ts';
import { useLiveApp } from './helpers/live-app.ts';
import { moderationWrites, pastSession, setRole, userRow } from './helpers/moderation.ts';
import { drivers } from './helpers/test-app.ts';

const HOUR = 3_600_000;

describe.each(drivers)('moderation API (%s)', (driver) => {
  const ctx = useLiveApp(driver);

  async function moderator(role: 'moderator' | 'admin' = 'moderator') {
    const id = await ctx.account();
    await setRole(ctx.db, id, role);
    return id;
  }

  /** `reported` reported by a new partner after a past call; answers the report id. */
  async function reportedBy(reported: string, reason = 'harassment') {
    const reporter = await ctx.account();
    const sessionId = await pastSession(ctx.db, reporter, reported, ctx.clock.now());
    const res = await ctx.call(reporter, 'POST', '/reports', {
      reportedUserId: reported,
      sessionId,
      reason,
      comment: 'rude',
    });
    expect(res.statusCode, res.body).toBe(201);
    return { reporter, sessionId, reportId: res.json<{ id: string }>().id };
  }

  const act = (moderatorId: string, userId: string, body: object) =>
    ctx.call(moderatorId, 'POST', `/moderation/users/${userId}/actions`, body);

  async function allOpenReports(moderatorId: string) {
    const items: ModerationReport[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const res = await ctx.call(moderatorId, 'GET', `/moderation/reports?status=open${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = moderationReportsPageSchema.parse(res.json());
      expect(body.items.length).toBeLessThanOrEqual(MODERATION_PAGE_SIZE);
      items.push(...body.items);
      cursor = body.nextCursor;
      if (!cursor) return items;
    }
    throw new Error('the queue never ended');
  }

  it('answers 403 forbidden on every endpoint to a user, whatever they send, writing nothing', async () => {
    const user = await ctx.account();
    const target = await ctx.account();
    const { reportId } = await reportedBy(target);
    const before = await moderationWrites(ctx.db);
    const calls: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['GET', '/moderation/access'],
      ['GET', '/moderation/reports'],
      ['GET', '/moderation/reports?status=nonsense'],
      ['GET', `/moderation/users/${target}`],
      ['GET', '/moderation/users/not-a-uuid'],
      ['POST', `/moderation/users/${target}/actions`, { action: 'permanent_block' }],
      ['POST', `/moderation/users/${target}/actions`, { action: 'dismiss', reportId }],
      ['POST', `/moderation/users/${target}/actions`, { action: 'nuke', role: 'admin' }],
      ['POST', `/moderation/users/${user}/actions`, { action: 'unblock' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await ctx.call(user, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json<{ code: string }>().code, `${method} ${url}`).toBe('forbidden');
    }
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/moderation/reports',
      headers: { 'x-api-key': ctx.config.API_KEY },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await moderationWrites(ctx.db)).toEqual(before);
  });

  it('reads the role from the database on each request: a revoked moderator is refused at once', async () => {
    const mod = await moderator();
    const admin = await moderator('admin');
    expect((await ctx.call(mod, 'GET', '/moderation/access')).json()).toEqual({
      role: 'moderator',
    });
    expect((await ctx.call(admin, 'GET', '/moderation/access')).json()).toEqual({ role: 'admin' });
    await setRole(ctx.db, mod, 'user');
    expect((await ctx.call(mod, 'GET', '/moderation/access')).statusCode).toBe(403);
    expect((await ctx.call(mod, 'GET', '/moderation/reports')).statusCode).toBe(403);
  });

  it('never lets a role be set through the API', async () => {
    const user = await ctx.account();
    const mod = await moderator();
    const target = await ctx.account();
    const before = await moderationWrites(ctx.db);
    const forged = [
      await act(mod, target, { action: 'warn', reason: 'x', role: 'admin' }),
      await act(mod, target, { action: 'unblock', userId: mod }),
      await ctx.call(user, 'PUT', '/profiles/me', { role: 'moderator' }),
      await ctx.call(user, 'POST', '/moderation/users/' + user + '/actions', {
        action: 'warn',
        reason: 'promote me',
        role: 'moderator',
      }),
    ];
    for (const res of forged) expect([400, 403, 404], res.body).toContain(res.statusCode);
    expect(forged[0]!.json()).toMatchObject({ code: 400, message: 'Invalid moderation action' });
    expect((await userRow(ctx.db, user)).role).toBe('user');
    expect((await ctx.call(user, 'GET', '/moderation/access')).statusCode).toBe(403);
    expect(await moderationWrites(ctx.db)).toEqual(before);
  });

  it('lists open reports: escalated users first (newest escalation first), then newest, by pages', async () => {
    const mod = await moderator();
    const early = await ctx.account();
    const late = await ctx.account();
    const plain = await ctx.account();
    const reporter = await ctx.account();
    const now = ctx.clock.now().getTime();
    // Enough rows for several pages, written straight to the table (the API caps 3 a day).
    await ctx.db.insert(reports).values(
      Array.from({ length: MODERATION_PAGE_SIZE + 15 }, (_, i) => ({
        reporterId: reporter,
        reportedUserId: [early, late, plain][i % 3]!,
        reason: 'spam' as const,
        createdAt: new Date(now - i * 60_000),
      })),
    );
    await ctx.db
      .update(users)
      .set({ escalatedAt: new Date(now - 2 * HOUR) })
      .where(eq(users.id, early));
    await ctx.db
      .update(users)
      .set({ escalatedAt: new Date(now - HOUR) })
      .where(eq(users.id, late));

    const items = await allOpenReports(mod);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    const ours = items.filter((item) => [early, late, plain].includes(item.reported.id));
    expect(ours).toHaveLength(MODERATION_PAGE_SIZE + 15);
    const rank = (id: string) => [late, early, plain].indexOf(id);
    for (let i = 1; i < ours.length; i++) {
      const [prev, next] = [ours[i - 1]!, ours[i]!];
      expect(rank(prev.reported.id)).toBeLessThanOrEqual(rank(next.reported.id));
      if (prev.reported.id === next.reported.id) {
        expect(prev.createdAt >= next.createdAt).toBe(true);
      }
    }
    // Across the whole queue: every escalated user's reports come before any other.
    const firstPlain = items.findIndex((item) => item.reported.escalatedAt === null);
    expect(items.slice(firstPlain).every((item) => item.reported.escalatedAt === null)).toBe(true);
    expect(ours[0]!.reported).toMatchObject({
      id: late,
      escalatedAt: new Date(now - HOUR).toISOString(),
      reportsTotal: 22,
      status: 'active',
      blockedUntil: null,
      country: 'KR',
    });
    expect(ours[0]!.reporter).toMatchObject({ id: reporter, reportsTotal: 0 });

    const bad = await ctx.call(mod, 'GET', '/moderation/reports?cursor=garbage');
    expect(bad.statusCode).toBe(400);
    expect((await ctx.call(mod, 'GET', '/moderation/reports?status=closed')).statusCode).toBe(400);
    expect((await ctx.call(mod, 'GET', '/moderation/reports?role=admin')).statusCode).toBe(400);
  });

  it("shows a user's file: person, reports with the session's technical data, and history", async () => {
    const mod = await moderator();
    const target = await ctx.account();
    const { reporter, sessionId, reportId } = await reportedBy(target, 'spam');
    ctx.clock.advance(1_000);
    const warned = await act(mod, target, { action: 'warn', reason: '  Be kind.  ', reportId });
    expect(warned.statusCode, warned.body).toBe(201);
    expect(warned.json()).toMatchObject({
      userId: target,
      action: 'warn',
      reason: 'Be kind.',
      reportId,
      blockedUntil: null,
      moderator: { id: mod, name: expect.stringMatching(/^User /) as string },
      createdAt: ctx.clock.now().toISOString(),
    });

    const res = await ctx.call(mod, 'GET', `/moderation/users/${target.toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    const file = moderationUserSchema.parse(res.json());
    expect(file.user).toMatchObject({ id: target, reportsTotal: 1, reportsLast7Days: 1 });
    expect(file.reports).toEqual([
      expect.objectContaining<Partial<ModerationReport>>({
        id: reportId,
        reason: 'spam',
        comment: 'rude',
        status: 'actioned',
        reviewedAt: ctx.clock.now().toISOString(),
        reporter: expect.objectContaining({ id: reporter }) as ModerationReport['reporter'],
        session: {
          id: sessionId,
          startedAt: expect.any(String) as string,
          endedAt: expect.any(String) as string,
          durationSeconds: 290,
          endReason: 'user_ended',
        },
      }),
    ]);
    expect(file.actions).toEqual([warned.json()]);
    expect(res.body).not.toMatch(/email|username|dateOfBirth/);
  });

  it('dismisses a report; a closed report cannot be acted on twice', async () => {
    const mod = await moderator();
    const target = await ctx.account();
    const { reportId } = await reportedBy(target);
    const dismissed = await act(mod, target, { action: 'dismiss', reportId });
    expect(dismissed.statusCode, dismissed.body).toBe(201);
    expect((await ctx.db.select().from(reports).where(eq(reports.id, reportId)))[0]).toMatchObject({
      status: 'dismissed',
      reviewedBy: mod,
    });
    expect((await userRow(ctx.db, target)).status).toBe('active');
    const before = await moderationWrites(ctx.db);
    const again = await act(mod, target, { action: 'warn', reason: 'late', reportId });
    expect(again.statusCode).toBe(409);
    expect(await moderationWrites(ctx.db)).toEqual(before);
  });

  it('refuses bad input, unknown ids and self-moderation, writing nothing', async () => {
    const mod = await moderator();
    const target = await ctx.account();
    const other = await ctx.account();
    const { reportId } = await reportedBy(target);
    const { reportId: otherReport } = await reportedBy(other);
    const before = await moderationWrites(ctx.db);

    const cases: [userId: string, body: object, status: number][] = [
      [target, { action: 'nuke' }, 400],
      [target, { action: 'warn' }, 400],
      [target, { action: 'warn', reason: '   ' }, 400],
      [target, { action: 'warn', reason: 'x'.repeat(1001) }, 400],
      [target, { action: 'warn', reason: 42 }, 400],
      // Without a report, dismiss releases a hold no open report explains; this user has none.
      [target, { action: 'dismiss' }, 409],
      [target, { action: 'temporary_block' }, 400],
      [target, { action: 'temporary_block', durationHours: 0 }, 400],
      [target, { action: 'temporary_block', durationHours: 1e9 }, 400],
      [target, { action: 'temporary_block', durationHours: 1.5 }, 400],
      [target, { action: 'temporary_block', durationHours: '24' }, 400],
      [target, { action: 'permanent_block', durationHours: 24 }, 400],
      [target, { action: 'permanent_block', reportId: 'abc' }, 400],
      [target, { action: 'dismiss', reportId: otherReport }, 400],
      [target, { action: 'dismiss', reportId: crypto.randomUUID() }, 404],
      [crypto.randomUUID(), { action: 'warn', reason: 'who?' }, 404],
      [target, { action: 'unblock' }, 409],
      [mod, { action: 'permanent_block' }, 403],
    ];
    for (const [userId, body, status] of cases) {
      const res = await act(mod, userId, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
    }
    const huge = await act(mod, target, { action: 'warn', reason: 'x'.repeat(100 * 1024) });
    expect(huge.statusCode).toBe(413);
    const badId = await act(mod, 'not-a-uuid', { action: 'warn', reason: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(
      (await ctx.call(mod, 'GET', `/moderation/users/${crypto.randomUUID()}`)).statusCode,
    ).toBe(404);
    expect(await moderationWrites(ctx.db)).toEqual(before);
    expect((await ctx.db.select().from(reports).where(eq(reports.id, reportId)))[0]!.status).toBe(
      'open',
    );
  });

  it('is in the OpenAPI document', async () => {
    const doc = await ctx.app.inject({ url: '/docs/json' });
    const paths = Object.keys(doc.json<{ paths: object }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/moderation/access',
        '/api/v1/moderation/reports',
        '/api/v1/moderation/users/{userId}',
        '/api/v1/moderation/users/{userId}/actions',
      ]),
    );
  });
});
