import { SOCKET_CLOSE_CODES } from '@parlo/contract/constants';
import type { ModerationUser } from '@parlo/contract/moderation';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { moderationActions } from '../src/db/tables/moderation.ts';
import { sessions } from '../src/db/tables/sessions.ts';
import { useLiveApp } from './helpers/live-app.ts';
import { moderationWrites, pastSession, setRole, userRow } from './helpers/moderation.ts';
import { drivers } from './helpers/test-app.ts';

const HOUR = 3_600_000;

describe.each(drivers)('moderation enforcement (%s)', (driver) => {
  const ctx = useLiveApp(driver);

  async function moderator() {
    const id = await ctx.account();
    await setRole(ctx.db, id, 'moderator');
    return id;
  }

  const act = (moderatorId: string, userId: string, body: object) =>
    ctx.call(moderatorId, 'POST', `/moderation/users/${userId}/actions`, body);

  async function report(reporter: string, reported: string) {
    const sessionId = await pastSession(ctx.db, reporter, reported, ctx.clock.now());
    const res = await ctx.call(reporter, 'POST', '/reports', {
      reportedUserId: reported,
      sessionId,
      reason: 'harassment',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  }

  const fileOf = async (mod: string, userId: string) =>
    (await ctx.call(mod, 'GET', `/moderation/users/${userId}`)).json<ModerationUser>();

  it('ends the call of a blocked user as system_ended and closes their socket for good', async () => {
    const mod = await moderator();
    const a = await ctx.account({ languageCode: 'fr' });
    const b = await ctx.account({ languageCode: 'fr' });
    const sa = await ctx.connect(a);
    const sb = await ctx.connect(b);
    expect((await ctx.find(a, 'fr')).statusCode).toBe(200);
    ctx.clock.advance(1);
    expect((await ctx.find(b, 'fr')).statusCode).toBe(200);
    await ctx.app.live.matching.runPairing('fr');
    const sessionId = (await sa.next('session_created')).payload.session.id;
    await sb.next('session_created');

    const res = await act(mod, a, { action: 'permanent_block', reason: 'nudity on camera' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await sb.next('session_ended')).payload).toEqual({
      sessionId,
      reason: 'system_ended',
    });
    expect(await sa.closed).toEqual({
      code: SOCKET_CLOSE_CODES.accountRestricted,
      reason: 'Account blocked',
    });
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row).toMatchObject({ endReason: 'system_ended', endedBy: null });
    expect(await ctx.app.live.lifecycle.isInSession(b)).toBe(false);

    const find = await ctx.find(a, 'fr');
    expect(find.statusCode).toBe(403);
    expect(find.json()).toMatchObject({ code: 'account_blocked' });
    const again = ctx.rawSocket(['bearer', await ctx.tokenFor(a)]);
    expect((await again.closed).code).toBe(SOCKET_CLOSE_CODES.authenticationFailed);
    expect((await userRow(ctx.db, a)).status).toBe('blocked');
    // The partner is free to search again.
    expect((await ctx.find(b, 'fr')).statusCode).toBe(200);
    await ctx.call(b, 'POST', '/match/cancel');
  });

  it('drops the queued search of a blocked user; a temporary block lapses by itself', async () => {
    const mod = await moderator();
    const user = await ctx.account({ languageCode: 'de' });
    const socket = await ctx.connect(user);
    expect((await ctx.find(user, 'de')).statusCode).toBe(200);
    expect(await ctx.app.live.broker.ticketOf(user)).not.toBeNull();

    const res = await act(mod, user, { action: 'temporary_block', durationHours: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const until = new Date(ctx.clock.now().getTime() + 2 * HOUR).toISOString();
    expect(res.json()).toMatchObject({ action: 'temporary_block', blockedUntil: until });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_CODES.accountRestricted);
    expect(await ctx.app.live.broker.ticketOf(user)).toBeNull();
    const me = await ctx.call(user, 'GET', '/users/me');
    expect(me.json()).toMatchObject({ status: 'temporarily_blocked', blockedUntil: until });
    expect((await fileOf(mod, user)).user).toMatchObject({
      status: 'temporarily_blocked',
      blockedUntil: until,
    });

    ctx.clock.advance(2 * HOUR - 1);
    expect((await ctx.find(user, 'de')).statusCode).toBe(403);
    ctx.clock.advance(1);
    expect((await ctx.call(user, 'GET', '/users/me')).json()).toMatchObject({
      status: 'active',
      blockedUntil: null,
    });
    expect((await fileOf(mod, user)).user).toMatchObject({ status: 'active', blockedUntil: null });
    await ctx.connect(user);
    expect((await ctx.find(user, 'de')).statusCode).toBe(200);
    await ctx.call(user, 'POST', '/match/cancel');
  });

  it('unblocks: the account is active again and the history names moderator and reason', async () => {
    const mod = await moderator();
    const user = await ctx.account();
    expect((await act(mod, user, { action: 'permanent_block', reason: 'spam' })).statusCode).toBe(
      201,
    );
    ctx.clock.advance(1_000);
    const res = await act(mod, user, { action: 'unblock', reason: 'appeal accepted' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await userRow(ctx.db, user)).toMatchObject({
      status: 'active',
      blockedAt: null,
      blockedUntil: null,
    });
    expect((await ctx.call(user, 'GET', '/profiles/me')).statusCode).toBe(200);
    const { actions } = await fileOf(mod, user);
    expect(actions.map((a) => [a.action, a.reason, a.moderator?.id])).toEqual([
      ['unblock', 'appeal accepted', mod],
      ['permanent_block', 'spam', mod],
    ]);
  });

  it('escalates at 3 distinct reporters within 24 h: out of matching, not blocked', async () => {
    const mod = await moderator();
    const target = await ctx.account({ languageCode: 'es' });
    const [r1, r2, r3] = [await ctx.account(), await ctx.account(), await ctx.account()];
    const socket = await ctx.connect(target);
    expect((await ctx.find(target, 'es')).statusCode).toBe(200);

    await report(r1, target);
    await report(r1, target); // the same reporter twice counts once
    await report(r2, target);
    expect((await userRow(ctx.db, target)).escalatedAt).toBeNull();
    expect(await ctx.app.live.broker.ticketOf(target)).not.toBeNull();

    const third = await report(r3, target);
    expect((await userRow(ctx.db, target)).escalatedAt).toEqual(ctx.clock.now());
    expect(await ctx.app.live.broker.ticketOf(target)).toBeNull();
    const find = await ctx.find(target, 'es');
    expect(find.statusCode).toBe(403);
    expect(find.json()).toMatchObject({ code: 'under_review' });
    // Not banned: the rest of the app still works and the socket stays open.
    expect((await ctx.call(target, 'GET', '/profiles/me')).statusCode).toBe(200);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    const file = await fileOf(mod, target);
    expect(file.user.escalatedAt).toBe(ctx.clock.now().toISOString());
    expect(file.actions).toEqual([
      expect.objectContaining({ action: 'escalate', moderator: null, reportId: third }),
    ]);

    // A fourth report does not escalate twice.
    await report(await ctx.account(), target);
    expect(
      await ctx.db.select().from(moderationActions).where(eq(moderationActions.userId, target)),
    ).toHaveLength(1);

    // A warning clears the escalation; the reports already seen do not bring it back.
    ctx.clock.advance(1_000);
    expect((await act(mod, target, { action: 'warn', reason: 'Be kind' })).statusCode).toBe(201);
    expect((await userRow(ctx.db, target)).escalatedAt).toBeNull();
    expect((await ctx.find(target, 'es')).statusCode).toBe(200);
    ctx.clock.advance(1_000);
    await report(await ctx.account(), target);
    expect((await userRow(ctx.db, target)).escalatedAt).toBeNull();
    await ctx.call(target, 'POST', '/match/cancel');
  });

  it('does not escalate on reports spread over more than 24 h; dismissing all clears it', async () => {
    const mod = await moderator();
    const target = await ctx.account();
    const reporters = [await ctx.account(), await ctx.account(), await ctx.account()];
    await report(reporters[0]!, target);
    await report(reporters[1]!, target);
    ctx.clock.advance(24 * HOUR);
    const late = await report(reporters[2]!, target);
    expect((await userRow(ctx.db, target)).escalatedAt).toBeNull();

    const fresh = [await ctx.account(), await ctx.account()];
    const reportIds = [late, await report(fresh[0]!, target), await report(fresh[1]!, target)];
    expect((await userRow(ctx.db, target)).escalatedAt).not.toBeNull();

    const before = await moderationWrites(ctx.db);
    for (const [i, reportId] of reportIds.entries()) {
      expect((await act(mod, target, { action: 'dismiss', reportId })).statusCode).toBe(201);
      const escalated = (await userRow(ctx.db, target)).escalatedAt;
      // Held back until the last open report against the user is dismissed.
      if (i < reportIds.length - 1) expect(escalated).not.toBeNull();
    }
    const { reports } = await fileOf(mod, target);
    const open = reports.filter((r) => r.status === 'open');
    for (const r of open) {
      expect((await act(mod, target, { action: 'dismiss', reportId: r.id })).statusCode).toBe(201);
    }
    expect((await userRow(ctx.db, target)).escalatedAt).toBeNull();
    expect((await moderationWrites(ctx.db)).actions).toBe(before.actions + 3 + open.length);
  });

  it('escalates exactly once when the reports arrive in parallel', async () => {
    const target = await ctx.account();
    const reporters = [await ctx.account(), await ctx.account(), await ctx.account()];
    const sessionIds = await Promise.all(
      reporters.map((r) => pastSession(ctx.db, r, target, ctx.clock.now())),
    );
    const results = await Promise.all(
      reporters.map((r, i) =>
        ctx.call(r, 'POST', '/reports', {
          reportedUserId: target,
          sessionId: sessionIds[i],
          reason: 'spam',
        }),
      ),
    );
    expect(results.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect((await userRow(ctx.db, target)).escalatedAt).not.toBeNull();
    const rows = await ctx.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.userId, target));
    expect(rows.map((row) => row.action)).toEqual(['escalate']);
  });
});
