import type { UserStatus } from '@parlo/contract/users';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/tables/users.ts';

export interface AccountStatusRow {
  id: string;
  status: UserStatus;
  deletedAt: Date | null;
}

export interface UserRow extends AccountStatusRow {
  username: string;
  provider: 'google' | 'kakao' | 'line';
  blockedAt: Date | null;
  blockedUntil: Date | null;
  referralId: string;
  imageUrl: string | null;
}

export interface UsersRepo {
  findAccountStatus(userId: string): Promise<AccountStatusRow | undefined>;
  findUser(userId: string): Promise<UserRow | undefined>;
}

export function createUsersRepo(db: Database): UsersRepo {
  return {
    async findAccountStatus(userId) {
      const [row] = await db
        .select({ id: users.id, status: users.status, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    async findUser(userId) {
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          status: users.status,
          deletedAt: users.deletedAt,
          provider: users.provider,
          blockedAt: users.blockedAt,
          blockedUntil: users.blockedUntil,
          referralId: users.referralId,
          imageUrl: users.imageUrl,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },
  };
}
