import type { ModerationFrameFlags, ModerationHeldUsers } from '@parlo/contract/frame-flags';
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { frameFlags } from '../src/db/tables/safety.ts';
import { sessions } from '../src/db/tables/sessions.ts';
import { useLiveApp } from './helpers/live-app.ts';
import { moderationWrites, setRole, userRow } from './helpers/moderation.ts';
import { drivers } from './helpers/test-app.ts';

describe.each(drivers)('frame guard flags (%s)', (driver) => {
  const ctx = useLiveApp(driver);

  // Every test starts in a fresh rate-limit window of the flag route.
  beforeEach(() => ctx.clock.advance(61_000));

  /** A session of the two, live (`ended` false) or just ended. */
  async function session(user1Id: string, user2Id: string, ended = false) {
    const now = ctx.clock.now();
    const [row] = await ctx.db
      .insert(sessions)
      .values({
        user1Id,
        user2Id,
        languageCode: 'en',
        createdAt: now,
        startedAt: now,
        endedAt: ended ? now : null,
        endReason: ended ? 'user_ended' : null,
      })
      .returning({ id: sessions.id });
    return row!.id;
  }

  const flag = (userId: string, body: Record<string, unknown>) =>
    ctx.call(userId, 'POST', '/frame-flags', {
      side: 'incoming',
      category: 'porn',
      score: 0.91,
      frameCount: 3,
      ...body,
    });

  const flagsAbout = (userId: string) =>
    ctx.db.select().from(frameFlags).where(eq(frameFlags.subjectUserId, userId));

  async function moderator() {
    const id = await ctx.account();
    await setRole(ctx.db, id, 'moderator');
    return id;
  }

  it('stores an incoming flag about the partner and an outgoing one about the sender, once each', async () => {
    const [a, b] = [await ctx.account(), await ctx.account()];
    const sessionId = await session(a, b);

    const incoming = await flag(a, { sessionId, score: 0.93, frameCount: 4 });
    expect(incoming.statusCode, incoming.body).toBe(201);
    expect(incoming.json()).toEqual({
      id: expect.any(String) as unknown,
      createdAt: expect.any(String) as unknown,
    });
    expect(await flagsAbout(b)).toMatchObject([
      { reporterId: a, sessionId, side: 'incoming', category: 'porn', score: 0.93, frameCount: 4 },
    ]);

    const outgoing = await flag(a, { sessionId, side: 'outgoing', category: 'hentai' });
    expect(outgoing.statusCode).toBe(201);
    expect(await flagsAbout(a)).toMatchObject([{ side: 'outgoing', reporterId: a }]);

    const again = await flag(a, { sessionId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 409, message: expect.any(String) as unknown });
    expect(await flagsAbout(b)).toHaveLength(1);
  });

  it('refuses forged flags: not a participant, unknown session, long ended, malformed', async () => {
    const [a, b, stranger] = [await ctx.account(), await ctx.account(), await ctx.account()];
    const sessionId = await session(a, b, true);

    expect((await flag(stranger, { sessionId })).statusCode).toBe(404);
    expect((await flag(a, { sessionId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
    ctx.clock.advance(61_000); // a new rate-limit window
    for (const bad of [
      { sessionId, score: 1.5 },
      { sessionId, frameCount: 1 },
      { sessionId, category: 'sexy' },
      { sessionId, image: 'data:image/jpeg;base64,AAAA' },
      { sessionId: 'nope' },
    ]) {
      const res = await flag(a, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, message: 'Invalid flag' });
    }
    ctx.clock.advance(121_000);
    const late = await flag(a, { sessionId });
    expect(late.statusCode).toBe(410);
    const [rows] = await ctx.db
      .select({ n: count() })
      .from(frameFlags)
      .where(eq(frameFlags.sessionId, sessionId));
    expect(rows!.n).toBe(0);
  });

  it('rate-limits a flood of flag requests', async () => {
    const a = await ctx.account();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await flag(a, { sessionId: 'x' })).statusCode);
    expect(statuses.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    // Per account: another learner behind the same address still gets through.
    const b = await ctx.account();
    expect((await flag(b, { sessionId: 'x' })).statusCode).toBe(400);
  });

  it('holds a user out of matching once 3 different partners flagged them within 24 h', async () => {
    const target = await ctx.account({ languageCode: 'es' });
    const [p1, p2, p3] = [await ctx.account(), await ctx.account(), await ctx.account()];
    await ctx.connect(target);
    expect((await ctx.find(target, 'es')).statusCode).toBe(200);

    expect((await flag(p1, { sessionId: await session(p1, target) })).statusCode).toBe(201);
    // The same partner again, in another call, counts once.
    expect((await flag(p1, { sessionId: await session(target, p1) })).statusCode).toBe(201);
    // The target's own outgoing flag never counts toward the rule.
    const own = await session(target, p2);
    expect((await flag(target, { sessionId: own, side: 'outgoing' })).statusCode).toBe(201);
    expect((await flag(p2, { sessionId: await session(p2, target) })).statusCode).toBe(201);
    expect((await userRow(ctx.db, target)).escalatedAt).toBeNull();

    ctx.clock.advance(61_000);
    expect((await flag(p3, { sessionId: await session(p3, target) })).statusCode).toBe(201);
    expect((await userRow(ctx.db, target)).escalatedAt).toEqual(ctx.clock.now());
    expect(await ctx.app.live.broker.ticketOf(target)).toBeNull();
    const find = await ctx.find(target, 'es');
    expect(find.statusCode).toBe(403);
    expect(find.json()).toMatchObject({ code: 'under_review' });
    // A flag never blocks: the account stays active.
    expect((await userRow(ctx.db, target)).status).toBe('active');
  });

  it('lists a user held by flags alone for moderators, who can release the hold', async () => {
    const mod = await moderator();
    const target = await ctx.account();
    const partners = [await ctx.account(), await ctx.account(), await ctx.account()];
    const scores = [0.81, 0.93, 0.77];
    for (const [index, partner] of partners.entries()) {
      const sessionId = await session(partner, target);
      expect((await flag(partner, { sessionId, score: scores[index] })).statusCode).toBe(201);
    }
    expect((await userRow(ctx.db, target)).escalatedAt).not.toBeNull();

    const held = await ctx.call(mod, 'GET', '/moderation/frame-flags/held');
    expect(held.statusCode, held.body).toBe(200);
    const entry = held.json<ModerationHeldUsers>().items.find((item) => item.userId === target);
    expect(entry).toMatchObject({ flags: 3, distinctPartners: 3, topScore: 0.93 });
    expect(held.body).not.toMatch(/image|base64|data:/i);
    expect((await ctx.call(target, 'GET', '/moderation/frame-flags/held')).statusCode).toBe(403);

    // Releasing the hold (dismiss without a report) takes them off the list and back to matching.
    const release = await ctx.call(mod, 'POST', `/moderation/users/${target}/actions`, {
      action: 'dismiss',
    });
    expect(release.statusCode, release.body).toBe(201);
    expect((await userRow(ctx.db, target)).escalatedAt).toBeNull();
    const after = await ctx.call(mod, 'GET', '/moderation/frame-flags/held');
    expect(after.json<ModerationHeldUsers>().items.map((item) => item.userId)).not.toContain(
      target,
    );
    // Nothing left to release: a second dismiss without a report is refused.
    const again = await ctx.call(mod, 'POST', `/moderation/users/${target}/actions`, {
      action: 'dismiss',
    });
    expect(again.statusCode).toBe(409);
  });

  it('does not escalate when the flags are spread over more than 24 h', async () => {
    const target = await ctx.account();
    const partners = [await ctx.account(), await ctx.account(), await ctx.account()];
    for (const partner of partners) {
      expect((await flag(partner, { sessionId: await session(partner, target) })).statusCode).toBe(
        201,
      );
      ctx.clock.advance(13 * 60 * 60 * 1000);
    }
    expect((await userRow(ctx.db, target)).escalatedAt).toBeNull();
  });

  it('links a report filed from a flag, and shows moderators counts and scores, no image', async () => {
    const mod = await moderator();
    const [a, b] = [await ctx.account(), await ctx.account()];
    const sessionId = await session(a, b);
    const created = (await flag(a, { sessionId, score: 0.88 })).json<{ id: string }>();
    const report = await ctx.call(a, 'POST', '/reports', {
      reportedUserId: b,
      sessionId,
      reason: 'nudity',
      frameFlagId: created.id,
    });
    expect(report.statusCode, report.body).toBe(201);
    const reportId = report.json<{ id: string }>().id;

    const before = await moderationWrites(ctx.db);
    const res = await ctx.call(mod, 'GET', `/moderation/users/${b}/frame-flags`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<ModerationFrameFlags>();
    expect(view).toMatchObject({ total: 1, last24Hours: 1, distinctPartners24Hours: 1 });
    expect(view.flags).toEqual([
      {
        id: created.id,
        sessionId,
        side: 'incoming',
        category: 'porn',
        score: 0.88,
        frameCount: 3,
        reportId,
        createdAt: expect.any(String) as unknown,
      },
    ]);
    expect(res.body).not.toMatch(/image|base64|data:/i);
    expect(await moderationWrites(ctx.db)).toEqual(before);

    expect((await ctx.call(a, 'GET', `/moderation/users/${b}/frame-flags`)).statusCode).toBe(403);
  });

  it('does not link a report to somebody else’s flag', async () => {
    const [a, b, c] = [await ctx.account(), await ctx.account(), await ctx.account()];
    const theirs = (await flag(c, { sessionId: await session(c, b) })).json<{ id: string }>();
    const sessionId = await session(a, b);
    const report = await ctx.call(a, 'POST', '/reports', {
      reportedUserId: b,
      sessionId,
      reason: 'nudity',
      frameFlagId: theirs.id,
    });
    expect(report.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(frameFlags).where(eq(frameFlags.id, theirs.id));
    expect(row!.reportId).toBeNull();
  });

  it('remembers the reveal-together setting per account', async () => {
    const [a, b] = [await ctx.account(), await ctx.account()];
    expect((await ctx.call(a, 'GET', '/users/me/safety-settings')).json()).toEqual({
      revealTogether: false,
    });
    const put = await ctx.call(a, 'PUT', '/users/me/safety-settings', { revealTogether: true });
    expect(put.statusCode, put.body).toBe(200);
    expect((await ctx.call(a, 'GET', '/users/me/safety-settings')).json()).toEqual({
      revealTogether: true,
    });
    expect((await ctx.call(b, 'GET', '/users/me/safety-settings')).json()).toEqual({
      revealTogether: false,
    });
    const bad = await ctx.call(a, 'PUT', '/users/me/safety-settings', { revealTogether: 'yes' });
    expect(bad.statusCode).toBe(400);
  });
});
