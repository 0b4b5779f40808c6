import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { matchExclusions } from '../src/db/tables/moderation.ts';
import { sessionOffers, sessions } from '../src/db/tables/sessions.ts';
import { tokenLedger } from '../src/db/tables/tokens.ts';
import { users } from '../src/db/tables/users.ts';
import { addUsage } from '../src/modules/tokens/token-ledger-repo.ts';
import { useLiveApp } from './helpers/live-app.ts';
import { drivers } from './helpers/test-app.ts';

describe.each(drivers)('continue offers (%s)', (driver) => {
  const ctx = useLiveApp(driver, { OFFER_TTL_MS: '60000' });

  /** Two users whose call just ended with `reason`. */
  async function afterCall(reason: 'user_ended' | 'connection_issue' = 'user_ended') {
    const a = await ctx.account();
    const b = await ctx.account();
    const sa = await ctx.connect(a);
    const sb = await ctx.connect(b);
    await ctx.find(a);
    ctx.clock.advance(1);
    await ctx.find(b);
    const created = await sa.next('session_created');
    await sb.next('session_created');
    sa.send({ type: 'end_session', payload: { reason } });
    await sb.next('session_ended');
    await sa.next('session_ended');
    return { a, b, sa, sb, sessionId: created.payload.session.id };
  }

  const offer = (from: string, peerId: string) =>
    ctx.call(from, 'POST', '/match/offers', { peerId, languageCode: 'en', type: 'continuation' });

  const status = async (id: string) =>
    (await ctx.db.select().from(sessionOffers).where(eq(sessionOffers.id, id)))[0]!.status;

  it('sends an offer to the last partner, who accepts: a new charged session, sender initiates', async () => {
    const { a, b, sa, sb } = await afterCall();
    const res = await offer(a, b);
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json<{ id: string }>();
    expect(res.json()).toMatchObject({
      type: 'continuation',
      fromUserId: a,
      toUserId: b,
      peerId: a,
      status: 'pending',
      languageCode: 'en',
    });
    const received = await sb.next('session_offer_received');
    expect(received.payload.offer).toEqual(res.json());

    expect((await offer(a, b)).statusCode).toBe(409);
    expect((await offer(b, a)).statusCode).toBe(409);

    const accepted = await ctx.call(b, 'POST', `/match/offers/${sent.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(204);
    const ca = await sa.next('session_created', 1);
    const cb = await sb.next('session_created', 1);
    expect(ca.payload.initiator).toBe(true);
    expect(cb.payload.initiator).toBe(false);
    expect(ca.payload.session.id).toBe(cb.payload.session.id);
    const charges = await ctx.db
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.sessionId, ca.payload.session.id));
    expect(charges.map((c) => c.userId).sort()).toEqual([a, b].sort());
    expect(await status(sent.id)).toBe('accepted');
    const again = await ctx.call(b, 'POST', `/match/offers/${sent.id}/accept`);
    expect(again.statusCode).toBe(409);
  });

  it('lets the receiver decline: the sender is told', async () => {
    const { a, b, sb } = await afterCall('connection_issue');
    const sent = (await offer(b, a)).json<{ id: string }>();
    expect((await ctx.call(b, 'POST', `/match/offers/${sent.id}/decline`)).statusCode).toBe(404);
    expect((await ctx.call(a, 'POST', `/match/offers/${sent.id}/decline`)).statusCode).toBe(204);
    expect((await sb.next('session_offer_declined')).payload).toEqual({ offerId: sent.id });
    expect(await status(sent.id)).toBe('declined');
    expect((await ctx.call(a, 'POST', `/match/offers/${sent.id}/decline`)).statusCode).toBe(409);
  });

  it('lets the sender cancel: the receiver is told', async () => {
    const { a, b, sb } = await afterCall();
    const sent = (await offer(a, b)).json<{ id: string }>();
    expect((await ctx.call(b, 'DELETE', `/match/offers/${sent.id}/cancel`)).statusCode).toBe(404);
    expect((await ctx.call(a, 'DELETE', `/match/offers/${sent.id}/cancel`)).statusCode).toBe(204);
    expect((await sb.next('session_offer_cancelled')).payload).toEqual({
      offerId: sent.id,
      reason: 'cancelled',
    });
    expect(await status(sent.id)).toBe('cancelled');
    expect((await ctx.call(b, 'POST', `/match/offers/${sent.id}/accept`)).statusCode).toBe(409);
  });

  it('expires an unanswered offer after its TTL and tells both', async () => {
    const { a, b, sa, sb } = await afterCall();
    const sent = (await offer(a, b)).json<{ id: string }>();
    ctx.scheduler.advance(59_000);
    expect(await status(sent.id)).toBe('pending');
    ctx.scheduler.advance(1_000);
    // The sender is told the offer lapsed, not that the partner withdrew or declined it.
    expect((await sa.next('session_offer_cancelled')).payload).toEqual({
      offerId: sent.id,
      reason: 'expired',
    });
    expect((await sb.next('session_offer_cancelled')).payload).toEqual({
      offerId: sent.id,
      reason: 'expired',
    });
    expect(await status(sent.id)).toBe('expired');
    expect((await ctx.call(b, 'POST', `/match/offers/${sent.id}/accept`)).statusCode).toBe(409);
  });

  it('refuses offers to strangers, late offers and other people’s offers', async () => {
    const { a, b } = await afterCall();
    const stranger = await ctx.account();
    expect((await offer(a, stranger)).statusCode).toBe(404);
    expect((await offer(stranger, a)).statusCode).toBe(404);
    const sent = (await offer(a, b)).json<{ id: string }>();
    expect((await ctx.call(stranger, 'POST', `/match/offers/${sent.id}/accept`)).statusCode).toBe(
      404,
    );
    expect((await ctx.call(a, 'POST', `/match/offers/${sent.id}/accept`)).statusCode).toBe(404);
    expect((await ctx.call(a, 'POST', '/match/offers/nope/accept')).statusCode).toBe(404);
    await ctx.call(a, 'DELETE', `/match/offers/${sent.id}/cancel`);
    ctx.scheduler.advance(5 * 60_000 + 1);
    expect((await offer(a, b)).statusCode).toBe(409);
  });

  it('refuses to continue with a partner who has had another call since', async () => {
    // In the call that just ended `a` was the first side and `b` the second...
    const { a, b } = await afterCall();
    const c = await ctx.account();
    ctx.clock.advance(1_000);
    // ...and `b` has since had a short call as the first side.
    await ctx.db.insert(sessions).values({
      languageCode: 'en',
      user1Id: b,
      user2Id: c,
      createdAt: ctx.clock.now(),
      endedAt: ctx.clock.now(),
      endReason: 'user_ended',
    });
    const refused = await offer(a, b);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Your partner has moved on' });
    // Nor can `b` go back: the last partner is `c`.
    expect((await offer(b, a)).statusCode).toBe(404);
  });

  it('refuses an offer while the session is still running', async () => {
    const a = await ctx.account();
    const b = await ctx.account();
    const sa = await ctx.connect(a);
    await ctx.connect(b);
    await ctx.find(a);
    await ctx.find(b);
    await sa.next('session_created');
    const res = await offer(a, b);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 1001 });
  });

  it('fails the offer with 1002 when a side cannot pay, and tells both', async () => {
    const { a, b, sa, sb } = await afterCall();
    const sent = (await offer(a, b)).json<{ id: string }>();
    await addUsage(ctx.db, a, 'tokens', ctx.clock.now(), 3);
    const before = await ctx.db.select().from(sessions);
    const res = await ctx.call(b, 'POST', `/match/offers/${sent.id}/accept`);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 1002 });
    expect(await status(sent.id)).toBe('failed');
    expect((await sa.next('error')).payload).toMatchObject({ code: 1002, offerId: sent.id });
    expect((await sb.next('error')).payload).toMatchObject({ code: 1002, offerId: sent.id });
    expect(await ctx.db.select().from(sessions)).toHaveLength(before.length);
  });

  it('never continues a pair after a report, nor with someone held out for review', async () => {
    const exclude = (x: string, y: string) =>
      ctx.db
        .insert(matchExclusions)
        .values({ userLowId: x < y ? x : y, userHighId: x < y ? y : x });

    // A report after the offer was made: the offer can no longer be accepted, nor made again.
    const first = await afterCall();
    const sent = await offer(first.a, first.b);
    expect(sent.statusCode).toBe(201);
    await exclude(first.a, first.b);
    const accepted = await ctx.call(
      first.b,
      'POST',
      `/match/offers/${sent.json<{ id: string }>().id}/accept`,
    );
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toEqual({
      code: 'pair_excluded',
      message: 'This session cannot be continued',
    });
    expect(first.sb.of('session_created')).toHaveLength(1);
    expect(await status(sent.json<{ id: string }>().id)).toBe('pending');
    await ctx.call(first.a, 'DELETE', `/match/offers/${sent.json<{ id: string }>().id}/cancel`);
    expect((await offer(first.b, first.a)).statusCode).toBe(409);

    // Escalated: may not continue, and nobody may continue with them.
    const second = await afterCall();
    await ctx.db.update(users).set({ escalatedAt: ctx.clock.now() }).where(eq(users.id, second.a));
    const mine = await offer(second.a, second.b);
    expect(mine.statusCode).toBe(403);
    expect(mine.json()).toMatchObject({ code: 'under_review' });
    expect((await offer(second.b, second.a)).statusCode).toBe(409);
    expect(second.sa.of('session_offer_received')).toEqual([]);
  });

  it("closes the pair's offers when one reports the other, and refuses new ones both ways", async () => {
    const { a, b, sa, sb, sessionId } = await afterCall();
    const sent = (await offer(a, b)).json<{ id: string }>();
    await sb.next('session_offer_received');
    const reported = await ctx.call(b, 'POST', '/reports', {
      reportedUserId: a,
      sessionId,
      reason: 'harassment',
    });
    expect(reported.statusCode, reported.body).toBe(201);

    expect((await sa.next('session_offer_cancelled')).payload).toEqual({
      offerId: sent.id,
      reason: 'cancelled',
    });
    expect((await sb.next('session_offer_cancelled')).payload.offerId).toBe(sent.id);
    expect((await sa.next('session_offer_unavailable')).payload).toEqual({ peerId: b });
    expect((await sb.next('session_offer_unavailable')).payload).toEqual({ peerId: a });
    expect(await status(sent.id)).toBe('cancelled');

    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const refused = await offer(from, to);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'pair_excluded' });
    }
    expect(sa.of('session_offer_received')).toEqual([]);
  });

  it('names the sender to the receiver, and delivers a pending offer again after a reconnect', async () => {
    const { a, b, sb } = await afterCall();
    const sent = (await offer(a, b)).json<{ id: string }>();
    const received = await sb.next('session_offer_received');
    expect(received.payload.from).toMatchObject({ id: a, name: expect.any(String) as string });
    expect(received.payload.from.name).not.toBe('');

    await sb.close();
    const back = await ctx.connect(b);
    const again = await back.next('session_offer_received');
    expect(again.payload.offer.id).toBe(sent.id);
    expect(again.payload.from.id).toBe(a);
  });

  it('refuses to accept while the receiver is searching or in a call', async () => {
    const { a, b, sa, sb } = await afterCall();
    const sent = (await offer(a, b)).json<{ id: string }>();
    await sb.next('session_offer_received');

    expect((await ctx.find(b)).statusCode).toBe(200);
    const whileSearching = await ctx.call(b, 'POST', `/match/offers/${sent.id}/accept`);
    expect(whileSearching.statusCode).toBe(409);
    expect(whileSearching.json()).toMatchObject({ code: 'searching' });
    expect(await status(sent.id)).toBe('pending');
    expect(await ctx.app.live.broker.ticketOf(b)).not.toBeNull();

    // Matched with someone else meanwhile: in a call, the offer cannot be taken up.
    const c = await ctx.account();
    await ctx.connect(c);
    await ctx.find(c);
    await sb.next('session_created', 1);
    const inCall = await ctx.call(b, 'POST', `/match/offers/${sent.id}/accept`);
    expect(inCall.statusCode).toBe(409);
    expect(inCall.json()).toMatchObject({ code: 1001 });
    expect(sa.of('session_created')).toHaveLength(1);
  });

  it('lets a receiver who stopped searching accept: both are taken to the call', async () => {
    const { a, b, sa, sb } = await afterCall();
    const sent = (await offer(a, b)).json<{ id: string }>();
    expect((await ctx.find(b)).statusCode).toBe(200);
    expect((await ctx.call(b, 'POST', '/match/cancel')).statusCode).toBe(200);
    const accepted = await ctx.call(b, 'POST', `/match/offers/${sent.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(204);
    const created = await sa.next('session_created', 1);
    expect((await sb.next('session_created', 1)).payload.session.id).toBe(
      created.payload.session.id,
    );
  });
});
