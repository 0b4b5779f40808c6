import type { User } from '@parlo/contract/users';

const HOUR_MS = 60 * 60 * 1000;

export type Restriction =
  | { kind: 'temporary'; hoursRemaining: number; startedAt: Date | null; endsAt: Date }
  | { kind: 'permanent' };

/** Whole hours left, rounded up, so "1 hour" still shows in the restriction's last minutes. */
export function hoursRemaining(blockedUntil: Date, now: number): number {
  return Math.max(0, Math.ceil((blockedUntil.getTime() - now) / HOUR_MS));
}

function parseDate(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A temporary restriction needs its end; without one it can only be shown as permanent. */
export function restrictionOf(
  user: Pick<User, 'status' | 'blockedAt' | 'blockedUntil'>,
  now: number,
): Restriction {
  const endsAt = parseDate(user.blockedUntil);
  if (user.status !== 'temporarily_blocked' || !endsAt) return { kind: 'permanent' };
  return {
    kind: 'temporary',
    hoursRemaining: hoursRemaining(endsAt, now),
    startedAt: parseDate(user.blockedAt),
    endsAt,
  };
}
