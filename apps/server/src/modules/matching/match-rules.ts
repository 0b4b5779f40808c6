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

const lastPartners = (a: QueueTicket, b: QueueTicket) =>
  a.lastPartnerId === b.userId || b.lastPartnerId === a.userId;

/**
 * The waiting tickets of one language, by age group and level, oldest first within each: the
 * scan for a partner walks levels outwards from the ticket's own and stops at the first ticket
 * the rules allow, instead of sorting the whole queue for every ticket.
 */
export type TicketIndex = Map<string, QueueTicket[]>;

const bucketKey = (ageGroup: string, levelIndex: number) => `${ageGroup}:${levelIndex}`;

export function indexTickets(tickets: readonly QueueTicket[]): TicketIndex {
  const index: TicketIndex = new Map();
  const byAge = [...tickets].sort(
    (a, b) => a.enqueuedAt - b.enqueuedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  for (const ticket of byAge) {
    const key = bucketKey(ticket.ageGroup, PROFICIENCY_LEVELS.indexOf(ticket.level));
    const bucket = index.get(key);
    if (bucket) bucket.push(ticket);
    else index.set(key, [ticket]);
  }
  return index;
}

/** Oldest first; equal times by ticket id, so every instance picks the same. */
const olderTicket = (a: QueueTicket, b: QueueTicket) =>
  a.enqueuedAt < b.enqueuedAt || (a.enqueuedAt === b.enqueuedAt && a.id < b.id);

const waitFor = (distance: number, rules: WideningRules) =>
  distance === 0 ? 0 : distance === 1 ? rules.adjacentLevelAfterMs : rules.anyLevelAfterMs;

/**
 * The partner for `ticket` from the index, skipping users in `taken`: the nearest level the
 * waits allow, then the oldest ticket. The last partner is taken only when nobody else qualifies
 * and the pair has waited long enough for any level (they can always continue at once through an
 * offer instead).
 */
export function pickFromIndex(
  ticket: QueueTicket,
  index: TicketIndex,
  now: number,
  rules: WideningRules,
  taken: ReadonlySet<string> = new Set(),
): QueueTicket | undefined {
  const own = PROFICIENCY_LEVELS.indexOf(ticket.level);
  const nearest = (allowLast: boolean) => {
    for (let distance = 0; distance < PROFICIENCY_LEVELS.length; distance++) {
      // A pair may form once its older ticket has waited `need`; allowLast asks the any-level wait.
      const need = allowLast ? rules.anyLevelAfterMs : waitFor(distance, rules);
      const latestPartnerStart =
        need === 0 || ticket.enqueuedAt <= now - need ? Infinity : now - need;
      let best: QueueTicket | undefined;
      for (const level of new Set([own - distance, own + distance])) {
        for (const other of index.get(bucketKey(ticket.ageGroup, level)) ?? []) {
          // Oldest first: past the latest start that qualifies, nobody later in the bucket does.
          if (other.enqueuedAt > latestPartnerStart) break;
          if (taken.has(other.userId) || !mayEverPair(ticket, other)) continue;
          if (lastPartners(ticket, other) !== allowLast) continue;
          if (!best || olderTicket(other, best)) best = other;
          break;
        }
      }
      if (best) return best;
    }
    return undefined;
  };
  return nearest(false) ?? nearest(true);
}

/** `pickFromIndex` over a plain list (tests, small queues). */
export function pickPartner(
  ticket: QueueTicket,
  others: readonly QueueTicket[],
  now: number,
  rules: WideningRules,
): QueueTicket | undefined {
  return pickFromIndex(ticket, indexTickets(others), now, rules);
}
