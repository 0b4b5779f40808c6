import { describe, expect, it } from 'vitest';
import { effectiveStatus, isRestricted } from './account-status.ts';

describe('account status', () => {
  it('restricts blocked and temporarily blocked accounts only', () => {
    expect(isRestricted('blocked')).toBe(true);
    expect(isRestricted('temporarily_blocked')).toBe(true);
    expect(isRestricted('active')).toBe(false);
    expect(isRestricted('unverified')).toBe(false);
  });

  it('lifts a temporary block once its end has passed, and only then', () => {
    const now = new Date('2026-01-02T00:00:00Z');
    const until = (iso: string | null) => ({
      status: 'temporarily_blocked' as const,
      blockedUntil: iso ? new Date(iso) : null,
    });
    expect(effectiveStatus(until('2026-01-01T23:59:59Z'), now)).toBe('active');
    expect(effectiveStatus(until('2026-01-02T00:00:00Z'), now)).toBe('active');
    expect(effectiveStatus(until('2026-01-02T00:00:01Z'), now)).toBe('temporarily_blocked');
    expect(effectiveStatus(until(null), now)).toBe('temporarily_blocked');
    expect(effectiveStatus({ status: 'blocked', blockedUntil: null }, now)).toBe('blocked');
  });
});
