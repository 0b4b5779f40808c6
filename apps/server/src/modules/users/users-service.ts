import type { User } from '@parlo/contract/users';
import { NotFoundError } from '../../lib/errors.ts';
import type { UsersRepo } from './users-repo.ts';

export interface UsersService {
  getMe(userId: string): Promise<User>;
}

export function createUsersService(deps: { usersRepo: Pick<UsersRepo, 'findUser'> }): UsersService {
  return {
    async getMe(userId) {
      const row = await deps.usersRepo.findUser(userId);
      if (!row || row.deletedAt) throw new NotFoundError('Failed to fetch user');
      return {
        id: row.id,
        username: row.username,
        status: row.status,
        blockedAt: row.blockedAt?.toISOString() ?? null,
        blockedUntil: row.blockedUntil?.toISOString() ?? null,
        provider: row.provider,
        imageUrl: row.imageUrl,
        profile: null,
        referralId: row.referralId,
      };
    },
  };
}
