import { effectiveStatus } from '@parlo/contract/account-status';
import type { User } from '@parlo/contract/users';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { profileFromRecord } from '../profiles/profiles-service.ts';
import { checkAccount } from './account-check.ts';
import type { UsersRepo } from './users-repo.ts';

export interface UsersService {
  /**
   * `userId` carries a valid access token (the route checks only the token): the account is
   * read with the rest, in the same query, and checked here (checkAccount, blocked allowed).
   */
  getMe(userId: string): Promise<User>;
  deleteMe(userId: string): Promise<void>;
}

export interface UsersServiceDeps {
  usersRepo: Pick<UsersRepo, 'findMe' | 'deleteAccount'>;
  clock: Clock;
  /** Called before the deletion; a failure stops it (billing cancels what Stripe would charge). */
  beforeAccountDeleted?: (userId: string) => Promise<void>;
  /**
   * Called once an account deletion has committed, so whatever still serves the user (their
   * realtime socket) can let go of them.
   */
  onAccountDeleted?: (userId: string) => Promise<void> | void;
}

export function createUsersService(deps: UsersServiceDeps): UsersService {
  return {
    async getMe(userId) {
      const me = await deps.usersRepo.findMe(userId);
      // What the auth guard checks on every other route: no account (or a deleted one) is 401.
      if (!me) throw new UnauthorizedError('Authentication required');
      const { user: row, profile } = me;
      const now = deps.clock.now();
      const status = effectiveStatus(row, now);
      checkAccount({ ...row, status }, { allowBlocked: true });
      const lapsed = status !== row.status;
      return {
        id: row.id,
        username: row.username,
        status,
        blockedAt: lapsed ? null : (row.blockedAt?.toISOString() ?? null),
        blockedUntil: lapsed ? null : (row.blockedUntil?.toISOString() ?? null),
        provider: row.provider,
        imageUrl: row.imageUrl,
        profile: profile && profileFromRecord(profile, now),
        referralId: row.referralId,
      };
    },

    async deleteMe(userId) {
      await deps.beforeAccountDeleted?.(userId);
      const deleted = await deps.usersRepo.deleteAccount(userId, deps.clock.now());
      if (!deleted) throw new NotFoundError('Failed to delete account');
      await deps.onAccountDeleted?.(userId);
    },
  };
}
