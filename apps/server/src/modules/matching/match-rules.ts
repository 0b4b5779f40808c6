import { PROFICIENCY_LEVELS } from '@parlo/contract/constants';
import type { AgeGroup, QueueTicket } from '../../broker/broker.ts';

/** DESIGN §2 Matching, as pure functions of two tickets and the time. */

export interface WideningRules {
  adjacentLevelAfterMs: number;
  anyLevelAfterMs: number;
}

export const ADULT_AGE = 18;

/** Age in whole years on `now` (UTC calendar), from a YYYY-MM-DD birth date. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [year = 0, month = 1, day = 1] = dateOfBirth.split('-').map(Number);
  let age = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export const ageGroupOf = (dateOfBirth: string, now: Date): AgeGroup =>
  ageOn(dateOfBirth, now) < ADULT_AGE ? 'minor' : 'adult';

const levelDistance = (a: QueueTicket, b: QueueTicket) =>
  Math.abs(PROFICIENCY_LEVELS.indexOf(a.level) - PROFICIENCY_LEVELS.indexOf(b.level));

/** The pair waited as long as its older ticket. */
const pairWaitMs = (a: QueueTicket, b: QueueTicket, now: number) =>
  now - Math.min(a.enqueuedAt, b.enqueuedAt);

/** Rules never relaxed: same language, same age group, no exclusion between the two. */
export function mayEverPair(a: QueueTicket, b: QueueTicket): boolean {
  return (
    a.userId !== b.userId &&
    a.languageCode === b.languageCode &&
    a.ageGroup === b.ageGroup &&
    !a.excludedUserIds.includes(b.userId) &&
    !b.excludedUserIds.includes(a.userId)
  );
}

function levelAllowed(a: QueueTicket, b: QueueTicket, now: number, rules: WideningRules) {
  const distance = levelDistance(a, b);
  const waited = pairWaitMs(a, b, now);
  if (distance === 0) return true;
  if (distance === 1) return waited >= rules.adjacentLevelAfterMs;
  return waited >= rules.anyLevelAfterMs;
}

const lastPartners = (a: QueueTicket, b: QueueTicket) =>
  a.lastPartnerId === b.userId || b.lastPartnerId === a.userId;

/**
 * The partner for `ticket` among `others`: the nearest level the waits allow, then the oldest
 * ticket. The last partner is taken only when nobody else qualifies and the pair has waited long
 * enough for any level (they can always continue at once through an offer instead).
 */
export function pickPartner(
  ticket: QueueTicket,
  others: readonly QueueTicket[],
  now: number,
  rules: WideningRules,
): QueueTicket | undefined {
  const fits = others.filter(
    (other) => mayEverPair(ticket, other) && levelAllowed(ticket, other, now, rules),
  );
  const fresh = fits.filter((other) => !lastPartners(ticket, other));
  const pool =
    fresh.length > 0
      ? fresh
      : fits.filter((other) => pairWaitMs(ticket, other, now) >= rules.anyLevelAfterMs);
  return [...pool].sort(
    (x, y) => levelDistance(ticket, x) - levelDistance(ticket, y) || x.enqueuedAt - y.enqueuedAt,
  )[0];
}
