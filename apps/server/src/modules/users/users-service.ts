import type { Profile } from '@parlo/contract/profiles';
import { effectiveStatus } from '@parlo/contract/account-status';
import type { User } from '@parlo/contract/users';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { UsersRepo } from './users-repo.ts';

export interface UsersService {
  getMe(userId: string): Promise<User>;
  deleteMe(userId: string): Promise<void>;
}

export interface UsersServiceDeps {
  usersRepo: Pick<UsersRepo, 'findUser' | 'deleteAccount'>;
  /** The user's profile, from the profiles module; null before onboarding. */
  findProfile: (userId: string) => Promise<Profile | null>;
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
      const row = await deps.usersRepo.findUser(userId);
      if (!row || row.deletedAt) throw new NotFoundError('Failed to fetch user');
      const profile = await deps.findProfile(userId);
      const status = effectiveStatus(row, deps.clock.now());
      const lapsed = status !== row.status;
      return {
        id: row.id,
        username: row.username,
        status,
        blockedAt: lapsed ? null : (row.blockedAt?.toISOString() ?? null),
        blockedUntil: lapsed ? null : (row.blockedUntil?.toISOString() ?? null),
        provider: row.provider,
        imageUrl: row.imageUrl,
        profile,
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
