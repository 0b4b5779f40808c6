import type { LanguageCode } from '@parlo/contract/constants';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryBroker } from '../src/broker/memory-broker.ts';
import { matchExclusions } from '../src/db/tables/moderation.ts';
import { sessions } from '../src/db/tables/sessions.ts';
import { tokenLedger } from '../src/db/tables/tokens.ts';
import { profiles, users } from '../src/db/tables/users.ts';
import { createChargedSession } from '../src/modules/tokens/session-charge-repo.ts';
import { addUsage } from '../src/modules/tokens/token-ledger-repo.ts';
import { eventually, useLiveApp, type AccountOptions } from './helpers/live-app.ts';
import { drivers } from './helpers/test-app.ts';

describe.each(drivers)('matching (%s)', (driver) => {
  const ctx = useLiveApp(driver, {
    STUN_URLS: 'stun:stun.example.org:3478',
    TURN_URLS: 'turn:turn.example.org:3478?transport=udp',
    TURN_SECRET: 'turn-shared-secret',
  });

  /** A connected learner of `languageCode` (each test uses its own language: queues are apart). */
  async function learner(languageCode: LanguageCode, options: AccountOptions = {}) {
    const id = await ctx.account({ languageCode, ...options });
    return { id, socket: await ctx.connect(id) };
  }

  async function search(user: { id: string }, languageCode: LanguageCode) {
    const res = await ctx.find(user.id, languageCode);
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.live.matching.runPairing(languageCode);
    return res;
  }

  /** Moves time and runs the periodic sweep that widens the rules. */
  async function wait(ms: number) {
    ctx.scheduler.advance(ms);
    await ctx.app.live.matching.sweep();
  }

  const openSessionOf = async (userId: string) =>
    ctx.db
      .select()
      .from(sessions)
      .where(
        and(
          isNull(sessions.endedAt),
          sql`(${sessions.user1Id} = ${userId} or ${sessions.user2Id} = ${userId})`,
        ),
      );

  const partnersOf = async (userId: string) =>
    (await openSessionOf(userId)).map((s) => (s.user1Id === userId ? s.user2Id : s.user1Id));

  it('pairs two learners and tells both: exact peer profile, one initiator, TURN credentials', async () => {
    const a = await learner('en', { level: 'B2' });
    const b = await learner('en', { level: 'B2' });
    // a chose a picture of their own; b has only the one their sign-in provider gave.
    await ctx.db
      .update(profiles)
      .set({ imageUrl: 'https://cdn.example.org/a.png' })
      .where(eq(profiles.userId, a.id));
    await ctx.db
      .update(users)
      .set({ imageUrl: 'https://provider.example.org/b.png' })
      .where(eq(users.id, b.id));
    const nameOf = async (id: string) =>
      (await ctx.db.select().from(profiles).where(eq(profiles.userId, id)))[0]!.name;
    const first = await search(a, 'en');
    expect(first.json()).toMatchObject({ status: 'searching', languageCode: 'en' });
    ctx.clock.advance(1_000);
    await search(b, 'en');
    const ca = (await a.socket.next('session_created')).payload;
    const cb = (await b.socket.next('session_created')).payload;
    expect(ca.session.id).toBe(cb.session.id);
    expect([ca.initiator, cb.initiator]).toEqual([true, false]);
    expect(Object.keys(ca.peerProfile).sort()).toEqual([
      'country',
      'id',
      'imageUrl',
      'level',
      'name',
    ]);
    expect(ca.peerProfile).toEqual({
      id: b.id,
      name: await nameOf(b.id),
      country: 'KR',
      imageUrl: 'https://provider.example.org/b.png',
      level: 'B2',
    });
    expect(cb.peerProfile).toEqual({
      id: a.id,
      name: await nameOf(a.id),
      country: 'KR',
      imageUrl: 'https://cdn.example.org/a.png',
      level: 'B2',
    });
    expect(ca.session).toMatchObject({ user1Id: a.id, user2Id: b.id, initiator: true });
    expect(cb.session.initiator).toBe(false);
    const created = new Date(ca.session.startedAt).getTime();
    expect(new Date(ca.endsAt).getTime()).toBe(created + 420_000);
    expect(ca.iceServers[0]).toEqual({ urls: ['stun:stun.example.org:3478'] });
    const turn = ca.iceServers[1]!;
    const expiry = Math.floor(ctx.clock.now().getTime() / 1000) + 3600;
    expect(turn.username).toBe(`${expiry}:${a.id}`);
    const { createHmac } = await import('node:crypto');
    expect(turn.credential).toBe(
      createHmac('sha1', 'turn-shared-secret').update(`${expiry}:${a.id}`).digest('base64'),
    );
    expect(cb.iceServers[1]!.username).toBe(`${expiry}:${b.id}`);
  });

  it('prefers the exact level and widens to adjacent levels only after the wait', async () => {
    const a = await learner('fr', { level: 'B1' });
    const adjacent = await learner('fr', { level: 'A2' });
    await search(a, 'fr');
    await search(adjacent, 'fr');
    await wait(9_000);
    expect(await partnersOf(a.id)).toEqual([]);
    const exact = await learner('fr', { level: 'B1' });
    await search(exact, 'fr');
    expect(await partnersOf(a.id)).toEqual([exact.id]);
    const late = await learner('fr', { level: 'B2' });
    await search(late, 'fr');
    await wait(500);
    expect(await partnersOf(adjacent.id)).toEqual([]);
    // The adjacent learner has waited 10 s now: B2 is two levels away, still too far.
    await wait(600);
    expect(await partnersOf(adjacent.id)).toEqual([]);
    const b1 = await learner('fr', { level: 'B1' });
    await search(b1, 'fr');
    expect(await partnersOf(adjacent.id)).toEqual([b1.id]);
    expect(await partnersOf(late.id)).toEqual([]);
  });

  it('pairs any levels only after the any-level wait', async () => {
    const a = await learner('es', { level: 'A1' });
    const c = await learner('es', { level: 'C2' });
    await search(a, 'es');
    await search(c, 'es');
    await wait(24_000);
    expect(await partnersOf(a.id)).toEqual([]);
    await wait(1_000);
    expect(await partnersOf(a.id)).toEqual([c.id]);
  });

  it('never pairs a 16-17 learner with an adult, whatever the wait', async () => {
    const minor = await learner('de', { dateOfBirth: '2008-09-01' });
    const adult = await learner('de', { dateOfBirth: '2007-06-20' });
    await search(minor, 'de');
    await search(adult, 'de');
    await wait(120_000);
    expect(await partnersOf(minor.id)).toEqual([]);
    const otherMinor = await learner('de', { dateOfBirth: '2009-01-01', level: 'C2' });
    await search(otherMinor, 'de');
    await wait(1_000);
    expect(await partnersOf(minor.id)).toEqual([otherMinor.id]);
    expect(await partnersOf(adult.id)).toEqual([]);
  });

  it('never pairs an excluded pair', async () => {
    const a = await learner('it');
    const b = await learner('it');
    const [low, high] = [a.id, b.id].sort() as [string, string];
    await ctx.db.insert(matchExclusions).values({ userLowId: low, userHighId: high });
    await search(a, 'it');
    ctx.clock.advance(1);
    await search(b, 'it');
    await wait(60_000);
    expect(await partnersOf(a.id)).toEqual([]);
    const c = await learner('it');
    await search(c, 'it');
    expect(await partnersOf(a.id)).toEqual([c.id]);
  });

  it('avoids the last partner while someone else may come, then allows them', async () => {
    const a = await learner('pt');
    const b = await learner('pt');
    const before = await search(a, 'pt');
    // Nothing to say before a first call: there is no last partner to wait for.
    expect(before.json()).not.toHaveProperty('rematchAfterMs');
    await search(b, 'pt');
    a.socket.send({ type: 'end_session', payload: { reason: 'user_ended' } });
    await b.socket.next('session_ended');
    // The answer says how long the last partner is held back, for the searching page's hint.
    expect((await search(a, 'pt')).json()).toMatchObject({ rematchAfterMs: 25_000 });
    await search(b, 'pt');
    await wait(20_000);
    expect(await partnersOf(a.id)).toEqual([]);
    await wait(5_000);
    expect(await partnersOf(a.id)).toEqual([b.id]);
  });

  it('refuses a find with the codes of spec §8', async () => {
    const noSocket = await ctx.account({ languageCode: 'zh' });
    const refused = await ctx.find(noSocket, 'zh');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'not_connected' });

    const user = await learner('zh');
    const notMine = await ctx.find(user.id, 'ja');
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toMatchObject({ message: 'You are not learning this language' });

    const blocked = await learner('zh');
    await ctx.db.update(users).set({ status: 'blocked' }).where(eq(users.id, blocked.id));
    // The socket stays (it opened before the block); the search is refused.
    expect((await ctx.find(blocked.id, 'zh')).statusCode).toBe(403);

    const invalid = await ctx.call(user.id, 'POST', '/match/find', { languageCode: 'xx' });
    expect(invalid.statusCode).toBe(400);
  });

  it('answers 1001 to a user already in a call', async () => {
    const a = await learner('ko');
    const b = await learner('ko');
    await search(a, 'ko');
    await search(b, 'ko');
    const again = await ctx.find(a.id, 'ko');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 1001 });
  });

  it('answers 1002 without tokens and charges nothing', async () => {
    const broke = await learner('ar');
    await addUsage(ctx.db, broke.id, 'tokens', ctx.clock.now(), 3);
    const ledgerBefore = await ctx.db
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.userId, broke.id));
    const res = await ctx.find(broke.id, 'ar');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 1002, message: 'No tokens left today' });
    expect(await ctx.app.live.broker.ticketOf(broke.id)).toBeNull();
    expect(await ctx.db.select().from(tokenLedger).where(eq(tokenLedger.userId, broke.id))).toEqual(
      ledgerBefore,
    );
  });

  it('drops the side that cannot pay at pairing time with 1002 and keeps the other queued', async () => {
    const a = await learner('hi');
    const b = await learner('hi');
    await search(a, 'hi');
    await addUsage(ctx.db, a.id, 'tokens', ctx.clock.now(), 3);
    await search(b, 'hi');
    expect((await a.socket.next('error')).payload).toMatchObject({ code: 1002 });
    expect(await ctx.app.live.broker.ticketOf(a.id)).toBeNull();
    expect(await ctx.app.live.broker.ticketOf(b.id)).not.toBeNull();
    expect(await partnersOf(b.id)).toEqual([]);
    await ctx.call(b.id, 'POST', '/match/cancel');
  });

  it('keeps the place on a repeated find, cancels, and forgets a closed socket', async () => {
    const a = await learner('uk');
    const first = (await search(a, 'uk')).json<{ searchStartTime: string }>();
    ctx.clock.advance(2_000);
    const second = (await search(a, 'uk')).json<{ searchStartTime: string }>();
    expect(second.searchStartTime).toBe(first.searchStartTime);
    expect((await ctx.call(a.id, 'POST', '/match/cancel')).json()).toEqual({ cancelled: true });
    expect((await ctx.call(a.id, 'POST', '/match/cancel')).json()).toEqual({ cancelled: false });
    await search(a, 'uk');
    await a.socket.close();
    await expect.poll(() => ctx.app.live.broker.ticketOf(a.id)).toBeNull();
  });

  it('reports users online and the average wait of recent matches', async () => {
    const a = await learner('ja');
    const b = await learner('ja');
    await search(a, 'ja');
    ctx.clock.advance(3_000);
    await search(b, 'ja');
    const res = await ctx.call(a.id, 'GET', '/stats?language=ja');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      users_online: await ctx.app.live.broker.onlineCount(),
      avg_wait_time_ms: 1_500,
    });
    expect(res.json<{ users_online: number }>().users_online).toBeGreaterThanOrEqual(2);
    const unauthenticated = await ctx.app.inject({ method: 'GET', url: '/api/v1/stats' });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('checks the account with the search: deleted 401, blocked 403, a lapsed block searches', async () => {
    const deleted = await learner('pt');
    const lapsed = await learner('pt');
    await ctx.db.update(users).set({ deletedAt: ctx.clock.now() }).where(eq(users.id, deleted.id));
    const gone = await ctx.find(deleted.id, 'pt');
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ code: 401, message: 'Authentication required' });

    const until = new Date(ctx.clock.now().getTime() + 60_000);
    await ctx.db
      .update(users)
      .set({ status: 'temporarily_blocked', blockedAt: ctx.clock.now(), blockedUntil: until })
      .where(eq(users.id, lapsed.id));
    const blocked = await ctx.find(lapsed.id, 'pt');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'account_blocked' });
    expect(await ctx.app.live.broker.ticketOf(lapsed.id)).toBeNull();
    ctx.clock.advance(61_000);
    expect((await ctx.find(lapsed.id, 'pt')).statusCode).toBe(200);
    await ctx.call(lapsed.id, 'POST', '/match/cancel');
  });

  it('charges both users of every session it creates', async () => {
    const a = await ctx.account({ languageCode: 'en' });
    const b = await ctx.account({ languageCode: 'en' });
    const made = await createChargedSession(ctx.db, {
      user1Id: a,
      user2Id: b,
      languageCode: 'en',
      now: ctx.clock.now(),
    });
    const charges = await ctx.db
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.sessionId, made.sessionId));
    expect(charges).toHaveLength(2);
  });
});

describe('a find whose enqueue fails after the broker took it', () => {
  // A Redis command that timed out still runs when Redis catches up: the find reports 503, so
  // the ticket must not stay behind to be paired with someone.
  let failNextEnqueue = false;
  const ctx = useLiveApp('pglite', {}, () => {
    const broker = createMemoryBroker(ctx.clock);
    return {
      broker: {
        ...broker,
        async enqueue(ticket) {
          const queue = await broker.enqueue(ticket);
          if (!failNextEnqueue) return queue;
          failNextEnqueue = false;
          throw new Error('Command timed out');
        },
      },
    };
  });

  it('answers 503 and leaves no ticket to pair', async () => {
    const a = await ctx.account({ languageCode: 'pt' });
    const b = await ctx.account({ languageCode: 'pt' });
    const [socketA, socketB] = [await ctx.connect(a), await ctx.connect(b)];
    failNextEnqueue = true;
    const failed = await ctx.find(a, 'pt');
    expect(failed.statusCode).toBe(503);
    await eventually(async () => (await ctx.app.live.broker.ticketOf(a)) === null);

    expect((await ctx.find(b, 'pt')).statusCode).toBe(200);
    await ctx.app.live.matching.runPairing('pt', true);
    expect(socketA.of('session_created')).toEqual([]);
    expect(await ctx.app.live.broker.ticketOf(b)).not.toBeNull();

    // Searching again works as ever.
    expect((await ctx.find(a, 'pt')).statusCode).toBe(200);
    await ctx.app.live.matching.runPairing('pt');
    const [createdA, createdB] = await Promise.all([
      socketA.next('session_created'),
      socketB.next('session_created'),
    ]);
    expect(createdA.payload.session.id).toBe(createdB.payload.session.id);
  });
});

describe('a scan claims the pairs it chose together', () => {
  /** Pairs per claimPairs call; `beforeClaim` runs once before the next call goes through. */
  const claims: number[] = [];
  let beforeClaim: (() => Promise<void>) | undefined;
  /** Whether each enqueue asked for the queue back. */
  const snapshots: boolean[] = [];
  const ctx = useLiveApp('pglite', {}, () => {
    const broker = createMemoryBroker(ctx.clock);
    return {
      broker: {
        ...broker,
        enqueue(ticket, options) {
          snapshots.push(options?.snapshot ?? true);
          return broker.enqueue(ticket, options);
        },
        async claimPairs(pairs) {
          claims.push(pairs.length);
          const race = beforeClaim;
          beforeClaim = undefined;
          await race?.();
          return broker.claimPairs(pairs);
        },
      },
    };
  });

  /** Connected learners of `levels`, searching in `languageCode`, none paired yet. */
  async function searching(languageCode: LanguageCode, levels: AccountOptions['level'][]) {
    const ids: string[] = [];
    for (const level of levels) {
      const id = await ctx.account({ languageCode, level });
      const socket = await ctx.connect(id);
      expect((await ctx.find(id, languageCode)).statusCode).toBe(200);
      await ctx.app.live.matching.runPairing(languageCode);
      // Oldest first in the order given.
      ctx.clock.advance(10);
      ids.push(id);
      sockets.set(id, socket);
    }
    return ids;
  }
  const sockets = new Map<string, Awaited<ReturnType<typeof ctx.connect>>>();
  beforeEach(() => {
    claims.length = 0;
    snapshots.length = 0;
  });
  const sessionOf = async (id: string) =>
    (await sockets.get(id)!.next('session_created')).payload.session.id;

  it('claims every pair of a sweep in one call', async () => {
    // Adjacent levels only: nobody pairs until the adjacent-level wait has passed.
    const ids = await searching('ja', ['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
    expect(claims).toEqual([]);
    // The clock only: the periodic sweeps stay put, so this sweep is the one scan.
    ctx.clock.advance(10_000);
    await ctx.app.live.matching.sweep();
    expect(claims).toEqual([3]);
    const [a1, a2, b1, b2, c1, c2] = await Promise.all(ids.map(sessionOf));
    expect([a1 === a2, b1 === b2, c1 === c2]).toEqual([true, true, true]);
    expect(new Set([a1, b1, c1]).size).toBe(3);
  });

  it('gives a ticket whose claim lost a race one more look in the same scan', async () => {
    const [older, newer] = await searching('ko', ['A1', 'A2']);
    // Between the scan's read and its claim, the partner's ticket is re-made (as by another
    // instance): the claim fails, and the scan reads the queue again and pairs them.
    beforeClaim = async () => {
      const ticket = await ctx.app.live.broker.ticketOf(newer!);
      await ctx.app.live.broker.enqueue({ ...ticket!, id: `${ticket!.id}-again` });
    };
    // The clock only: the periodic sweeps stay put, so this sweep is the one scan.
    ctx.clock.advance(10_000);
    await ctx.app.live.matching.sweep();
    expect(claims).toEqual([1, 1]);
    expect(await sessionOf(older!)).toBe(await sessionOf(newer!));
    expect(await ctx.app.live.broker.ticketOf(older!)).toBeNull();
  });

  it('asks the enqueue for the queue only when the find starts a scan', async () => {
    await searching('de', ['A1', 'A2']);
    expect(snapshots).toEqual([true, true]);
    // A sweep's scan is held at its claim; a find meanwhile leaves the reading to the next scan.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    beforeClaim = () => held;
    ctx.clock.advance(10_000);
    const sweeping = ctx.app.live.matching.sweep();
    await eventually(() => claims.length === 1);
    const late = await ctx.account({ languageCode: 'de', level: 'C2' });
    await ctx.connect(late);
    expect((await ctx.find(late, 'de')).statusCode).toBe(200);
    expect(snapshots).toEqual([true, true, false]);
    release();
    await sweeping;
    const next = await ctx.account({ languageCode: 'de', level: 'B1' });
    await ctx.connect(next);
    expect((await ctx.find(next, 'de')).statusCode).toBe(200);
    expect(snapshots).toEqual([true, true, false, true]);
  });
});
