import { isRestricted, type UserStatus } from '@parlo/contract/account-status';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.ts';

/** The signed-in user a protected request or socket acts for. */
export interface AuthenticatedUser {
  id: string;
  status: UserStatus;
}

/** What the account checks read of an account: its effective status and deletion. */
export interface AccountRow {
  id: string;
  /** The effective status (a lapsed temporary block reads as active). */
  status: UserStatus;
  deletedAt: Date | null;
}

/**
 * The account checks of every protected request: the account exists and is not deleted (401), and
 * is not restricted unless the route allows it (403 account_blocked). The auth guard applies them
 * to every protected route; a hot path that reads the account with its own query (match find)
 * applies them itself.
 */
export function checkAccount(
  row: AccountRow | undefined,
  { allowBlocked = false }: { allowBlocked?: boolean | undefined } = {},
): AuthenticatedUser {
  if (!row || row.deletedAt) throw new UnauthorizedError('Authentication required');
  if (isRestricted(row.status) && !allowBlocked) {
    throw new ForbiddenError('Your account is restricted', 'account_blocked');
  }
  return { id: row.id, status: row.status };
}
