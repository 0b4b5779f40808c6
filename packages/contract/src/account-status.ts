/**
 * Account statuses (spec §3 User) and the rule every part of the product applies to them. Kept
 * free of zod so the browser's app shell can import it without the schema library.
 */
export const USER_STATUSES = ['active', 'unverified', 'temporarily_blocked', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * Blocked or temporarily blocked: limited to the blocked page and /settings/general, refused by
 * every other protected call and by matching (spec §6). Pass the effective status: a temporary
 * block whose end has passed no longer applies (`effectiveStatus` on the server).
 */
export function isRestricted(status: UserStatus): boolean {
  return status === 'blocked' || status === 'temporarily_blocked';
}

/**
 * The status an account has now: a temporary block whose end has passed no longer applies,
 * whether or not a job has cleared it in the database yet.
 */
export function effectiveStatus(
  row: { status: UserStatus; blockedUntil: Date | null },
  now: Date,
): UserStatus {
  if (row.status === 'temporarily_blocked' && row.blockedUntil && row.blockedUntil <= now) {
    return 'active';
  }
  return row.status;
}
