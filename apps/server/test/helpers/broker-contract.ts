import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ENQUEUE_SNAPSHOT_MAX,
  WAIT_SAMPLES,
  type Broker,
  type BrokerEvent,
  type QueueTicket,
} from '../../src/broker/broker.ts';

const ticket = (userId: string, enqueuedAt: number, languageCode = 'en'): QueueTicket => ({
  id: randomUUID(),
  userId,
  languageCode,
  level: 'B1',
  ageGroup: 'adult',
  enqueuedAt,
  lastPartnerId: null,
  excludedUserIds: [],
});

/** Claims one pair (Broker.claimPairs with a single pair). */
const claimOne = async (on: Broker, first: QueueTicket, second: QueueTicket) => {
  const [claimed, ...rest] = await on.claimPairs([[first, second]]);
  expect(rest).toEqual([]);
  return claimed;
};

/** How the contract suite makes and inspects the brokers of one adapter. */
export interface BrokerHarness {
  /** A broker with nothing in it, for one test. */
  create(): Promise<Broker> | Broker;
  /**
   * A second broker sharing the state of `broker`, as the broker of another instance (another
   * process) would. A one-process adapter answers the same state under another object.
   */
  peer(broker: Broker): Promise<Broker> | Broker;
  /** Lets `ms` pass as far as the broker's counters can tell. */
  elapse(ms: number): Promise<void>;
  /** Removes what a test left behind, after its brokers are closed. */
  cleanUp?(): Promise<void>;
}

/**
 * What every Broker adapter must do; run against each adapter (memory, and Redis when a test
 * Redis is configured) so they stay interchangeable.
 */
export function describeBroker(name: string, harness: BrokerHarness) {
  describe(`broker contract: ${name}`, () => {
    let broker: Broker;
    const peers: Broker[] = [];
    const peerOf = async (of: Broker) => {
      const peer = await harness.peer(of);
      peers.push(peer);
      return peer;
    };
    beforeEach(async () => {
      broker = await harness.create();
    });
    /** An instance listening on `broker`, as a gateway does; presence counts while it listens. */
    const listen = (on: Broker, instanceId: string) => on.subscribe(instanceId, () => {});
    /** Users connected to a listening instance, as searchers always are. */
    async function connected(...userIds: string[]) {
      listen(broker, 'i-searchers');
      for (const userId of userIds) await broker.claimPresence(userId, 'i-searchers');
    }
    afterEach(async () => {
      for (const peer of peers.splice(0)) await peer.close();
      await broker.close();
      await harness.cleanUp?.();
    });

    it('gives one instance the presence of a user until that instance releases it', async () => {
      listen(broker, 'i1');
      listen(broker, 'i2');
      expect(await broker.claimPresence('u1', 'i1')).toBe(true);
      expect(await broker.claimPresence('u1', 'i1')).toBe(false);
      expect(await broker.claimPresence('u1', 'i2')).toBe(false);
      expect(await broker.isOnline('u1')).toBe(true);
      expect(await broker.onlineCount()).toBe(1);
      await broker.releasePresence('u1', 'i2');
      expect(await broker.isOnline('u1')).toBe(true);
      await broker.releasePresence('u1', 'i1');
      expect(await broker.isOnline('u1')).toBe(false);
      expect(await broker.onlineCount()).toBe(0);
    });

    it('delivers to the instance holding the socket, and only there', async () => {
      const seen: Record<string, BrokerEvent[]> = { i1: [], i2: [] };
      broker.subscribe('i1', (event) => seen.i1!.push(event));
      broker.subscribe('i2', (event) => seen.i2!.push(event));
      await broker.claimPresence('u1', 'i1');
      const message = { type: 'peer_camera_toggled', payload: { enabled: true } } as const;
      expect(await broker.deliver('u1', message)).toBe(true);
      expect(await broker.deliver('nobody', message)).toBe(false);
      expect(await broker.disconnect('u1', 1000, 'Signed out')).toBe(true);
      await expect.poll(() => seen.i1!.length).toBe(2);
      expect(seen.i1).toEqual([
        { kind: 'message', userId: 'u1', message },
        { kind: 'disconnect', userId: 'u1', code: 1000, reason: 'Signed out' },
      ]);
      expect(seen.i2).toEqual([]);
    });

    it('keeps one ticket per user, lists a language oldest first, and cancels', async () => {
      const users = (list: QueueTicket[] | null) => list?.map((t) => t.userId);
      expect(users(await broker.enqueue(ticket('b', 20)))).toEqual(['b']);
      expect(users(await broker.enqueue(ticket('a', 10)))).toEqual(['a', 'b']);
      expect(users(await broker.enqueue(ticket('c', 5, 'fr')))).toEqual(['c']);
      // Enqueueing answers the queue as the next scan would read it.
      const after = await broker.enqueue(ticket('b', 30));
      expect(after).toEqual(await broker.tickets('en'));
      expect((await broker.tickets('en')).map((t) => [t.userId, t.enqueuedAt])).toEqual([
        ['a', 10],
        ['b', 30],
      ]);
      expect((await broker.queuedLanguages()).sort()).toEqual(['en', 'fr']);
      expect((await broker.cancel('a'))?.userId).toBe('a');
      expect(await broker.cancel('a')).toBeNull();
      expect(await broker.ticketOf('a')).toBeNull();
      expect((await broker.ticketOf('b'))?.enqueuedAt).toBe(30);
    });

    it('answers no snapshot from an enqueue into a queue longer than ENQUEUE_SNAPSHOT_MAX', async () => {
      for (let i = 0; i < ENQUEUE_SNAPSHOT_MAX - 1; i++) await broker.enqueue(ticket(`u${i}`, i));
      expect(await broker.enqueue(ticket('last-listed', 1_000))).toHaveLength(ENQUEUE_SNAPSHOT_MAX);
      expect(await broker.enqueue(ticket('one-more', 1_001))).toBeNull();
      expect(await broker.tickets('en')).toHaveLength(ENQUEUE_SNAPSHOT_MAX + 1);
    });

    it('answers no snapshot when asked for none, and queues the ticket all the same', async () => {
      await broker.enqueue(ticket('a', 1));
      const b = ticket('b', 2);
      expect(await broker.enqueue(b, { snapshot: false })).toBeNull();
      expect((await broker.tickets('en')).map((t) => t.userId)).toEqual(['a', 'b']);
      expect(await broker.ticketOf('b')).toEqual(b);
    });

    it('tells a find whether the user is online and their ticket, together', async () => {
      expect(await broker.searchState('a')).toEqual({ online: false, ticket: null });
      const a = ticket('a', 1, 'fr');
      await broker.enqueue(a);
      expect(await broker.searchState('a')).toEqual({ online: false, ticket: a });
      const stop = broker.subscribe('i1', () => {});
      await broker.claimPresence('a', 'i1');
      expect(await broker.searchState('a')).toEqual({ online: true, ticket: a });
      await broker.cancel('a');
      expect(await broker.searchState('a')).toEqual({ online: true, ticket: null });
      // The instance holding the socket stops listening (it died): offline at once.
      stop();
      await expect.poll(async () => (await broker.searchState('a')).online).toBe(false);
    });

    it('claims a pair only while both tickets are still the ones read', async () => {
      await connected('a', 'b');
      const a = ticket('a', 1);
      const b = ticket('b', 2);
      await broker.enqueue(a);
      await broker.enqueue(b);
      await broker.cancel('b');
      const b2 = ticket('b', 3);
      await broker.enqueue(b2);
      expect(await claimOne(broker, a, b)).toBe(false);
      expect(await broker.tickets('en')).toHaveLength(2);
      expect(await claimOne(broker, a, b2)).toBe(true);
      expect(await broker.tickets('en')).toEqual([]);
      expect(await claimOne(broker, a, b2)).toBe(false);
    });

    it('never hands one ticket to two concurrent claims', async () => {
      await connected(...Array.from({ length: 6 }, (_, i) => `user-${i}`));
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.nat(5), fc.nat(5)), { minLength: 1, maxLength: 30 }),
          async (pairs) => {
            const tickets = Array.from({ length: 6 }, (_, i) => ticket(`user-${i}`, i));
            for (const t of tickets) await broker.enqueue(t);
            const results = await Promise.all(
              pairs.map(([x, y]) => claimOne(broker, tickets[x]!, tickets[y]!)),
            );
            const claimed = pairs.filter((_, i) => results[i]).flat();
            expect(new Set(claimed).size).toBe(claimed.length);
            for (const t of tickets) await broker.cancel(t.userId);
          },
        ),
        { numRuns: 50 },
      );
    });

    it('claims the pairs of one call each on its own, in order', async () => {
      await connected('a', 'b', 'c', 'd', 'e', 'f', 'g');
      const [a, b, c, d, e, f, g] = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id, i) =>
        ticket(id, i),
      ) as [
        QueueTicket,
        QueueTicket,
        QueueTicket,
        QueueTicket,
        QueueTicket,
        QueueTicket,
        QueueTicket,
      ];
      const stranger = ticket('h', 7);
      for (const t of [a, b, c, d, e, f, g, stranger]) await broker.enqueue(t);
      const staleF = { ...f, id: randomUUID() };
      expect(await broker.claimPairs([])).toEqual([]);
      expect(
        await broker.claimPairs([
          [a, b],
          // a went with the pair before, so this one fails, and c stays free for the next.
          [a, c],
          [c, d],
          [e, staleF],
          [g, g],
          [e, stranger],
        ]),
      ).toEqual([true, false, true, false, false, false]);
      // Refused pairs keep both tickets (h is not connected).
      expect((await broker.tickets('en')).map((t) => t.userId)).toEqual(['e', 'f', 'g', 'h']);
      await connected('h');
      expect(
        await broker.claimPairs([
          [e, f],
          [g, stranger],
        ]),
      ).toEqual([true, true]);
      expect(await broker.tickets('en')).toEqual([]);
    });

    it('claims pairs of several languages in one call', async () => {
      await connected('a', 'b', 'c', 'd');
      const [a, b] = [ticket('a', 1), ticket('b', 2)];
      const [c, d] = [ticket('c', 3, 'fr'), ticket('d', 4, 'fr')];
      for (const t of [a, b, c, d]) await broker.enqueue(t);
      expect(
        await broker.claimPairs([
          [c, d],
          [a, c],
          [a, b],
        ]),
      ).toEqual([true, false, true]);
      expect(await broker.queuedLanguages()).toEqual([]);
    });

    it('never hands one ticket to two claims, within a call or between instances', async () => {
      const other = await peerOf(broker);
      await connected(...Array.from({ length: 6 }, (_, i) => `user-${i}`));
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(fc.tuple(fc.nat(5), fc.nat(5)), { minLength: 1, maxLength: 8 }), {
            minLength: 1,
            maxLength: 6,
          }),
          async (calls) => {
            const tickets = Array.from({ length: 6 }, (_, i) => ticket(`user-${i}`, i));
            for (const t of tickets) await broker.enqueue(t);
            const results = await Promise.all(
              calls.map((pairs, i) =>
                (i % 2 === 0 ? broker : other).claimPairs(
                  pairs.map(([x, y]) => [tickets[x]!, tickets[y]!] as const),
                ),
              ),
            );
            const claimed = calls.flatMap((pairs, i) =>
              pairs.filter((_, j) => results[i]![j]).flat(),
            );
            expect(new Set(claimed).size).toBe(claimed.length);
            // A ticket leaves the queue only with a pair claimed.
            const queued = new Set((await broker.tickets('en')).map((t) => t.userId));
            expect(queued.size + claimed.length).toBe(6);
            for (const t of tickets) await broker.cancel(t.userId);
          },
        ),
        { numRuns: 40 },
      );
    });

    it('counts hits in a window', async () => {
      expect((await broker.hit('k', 1000)).count).toBe(1);
      expect((await broker.hit('k', 1000)).count).toBe(2);
      expect((await broker.hit('other', 1000)).count).toBe(1);
    });

    it('tells when the window closes, and starts counting again after it', async () => {
      const first = await broker.hit('k', 200);
      expect(first.count).toBe(1);
      expect(first.resetInMs).toBeGreaterThan(0);
      expect(first.resetInMs).toBeLessThanOrEqual(200);
      expect((await broker.hit('k', 200)).resetInMs).toBeLessThanOrEqual(first.resetInMs);
      await harness.elapse(250);
      expect(await broker.hit('k', 200)).toMatchObject({ count: 1 });
    });

    it('replaces the ticket of a user who enqueues again, in another language too', async () => {
      const first = ticket('a', 10);
      await broker.enqueue(first);
      const moved = { ...ticket('a', 20, 'fr'), level: 'C1' as const, lastPartnerId: 'b' };
      await broker.enqueue(moved);
      expect(await broker.tickets('en')).toEqual([]);
      expect(await broker.queuedLanguages()).toEqual(['fr']);
      expect(await broker.ticketOf('a')).toEqual(moved);
      expect(await broker.tickets('fr')).toEqual([moved]);
      expect(await claimOne(broker, first, ticket('b', 1))).toBe(false);
      expect(await broker.cancel('a')).toEqual(moved);
      expect(await broker.queuedLanguages()).toEqual([]);
    });

    it('cancels several users at once, in every language, and passes over users without a ticket', async () => {
      await broker.enqueue(ticket('a', 1));
      await broker.enqueue(ticket('b', 2, 'fr'));
      const c = ticket('c', 3);
      await broker.enqueue(c);
      await broker.cancelAll(['a', 'nobody', 'b']);
      expect(await broker.ticketOf('a')).toBeNull();
      expect(await broker.ticketOf('b')).toBeNull();
      expect(await broker.tickets('en')).toEqual([c]);
      expect(await broker.tickets('fr')).toEqual([]);
      expect(await broker.queuedLanguages()).toEqual(['en']);
      await broker.cancelAll([]);
      expect(await broker.ticketOf('c')).toEqual(c);
    });

    it('keeps every field of a ticket, and orders equal enqueue times by ticket id', async () => {
      const charged: QueueTicket = {
        ...ticket('a', 7),
        id: 'b-ticket',
        ageGroup: 'minor',
        excludedUserIds: ['x', 'y'],
        charge: { fingerprint: 'f1', daily: 1, bonus: 0 },
        profile: {
          name: 'Ana Sofía 하나',
          country: 'MX',
          imageUrl: 'https://cdn.example.org/a.png',
        },
      };
      const tied = { ...ticket('b', 7), id: 'a-ticket' };
      await broker.enqueue(charged);
      await broker.enqueue(tied);
      expect(await broker.tickets('en')).toEqual([tied, charged]);
      expect(await broker.ticketOf('a')).toEqual(charged);
    });

    it('refuses a pair of one user with itself, and a pair whose ticket was re-made', async () => {
      const a = ticket('a', 1);
      const b = ticket('b', 2);
      await broker.enqueue(a);
      await broker.enqueue(b);
      expect(await claimOne(broker, a, a)).toBe(false);
      const b2 = { ...b, id: randomUUID() };
      await broker.enqueue(b2);
      expect(await claimOne(broker, a, b)).toBe(false);
      expect((await broker.tickets('en')).map((t) => t.id)).toEqual([a.id, b2.id]);
    });

    it('stops delivering to a listener once it unsubscribes', async () => {
      const seen: BrokerEvent[] = [];
      const unsubscribe = broker.subscribe('i1', (event) => seen.push(event));
      await broker.claimPresence('u1', 'i1');
      const message = { type: 'peer_camera_toggled', payload: { enabled: false } } as const;
      expect(await broker.deliver('u1', message)).toBe(true);
      await expect.poll(() => seen.length).toBe(1);
      unsubscribe();
      expect(await broker.deliver('u1', message)).toBe(false);
      expect(seen).toHaveLength(1);
    });

    it('counts a user online only while the instance holding the socket listens', async () => {
      const stop = broker.subscribe('i1', () => {});
      listen(broker, 'i2');
      expect(await broker.claimPresence('u1', 'i1')).toBe(true);
      expect(await broker.claimPresence('u2', 'i1')).toBe(true);
      expect(await broker.isOnline('u1')).toBe(true);
      expect(await broker.onlineAmong(['u1', 'nobody', 'u2'])).toEqual(['u1', 'u2']);
      // The instance dies (its process, and with it its subscription, is gone).
      stop();
      // Redis learns of it on the subscriber connection, which races this one's next command.
      await expect.poll(() => broker.isOnline('u1')).toBe(false);
      expect(await broker.onlineAmong(['u1', 'u2'])).toEqual([]);
      const message = { type: 'peer_camera_toggled', payload: { enabled: true } } as const;
      expect(await broker.deliver('u1', message)).toBe(false);
      // Its users connect again elsewhere at once, with no second-socket refusal.
      expect(await broker.claimPresence('u1', 'i2')).toBe(true);
      expect(await broker.isOnline('u1')).toBe(true);
      expect(await broker.isOnline('u2')).toBe(false);
      expect(await broker.onlineAmong(['u1', 'u2'])).toEqual(['u1']);
    });

    it('claims no pair with a user who is not connected, and leaves both tickets', async () => {
      await connected('a');
      const a = ticket('a', 1);
      const b = ticket('b', 2);
      await broker.enqueue(a);
      await broker.enqueue(b);
      expect(await claimOne(broker, a, b)).toBe(false);
      expect(await broker.tickets('en')).toEqual([a, b]);
      await connected('b');
      expect(await claimOne(broker, a, b)).toBe(true);
    });

    it('states presence again after an outage, except for users another instance holds', async () => {
      listen(broker, 'i1');
      listen(broker, 'i2');
      expect(await broker.claimPresence('u2', 'i2')).toBe(true);
      expect(await broker.claimPresence('u3', 'i1')).toBe(true);
      expect((await broker.reassertPresence('i1', ['u1', 'u2', 'u3'])).sort()).toEqual(['u2']);
      expect(await broker.isOnline('u1')).toBe(true);
      // u1 is i1's now: a claim by i2 is refused.
      expect(await broker.claimPresence('u1', 'i2')).toBe(false);
      await broker.releasePresence('u1', 'i1');
      expect(await broker.isOnline('u1')).toBe(false);
    });

    it('keeps a revoked session for its ttl, seen by every instance', async () => {
      const other = await peerOf(broker);
      expect(await broker.isSessionRevoked('s1')).toBe(false);
      await broker.revokeSession('s1', 300);
      expect(await broker.isSessionRevoked('s1')).toBe(true);
      expect(await other.isSessionRevoked('s1')).toBe(true);
      expect(await other.isSessionRevoked('s2')).toBe(false);
      await harness.elapse(400);
      expect(await broker.isSessionRevoked('s1')).toBe(false);
      expect(await other.isSessionRevoked('s1')).toBe(false);
    });

    it('keeps the last waits per language and of all languages, shared by instances', async () => {
      const other = await peerOf(broker);
      await broker.recordWaits('en', [100]);
      await other.recordWaits('fr', [300, 40]);
      expect(await broker.recentWaits()).toEqual([40, 300, 100]);
      expect(await broker.recentWaits('fr')).toEqual([40, 300]);
      await broker.recordWaits('es', []);
      expect(await broker.recentWaits('es')).toEqual([]);
      for (let i = 0; i < WAIT_SAMPLES; i++) await other.recordWaits('en', [7]);
      const sevens = Array.from({ length: WAIT_SAMPLES }, () => 7);
      expect(await broker.recentWaits('en')).toEqual(sevens);
      expect(await broker.recentWaits('fr')).toEqual([40, 300]);
      expect(await broker.recentWaits()).toEqual(sevens);
      // A pair's two waits trim like two single ones: the oldest sample goes.
      await broker.recordWaits('en', [5, 6]);
      expect(await broker.recentWaits('en')).toEqual([6, 5, ...sevens.slice(2)]);
    });

    it('shares presence, delivery and the queue between the brokers of two instances', async () => {
      const other = await peerOf(broker);
      const seen: Record<string, BrokerEvent[]> = { i1: [], i2: [] };
      broker.subscribe('i1', (event) => seen.i1!.push(event));
      other.subscribe('i2', (event) => seen.i2!.push(event));

      expect(await broker.claimPresence('u1', 'i1')).toBe(true);
      expect(await other.claimPresence('u1', 'i2')).toBe(false);
      expect(await other.claimPresence('u2', 'i2')).toBe(true);
      expect(await broker.onlineCount()).toBe(2);
      expect(await other.isOnline('u1')).toBe(true);

      const message = { type: 'peer_microphone_toggled', payload: { enabled: true } } as const;
      expect(await broker.deliver('u2', message)).toBe(true);
      expect(await other.deliver('u1', message)).toBe(true);
      expect(await broker.disconnect('u2', 1000, 'Signed out')).toBe(true);
      await expect.poll(() => seen.i2!.length).toBe(2);
      await expect.poll(() => seen.i1!.length).toBe(1);
      expect(seen.i2).toEqual([
        { kind: 'message', userId: 'u2', message },
        { kind: 'disconnect', userId: 'u2', code: 1000, reason: 'Signed out' },
      ]);
      expect(seen.i1).toEqual([{ kind: 'message', userId: 'u1', message }]);

      await other.releasePresence('u1', 'i2');
      expect(await broker.isOnline('u1')).toBe(true);
      await broker.releasePresence('u1', 'i1');
      expect(await other.claimPresence('u1', 'i2')).toBe(true);

      await connected('a', 'b');
      const a = ticket('a', 1);
      const b = ticket('b', 2);
      await broker.enqueue(a);
      await other.enqueue(b);
      expect(await other.tickets('en')).toEqual([a, b]);
      const claims = await Promise.all([claimOne(broker, a, b), claimOne(other, a, b)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await broker.queuedLanguages()).toEqual([]);
      expect(await other.ticketOf('a')).toBeNull();
    });
  });
}
