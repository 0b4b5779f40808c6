import { effectiveStatus } from '@parlo/contract/account-status';
import type { UserStatus } from '@parlo/contract/users';
import { sql } from 'drizzle-orm';
import type { AccountRow } from './account-check.ts';

/**
 * The columns `checkAccount` reads, selected from the users row `u` of a hot route's own query:
 * the route then answers in one round trip instead of the auth guard's read plus its own. Every
 * request still reads the account as it is now, so a block or a deletion applies at once.
 */
export const accountColumns = sql`u.status as account_status,
  u.blocked_until as account_blocked_until, u.deleted_at as account_deleted_at`;

export interface AccountColumnsRow {
  account_status: UserStatus;
  account_blocked_until: Date | string | null;
  account_deleted_at: Date | string | null;
}

/**
 * A read of a hot route with the account beside it (checkAccount), in one round trip; the
 * account is undefined when the user does not exist.
 */
export interface WithAccount<T> {
  account: AccountRow | undefined;
  value: T;
}

/**
 * Epoch milliseconds: json has no timestamp type, and a number needs no date parsing. date_part
 * answers a float8; extract answers numeric, whose arithmetic cost a page of sessions a tenth of
 * its time in PostgreSQL.
 */
export const epochMs = (column: string) => sql.raw(`(date_part('epoch', ${column}) * 1000)`);

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The account as the auth guard would have read it; undefined when there is no such user. */
export function accountOf(
  userId: string,
  row: AccountColumnsRow | undefined,
  now: Date,
): AccountRow | undefined {
  if (!row) return undefined;
  const status = effectiveStatus(
    { status: row.account_status, blockedUntil: dateOf(row.account_blocked_until) },
    now,
  );
  return { id: userId, status, deletedAt: dateOf(row.account_deleted_at) };
}
