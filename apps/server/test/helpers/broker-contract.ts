import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Broker, BrokerEvent, QueueTicket } from '../../src/broker/broker.ts';

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

/**
 * What every Broker adapter must do; run against each adapter (memory now, Redis with the Scale
 * issue) so they stay interchangeable.
 */
export function describeBroker(name: string, factory: () => Promise<Broker> | Broker) {
  describe(`broker contract: ${name}`, () => {
    let broker: Broker;
    beforeEach(async () => {
      broker = await factory();
    });
    afterEach(() => broker.close());

    it('gives one instance the presence of a user until that instance releases it', async () => {
      expect(await broker.claimPresence('u1', 'i1')).toBe(true);
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
      await broker.enqueue(ticket('b', 20));
      await broker.enqueue(ticket('a', 10));
      await broker.enqueue(ticket('c', 5, 'fr'));
      await broker.enqueue(ticket('b', 30));
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

    it('claims a pair only while both tickets are still the ones read', async () => {
      const a = ticket('a', 1);
      const b = ticket('b', 2);
      await broker.enqueue(a);
      await broker.enqueue(b);
      await broker.cancel('b');
      const b2 = ticket('b', 3);
      await broker.enqueue(b2);
      expect(await broker.claimPair(a, b)).toBe(false);
      expect(await broker.tickets('en')).toHaveLength(2);
      expect(await broker.claimPair(a, b2)).toBe(true);
      expect(await broker.tickets('en')).toEqual([]);
      expect(await broker.claimPair(a, b2)).toBe(false);
    });

    it('never hands one ticket to two concurrent claims', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.nat(5), fc.nat(5)), { minLength: 1, maxLength: 30 }),
          async (pairs) => {
            const tickets = Array.from({ length: 6 }, (_, i) => ticket(`user-${i}`, i));
            for (const t of tickets) await broker.enqueue(t);
            const results = await Promise.all(
              pairs.map(([x, y]) => broker.claimPair(tickets[x]!, tickets[y]!)),
            );
            const claimed = pairs.filter((_, i) => results[i]).flat();
            expect(new Set(claimed).size).toBe(claimed.length);
            for (const t of tickets) await broker.cancel(t.userId);
          },
        ),
        { numRuns: 50 },
      );
    });

    it('counts hits in a window', async () => {
      expect((await broker.hit('k', 1000)).count).toBe(1);
      expect((await broker.hit('k', 1000)).count).toBe(2);
      expect((await broker.hit('other', 1000)).count).toBe(1);
    });
  });
}
