import { describe, expect, it } from 'vitest';
import { hoursRemaining, restrictionOf } from '@/features/blocked/lib/restriction';

const now = Date.parse('2026-03-10T12:00:00Z');

describe('hoursRemaining', () => {
  it('rounds a part-hour up', () => {
    expect(hoursRemaining(new Date('2026-03-10T16:00:01Z'), now)).toBe(5);
    expect(hoursRemaining(new Date('2026-03-10T12:01:00Z'), now)).toBe(1);
  });

  it('counts exact hours as they are', () => {
    expect(hoursRemaining(new Date('2026-03-11T12:00:00Z'), now)).toBe(24);
  });

  it('never goes below zero once the end has passed', () => {
    expect(hoursRemaining(new Date('2026-03-10T11:00:00Z'), now)).toBe(0);
  });
});

describe('restrictionOf', () => {
  it('describes a temporary restriction with its start, end and hours left', () => {
    const restriction = restrictionOf(
      {
        status: 'temporarily_blocked',
        blockedAt: '2026-03-09T12:00:00Z',
        blockedUntil: '2026-03-10T14:30:00Z',
      },
      now,
    );
    expect(restriction).toEqual({
      kind: 'temporary',
      hoursRemaining: 3,
      startedAt: new Date('2026-03-09T12:00:00Z'),
      endsAt: new Date('2026-03-10T14:30:00Z'),
    });
  });

  it('treats a blocked account as permanent', () => {
    expect(
      restrictionOf(
        { status: 'blocked', blockedAt: '2026-03-09T12:00:00Z', blockedUntil: null },
        now,
      ),
    ).toEqual({ kind: 'permanent' });
  });

  it('shows a temporary restriction without an end as permanent', () => {
    expect(
      restrictionOf({ status: 'temporarily_blocked', blockedAt: null, blockedUntil: null }, now),
    ).toEqual({ kind: 'permanent' });
  });
});
