import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../src/db/tables/sessions.ts';
import {
  END_RETRY_DELAYS_MS,
  OVERDUE_MARGIN_MS,
} from '../src/modules/sessions/session-lifecycle.ts';
import { createChargedSession } from '../src/modules/tokens/session-charge-repo.ts';
import { eventually, useLiveApp } from './helpers/live-app.ts';
import { drivers } from './helpers/test-app.ts';

describe.each(drivers)('session lifecycle (%s)', (driver) => {
  const ctx = useLiveApp(driver, { SESSION_RECONNECT_GRACE_MS: '15000' });

  async function pair() {
    const a = await ctx.account();
    const b = await ctx.account();
    const sa = await ctx.connect(a);
    const sb = await ctx.connect(b);
    await ctx.find(a);
    ctx.clock.advance(1);
    await ctx.find(b);
    const created = await sa.next('session_created');
    await sb.next('session_created');
    return { a, b, sa, sb, sessionId: created.payload.session.id };
  }

  /**
   * The partner's 15 s grace, started: nothing at 14 s; at 15 s the call ends with
   * connection_issue, and as it never connected both get their token back (docs/decisions.md,
   * issue 17).
   */
  async function graceRunsOut(socket: Awaited<ReturnType<typeof ctx.connect>>, sessionId: string) {
    ctx.scheduler.advance(14_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(socket.of('session_ended')).toEqual([]);
    ctx.scheduler.advance(1_000);
    expect((await socket.next('session_ended')).payload).toEqual({
      sessionId,
      reason: 'connection_issue',
      refunded: true,
    });
  }

  const row = async (id: string) =>
    (await ctx.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;

  it('ends the call at 420 s with time_limit_reached to both', async () => {
    const { sa, sb, sessionId } = await pair();
    ctx.scheduler.advance(419_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sa.of('session_ended')).toEqual([]);
    ctx.scheduler.advance(1_000);
    const ended = await sa.next('session_ended');
    expect(ended.payload).toEqual({ sessionId, reason: 'time_limit_reached' });
    expect((await sb.next('session_ended')).payload.reason).toBe('time_limit_reached');
    const stored = await row(sessionId);
    expect(stored.endReason).toBe('time_limit_reached');
    expect(stored.endedAt!.getTime() - stored.createdAt.getTime()).toBe(420_000);
  });

  it('records end_session as ended by the sender and tells the partner user_ended', async () => {
    const { a, sa, sb, sessionId } = await pair();
    sa.send({ type: 'end_session', payload: { reason: 'user_ended' } });
    expect((await sb.next('session_ended')).payload).toEqual({ sessionId, reason: 'user_ended' });
    expect((await sa.next('session_ended')).payload.reason).toBe('user_ended');
    const stored = await row(sessionId);
    expect(stored).toMatchObject({ endReason: 'user_ended', endedBy: a });
    // Ending again is a no-op: nothing more is sent, the time limit does not fire later.
    sb.send({ type: 'end_session', payload: { reason: 'user_ended' } });
    expect((await sb.next('error')).payload.code).toBe('no_active_session');
    ctx.scheduler.advance(420_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sb.of('session_ended')).toHaveLength(1);
    expect((await row(sessionId)).endReason).toBe('user_ended');
  });

  it('records a client connection_issue as such', async () => {
    const { b, sb, sa, sessionId } = await pair();
    sb.send({ type: 'end_session', payload: { reason: 'connection_issue' } });
    expect((await sa.next('session_ended')).payload.reason).toBe('connection_issue');
    expect(await row(sessionId)).toMatchObject({ endReason: 'connection_issue', endedBy: b });
  });

  it('ends with connection_issue when a socket stays gone past the grace period', async () => {
    const { sa, sb, sessionId } = await pair();
    sb.ws.terminate();
    await eventually(() => ctx.scheduler.pending() > 0 && sa.ws.readyState === sa.ws.OPEN);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await graceRunsOut(sa, sessionId);
  });

  it('gives the grace period at once to a user the announcement did not reach', async () => {
    const a = await ctx.account();
    const b = await ctx.account();
    const sa = await ctx.connect(a);
    // b has no socket when the call is made (gone between the pairing and the announcement).
    const { sessionId } = await ctx.app.live.lifecycle.start({
      user1Id: a,
      user2Id: b,
      languageCode: 'en',
    });
    expect((await sa.next('session_created')).payload.session.id).toBe(sessionId);
    await graceRunsOut(sa, sessionId);
  });

  it('ends the call when its grace period ran out while PostgreSQL refused the end, tried again', async () => {
    const { sa, sb, sessionId } = await pair();
    // Every end refused for now (as a full pool or PostgreSQL out of reach would refuse it).
    await ctx.db.execute(sql`create function parlo_test_refuse() returns trigger
      language plpgsql as $$ begin raise exception 'refused for the test'; end $$`);
    await ctx.db.execute(sql`create trigger parlo_test_refuse before update on sessions
      for each row execute function parlo_test_refuse()`);
    try {
      sb.ws.terminate();
      await eventually(() => ctx.scheduler.pending() > 0 && sa.ws.readyState === sa.ws.OPEN);
      await new Promise((resolve) => setTimeout(resolve, 50));
      ctx.scheduler.advance(15_000);
      await eventually(() => ctx.scheduler.pending() > 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sa.of('session_ended')).toEqual([]);
      expect((await row(sessionId)).endedAt).toBeNull();
    } finally {
      await ctx.db.execute(sql`drop trigger parlo_test_refuse on sessions`);
      await ctx.db.execute(sql`drop function parlo_test_refuse()`);
    }
    // A second later the end is tried again: ended, and the call that never connected refunded.
    ctx.scheduler.advance(END_RETRY_DELAYS_MS[0]!);
    expect((await sa.next('session_ended')).payload).toEqual({
      sessionId,
      reason: 'connection_issue',
      refunded: true,
    });
    expect(await row(sessionId)).toMatchObject({ endReason: 'connection_issue' });
  });

  it('keeps the call when the socket comes back within the grace period', async () => {
    const { b, sa, sessionId } = await pair();
    ctx.app.live.gateway.closeUser(b, 4000, 'network blip');
    await eventually(async () => !(await ctx.app.live.broker.isOnline(b)));
    ctx.scheduler.advance(10_000);
    const back = await ctx.connect(b);
    ctx.scheduler.advance(10_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sa.of('session_ended')).toEqual([]);
    sa.send({ type: 'offer', payload: { sdp: 'after-reconnect' } });
    expect((await back.next('offer')).payload.sdp).toBe('after-reconnect');
    expect((await row(sessionId)).endedAt).toBeNull();
  });

  it("forwards a started call's ICE-restart and re-negotiation offers, answers and candidates in order", async () => {
    const { sa, sb, sessionId } = await pair();
    sa.send({ type: 'offer', payload: { sdp: 'first' } });
    expect((await sb.next('offer')).payload.sdp).toBe('first');
    sb.send({ type: 'answer', payload: { sdp: 'first-answer' } });
    expect((await sa.next('answer')).payload.sdp).toBe('first-answer');
    sa.send({ type: 'media_connected' });
    sb.send({ type: 'media_connected' });
    await eventually(async () => (await row(sessionId)).startedAt !== null);

    // Mid-call the browser recovers with more offers on the same socket messages (no new type).
    for (const sdp of ['ice-restart', 'ice-restart', 'fresh-connection']) {
      sa.send({ type: 'offer', payload: { sdp } });
      sa.send({ type: 'candidate', payload: { candidate: `candidate:${sdp}`, sdpMid: '0' } });
    }
    await sb.next('offer', 3);
    const offers = sb.of('offer').slice(1);
    expect(offers.map((m) => m.payload.sdp)).toEqual([
      'ice-restart',
      'ice-restart',
      'fresh-connection',
    ]);
    await eventually(() => sb.of('candidate').length === 3);
    sb.send({ type: 'answer', payload: { sdp: 'fresh-answer' } });
    expect((await sa.next('answer', 1)).payload.sdp).toBe('fresh-answer');
    expect(sa.of('error')).toEqual([]);
    expect((await row(sessionId)).endedAt).toBeNull();
  });

  it('marks the session started once both sides report media, and keeps the quality', async () => {
    const { sa, sb, sessionId } = await pair();
    sa.send({ type: 'media_connected' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await row(sessionId)).startedAt).toBeNull();
    ctx.clock.advance(2_000);
    sb.send({ type: 'media_connected', payload: {} });
    await eventually(async () => (await row(sessionId)).startedAt !== null);
    sa.send({ type: 'connection_quality', payload: { strength: 'good', packetLoss: 1.5 } });
    await eventually(async () => (await row(sessionId)).quality !== null);
    expect((await row(sessionId)).quality).toEqual({ strength: 'good', packetLoss: 1.5 });
    sa.send({ type: 'connection_quality', payload: { strength: 'worse' } });
    expect((await sa.next('error')).payload.code).toBe('invalid_message');
  });

  it('records the connection type for a participant only', async () => {
    const { a, sessionId } = await pair();
    const stranger = await ctx.account();
    const put = (userId: string, id: string, body: object) =>
      ctx.call(userId, 'PUT', `/sessions/${id}/connection`, body);
    expect((await put(a, sessionId, { connectionType: 'turn' })).statusCode).toBe(204);
    expect((await row(sessionId)).connectionType).toBe('turn');
    expect((await put(stranger, sessionId, { connectionType: 'direct' })).statusCode).toBe(404);
    expect((await put(a, 'not-a-uuid', { connectionType: 'direct' })).statusCode).toBe(404);
    expect((await put(a, sessionId, { connectionType: 'carrier-pigeon' })).statusCode).toBe(400);
    expect((await row(sessionId)).connectionType).toBe('turn');
  });

  it('closes sessions a stopped process left open past 420 s, on start-up', async () => {
    const a = await ctx.account();
    const b = await ctx.account();
    const stale = await createChargedSession(ctx.db, {
      user1Id: a,
      user2Id: b,
      languageCode: 'en',
      now: new Date(ctx.clock.now().getTime() - 421_000),
    });
    await ctx.app.live.lifecycle.recover();
    expect((await row(stale.sessionId)).endReason).toBe('system_ended');
  });

  it('ends a call left open past its end by an instance that died, telling whoever is back', async () => {
    const a = await ctx.account();
    const b = await ctx.account();
    const c = await ctx.account();
    const d = await ctx.account();
    const now = ctx.clock.now().getTime();
    // Made by an instance that died: no timer of this one keeps them.
    const orphan = await createChargedSession(ctx.db, {
      user1Id: a,
      user2Id: b,
      languageCode: 'en',
      now: new Date(now - 420_000 - OVERDUE_MARGIN_MS - 1_000),
    });
    const recent = await createChargedSession(ctx.db, {
      user1Id: c,
      user2Id: d,
      languageCode: 'en',
      now: new Date(now - 420_000 - OVERDUE_MARGIN_MS + 5_000),
    });
    const sa = await ctx.connect(a);
    expect(await ctx.app.live.lifecycle.sweepOverdue()).toBe(1);
    expect((await sa.next('session_ended')).payload).toEqual({
      sessionId: orphan.sessionId,
      reason: 'time_limit_reached',
    });
    expect((await row(orphan.sessionId)).endReason).toBe('time_limit_reached');
    expect((await row(recent.sessionId)).endedAt).toBeNull();
    expect(await ctx.app.live.lifecycle.sweepOverdue()).toBe(0);
    ctx.clock.advance(6_000);
    expect(await ctx.app.live.lifecycle.sweepOverdue()).toBe(1);
    expect((await row(recent.sessionId)).endReason).toBe('time_limit_reached');
  });
});
