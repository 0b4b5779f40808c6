import type { UserStatus } from '@parlo/contract/users';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens } from '../../db/tables/auth.ts';
import { referrals } from '../../db/tables/tokens.ts';
import { profiles, userLanguages, users } from '../../db/tables/users.ts';

export interface AccountStatusRow {
  id: string;
  status: UserStatus;
  blockedUntil: Date | null;
  deletedAt: Date | null;
}

export interface UserRow extends AccountStatusRow {
  username: string;
  provider: 'google' | 'kakao' | 'line';
  blockedAt: Date | null;
  referralId: string;
  imageUrl: string | null;
}

export interface UsersRepo {
  findAccountStatus(userId: string): Promise<AccountStatusRow | undefined>;
  findUser(userId: string): Promise<UserRow | undefined>;
  /**
   * Deletes the account in one transaction: revokes every refresh token, removes the profile,
   * languages and referral links, and scrubs the user row down to what refuses a later sign-in
   * with the same provider account (provider, provider_subject, deleted_at). Sessions stay.
   * False when the account was already deleted.
   */
  deleteAccount(userId: string, now: Date): Promise<boolean>;
}

/** The placeholder username of a deleted account: unique, email-like, and no one's address. */
export const deletedUsername = (userId: string) => `deleted-${userId}@deleted.parlo.app`;

export function createUsersRepo(db: Database): UsersRepo {
  return {
    async findAccountStatus(userId) {
      const [row] = await db
        .select({
          id: users.id,
          status: users.status,
          blockedUntil: users.blockedUntil,
          deletedAt: users.deletedAt,
        })
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

    deleteAccount(userId, now) {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .update(users)
          .set({
            username: deletedUsername(userId),
            email: null,
            imageUrl: null,
            referredBy: null,
            deletedAt: now,
          })
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .returning({ id: users.id });
        if (!account) return false;
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
        // The profile goes first: its current language refers to one of the user's languages.
        await tx.delete(profiles).where(eq(profiles.userId, userId));
        await tx.delete(userLanguages).where(eq(userLanguages.userId, userId));
        await tx
          .delete(referrals)
          .where(or(eq(referrals.inviterId, userId), eq(referrals.inviteeId, userId)));
        await tx.update(users).set({ referredBy: null }).where(eq(users.referredBy, userId));
        return true;
      });
    },
  };
}
