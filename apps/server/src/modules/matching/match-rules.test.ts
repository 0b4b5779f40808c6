import { describe, expect, it } from 'vitest';
import type { QueueTicket } from '../../broker/broker.ts';
import { ageGroupOf, ageOn, pickPartner } from './match-rules.ts';

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
