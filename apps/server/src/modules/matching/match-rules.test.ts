import { describe, expect, it } from 'vitest';
import type { QueueTicket } from '../../broker/broker.ts';
import { PROFICIENCY_LEVELS } from '@parlo/contract/constants';
import fc from 'fast-check';
import {
  ageGroupOf,
  ageOn,
  indexTickets,
  mayEverPair,
  pickFromIndex,
  pickPartner,
} from './match-rules.ts';

const rules = { adjacentLevelAfterMs: 10_000, anyLevelAfterMs: 25_000 };
const ticket = (userId: string, over: Partial<QueueTicket> = {}): QueueTicket => ({
  id: `t-${userId}`,
  userId,
  languageCode: 'en',
  level: 'B1',
  ageGroup: 'adult',
  enqueuedAt: 0,
  lastPartnerId: null,
  excludedUserIds: [],
  ...over,
});

describe('match rules', () => {
  it('counts age in whole years on the day', () => {
    expect(ageOn('2008-06-21', new Date('2026-06-20T12:00:00Z'))).toBe(17);
    expect(ageOn('2008-06-20', new Date('2026-06-20T12:00:00Z'))).toBe(18);
    expect(ageGroupOf('2009-01-01', new Date('2026-06-20T00:00:00Z'))).toBe('minor');
  });

  it('takes the nearest level first, then the oldest ticket', () => {
    const me = ticket('me', { enqueuedAt: 0 });
    const older = ticket('older', { level: 'A2', enqueuedAt: 1 });
    const exact = ticket('exact', { enqueuedAt: 5 });
    expect(pickPartner(me, [older, exact], 30_000, rules)?.userId).toBe('exact');
    const exact2 = ticket('exact2', { enqueuedAt: 3 });
    expect(pickPartner(me, [exact, exact2], 30_000, rules)?.userId).toBe('exact2');
  });

  it('widens by level with the wait of the older ticket', () => {
    const me = ticket('me', { enqueuedAt: 0 });
    const adjacent = ticket('adjacent', { level: 'B2', enqueuedAt: 100 });
    const far = ticket('far', { level: 'C2', enqueuedAt: 100 });
    expect(pickPartner(me, [adjacent, far], 9_999, rules)).toBeUndefined();
    expect(pickPartner(me, [far, adjacent], 10_000, rules)?.userId).toBe('adjacent');
    expect(pickPartner(me, [far], 24_999, rules)).toBeUndefined();
    expect(pickPartner(me, [far], 25_000, rules)?.userId).toBe('far');
  });

  it('never relaxes language, age group or exclusions', () => {
    const me = ticket('me', { excludedUserIds: ['x'] });
    const others = [
      ticket('fr', { languageCode: 'fr' }),
      ticket('minor', { ageGroup: 'minor' }),
      ticket('x'),
      ticket('y', { excludedUserIds: ['me'] }),
    ];
    expect(pickPartner(me, others, 10 ** 9, rules)).toBeUndefined();
  });

  it('takes the last partner only when nobody else fits after the any-level wait', () => {
    const me = ticket('me', { lastPartnerId: 'last' });
    const last = ticket('last');
    const other = ticket('other', { level: 'A2' });
    expect(pickPartner(me, [last], 24_000, rules)).toBeUndefined();
    expect(pickPartner(me, [last, other], 12_000, rules)?.userId).toBe('other');
    expect(pickPartner(me, [last], 25_000, rules)?.userId).toBe('last');
  });
});

/** The rules as first written: filter everything, then sort. The index must agree with it. */
function referencePick(me: QueueTicket, others: QueueTicket[], now: number) {
  const distance = (x: QueueTicket) =>
    Math.abs(PROFICIENCY_LEVELS.indexOf(me.level) - PROFICIENCY_LEVELS.indexOf(x.level));
  const waited = (x: QueueTicket) => now - Math.min(me.enqueuedAt, x.enqueuedAt);
  const isLast = (x: QueueTicket) => me.lastPartnerId === x.userId || x.lastPartnerId === me.userId;
  const fits = others.filter((x) => {
    if (!mayEverPair(me, x)) return false;
    const d = distance(x);
    return d === 0 || waited(x) >= (d === 1 ? rules.adjacentLevelAfterMs : rules.anyLevelAfterMs);
  });
  const fresh = fits.filter((x) => !isLast(x));
  const pool = fresh.length > 0 ? fresh : fits.filter((x) => waited(x) >= rules.anyLevelAfterMs);
  return [...pool].sort(
    (x, y) =>
      distance(x) - distance(y) ||
      x.enqueuedAt - y.enqueuedAt ||
      (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
  )[0];
}

describe('the level index', () => {
  it('picks what filtering and sorting the whole queue picks', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            level: fc.constantFrom(...PROFICIENCY_LEVELS),
            ageGroup: fc.constantFrom('adult' as const, 'minor' as const),
            enqueuedAt: fc.integer({ min: 0, max: 40_000 }),
            last: fc.integer({ min: -1, max: 11 }),
            excluded: fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 3 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.integer({ min: 0, max: 80_000 }),
        (specs, now) => {
          const tickets = specs.map((spec, i) =>
            ticket(`u${i}`, {
              level: spec.level,
              ageGroup: spec.ageGroup,
              enqueuedAt: spec.enqueuedAt,
              lastPartnerId: spec.last >= 0 ? `u${spec.last}` : null,
              excludedUserIds: spec.excluded.map((n) => `u${n}`),
            }),
          );
          const index = indexTickets(tickets);
          for (const me of tickets) {
            const want = referencePick(me, tickets, now);
            expect(pickFromIndex(me, index, now, rules)?.userId).toBe(want?.userId);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
