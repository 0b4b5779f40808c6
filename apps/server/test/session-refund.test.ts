import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../src/db/tables/sessions.ts';
import { tokenLedger } from '../src/db/tables/tokens.ts';
import { createLiveSessionsRepo } from '../src/modules/sessions/live-sessions-repo.ts';
import { addUsage } from '../src/modules/tokens/token-ledger-repo.ts';
import { createTokensRepo } from '../src/modules/tokens/tokens-repo.ts';
import { eventually, useLiveApp, type AccountOptions } from './helpers/live-app.ts';
import { drivers } from './helpers/test-app.ts';

describe.each(drivers)('refunds of failed calls (%s)', (driver) => {
  const ctx = useLiveApp(driver, { SESSION_RECONNECT_GRACE_MS: '15000' });

  async function pair(first: AccountOptions = {}, second: AccountOptions = {}) {
    const a = await ctx.account(first);
    const b = await ctx.account(second);
    const sa = await ctx.connect(a);
    const sb = await ctx.connect(b);
    expect((await ctx.find(a)).statusCode).toBe(200);
    ctx.clock.advance(1);
    expect((await ctx.find(b)).statusCode).toBe(200);
    const created = await sa.next('session_created');
    await sb.next('session_created');
    return { a, b, sa, sb, sessionId: created.payload.session.id };
  }

  /** Both report remote media: the call counts as connected from now. */
  async function connectMedia(pairing: Awaited<ReturnType<typeof pair>>) {
    pairing.sa.send({ type: 'media_connected' });
    pairing.sb.send({ type: 'media_connected' });
    await eventually(async () => {
      const [row] = await ctx.db
        .select({ startedAt: sessions.startedAt })
        .from(sessions)
        .where(eq(sessions.id, pairing.sessionId));
      return row?.startedAt != null;
    });
  }

  const refunds = (sessionId: string) =>
    ctx.db
      .select({ userId: tokenLedger.userId, pool: tokenLedger.pool, delta: tokenLedger.delta })
      .from(tokenLedger)
      .where(and(eq(tokenLedger.sessionId, sessionId), eq(tokenLedger.reason, 'session_refund')));

  const state = (userId: string) => createTokensRepo(ctx.db).tokenState(userId, ctx.clock.now());

  it('gives both sides their token back, once, when the call never connected', async () => {
    const { a, b, sa, sb, sessionId } = await pair();
    expect((await state(a)).usage).toMatchObject({ tokens: 1, session_limit: 1 });

    sb.send({ type: 'end_session', payload: { reason: 'connection_issue' } });
    const told = await sa.next('session_ended');
    expect(told.payload).toEqual({ sessionId, reason: 'connection_issue', refunded: true });
    expect((await sb.next('session_ended')).payload.refunded).toBe(true);

    const rows = await refunds(sessionId);
    expect(rows.sort((x, y) => x.userId.localeCompare(y.userId))).toEqual(
      [a, b].sort().map((userId) => ({ userId, pool: 'daily', delta: 1 })),
    );
    for (const userId of [a, b]) {
      expect((await state(userId)).usage).toMatchObject({ tokens: 0, session_limit: 0 });
      // What the dashboard's token count reads.
      const usages = await ctx.call(userId, 'GET', '/usages');
      expect(usages.json<{ featureCode: string; count: number }[]>()).toEqual(
        expect.arrayContaining([expect.objectContaining({ featureCode: 'tokens', count: 0 })]),
      );
    }

    // Ending again, from either side or the server, gives nothing more.
    sa.send({ type: 'end_session', payload: { reason: 'connection_issue' } });
    expect((await sa.next('error')).payload.code).toBe('no_active_session');
    expect(await ctx.app.live.lifecycle.end(sessionId, 'connection_issue', null)).toBe(false);
    expect(await refunds(sessionId)).toHaveLength(2);
    expect((await state(a)).usage.tokens).toBe(0);
  });

  it('refunds a call that dropped within 60 s of connecting, and not one that dropped later', async () => {
    const early = await pair();
    await connectMedia(early);
    ctx.clock.advance(60_000);
    early.sa.send({ type: 'end_session', payload: { reason: 'connection_issue' } });
    expect((await early.sb.next('session_ended')).payload.refunded).toBe(true);
    expect(await refunds(early.sessionId)).toHaveLength(2);

    const late = await pair();
    await connectMedia(late);
    ctx.clock.advance(60_001);
    late.sa.send({ type: 'end_session', payload: { reason: 'connection_issue' } });
    expect((await late.sb.next('session_ended')).payload).toEqual({
      sessionId: late.sessionId,
      reason: 'connection_issue',
    });
    expect(await refunds(late.sessionId)).toEqual([]);
    expect((await state(late.a)).usage.tokens).toBe(1);
  });

  it('never refunds a call that ended for another reason', async () => {
    const { a, sa, sb, sessionId } = await pair();
    sa.send({ type: 'end_session', payload: { reason: 'user_ended' } });
    expect((await sb.next('session_ended')).payload).toEqual({ sessionId, reason: 'user_ended' });
    expect(await refunds(sessionId)).toEqual([]);
    expect((await state(a)).usage.tokens).toBe(1);
  });

  it('gives a premium (unlimited) side back the allowance it was charged', async () => {
    const { b, sa, sessionId } = await pair({}, { premium: true });
    expect((await state(b)).usage.tokens).toBe(1);
    sa.send({ type: 'end_session', payload: { reason: 'connection_issue' } });
    expect((await sa.next('session_ended')).payload.refunded).toBe(true);
    expect(await refunds(sessionId)).toEqual(
      expect.arrayContaining([{ userId: b, pool: 'daily', delta: 1 }]),
    );
    expect((await state(b)).usage).toMatchObject({ tokens: 0, session_limit: 0 });
  });

  it('restores a bonus token to the bonus balance, not to the allowance', async () => {
    const a = await ctx.account({ bonus: 1 });
    await addUsage(ctx.db, a, 'tokens', ctx.clock.now(), 3);
    const b = await ctx.account();
    const sa = await ctx.connect(a);
    const sb = await ctx.connect(b);
    await ctx.find(a);
    ctx.clock.advance(1);
    await ctx.find(b);
    const { payload } = await sa.next('session_created');
    expect((await state(a)).bonus).toBe(0);

    sb.send({ type: 'end_session', payload: { reason: 'connection_issue' } });
    expect((await sa.next('session_ended')).payload.refunded).toBe(true);
    expect(await refunds(payload.session.id)).toEqual(
      expect.arrayContaining([
        { userId: a, pool: 'bonus', delta: 1 },
        { userId: b, pool: 'daily', delta: 1 },
      ]),
    );
    const after = await state(a);
    expect(after.bonus).toBe(1);
    expect(after.usage.tokens).toBe(3);
    const count = await ctx.call(a, 'GET', '/bonus-tokens/count');
    expect(count.json()).toEqual({ count: 1 });
  });

  it('refunds once when 20 ends of one call race, as from several instances', async () => {
    const { a, b, sessionId } = await pair();
    // Each repo stands for another instance: the database alone decides who ends the call.
    const ends = await Promise.all(
      Array.from({ length: 20 }, () =>
        createLiveSessionsRepo(ctx.db).end(sessionId, 'connection_issue', null, ctx.clock.now()),
      ),
    );
    const winners = ends.filter((ended) => ended !== null);
    expect(winners).toEqual([{ participants: [a, b], refunded: true }]);
    expect(await refunds(sessionId)).toHaveLength(2);
    for (const userId of [a, b]) {
      expect((await state(userId)).usage).toMatchObject({ tokens: 0, session_limit: 0 });
    }
  });
});
