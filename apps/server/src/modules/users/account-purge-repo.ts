import { and, asc, eq, gt, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens } from '../../db/tables/auth.ts';
import { users } from '../../db/tables/users.ts';

export interface InactiveAccount {
  id: string;
  lastActiveAt: Date;
}

/**
 * The account's id named with its table. In a select list drizzle writes a column of the one
 * table bare ("id"), and inside the subquery below a bare "id" is the refresh token's own: the
 * listed accounts' last activity left their refreshes out.
 */
const accountId = sql`${users}.${sql.identifier(users.id.name)}`;

/**
 * The last trace of the user being there: a sign-in (last_seen_at), else the account's creation,
 * or a later token refresh (each one stores a new refresh token, and staying signed in never
 * passes through sign-in again).
 */
const lastActiveAt = sql<Date>`greatest(
  coalesce(${users.lastSeenAt}, ${users.createdAt}),
  (select max(${refreshTokens.createdAt}) from ${refreshTokens}
    where ${refreshTokens.userId} = ${accountId})
)`.mapWith(users.createdAt);

const deletedBefore = (cutoff: Date) =>
  and(isNotNull(users.deletedAt), lte(users.deletedAt, cutoff));
const inactiveSince = (cutoff: Date) => and(isNull(users.deletedAt), lte(lastActiveAt, cutoff));
const after = (afterId: string | null) => (afterId ? gt(users.id, afterId) : undefined);

export interface AccountPurgeRepo {
  /** Ids of accounts deleted at or before `cutoff`, in id order after `afterId`. */
  findDeletedBefore(cutoff: Date, afterId: string | null, limit: number): Promise<string[]>;
  /** Live accounts last active at or before `cutoff`, in id order after `afterId`. */
  findInactiveSince(
    cutoff: Date,
    afterId: string | null,
    limit: number,
  ): Promise<InactiveAccount[]>;
  /** Purges the account if it is still deleted at or before `cutoff`; false when it is not. */
  purgeDeleted(userId: string, cutoff: Date): Promise<boolean>;
  /** Purges the account if it is still live and inactive since `cutoff`; false when it is not. */
  purgeInactive(userId: string, cutoff: Date): Promise<boolean>;
}

export function createAccountPurgeRepo(db: Database): AccountPurgeRepo {
  /**
   * The one removal both retention jobs use. Deleting the users row lets the foreign keys do the
   * rest in the same statement: everything that is the user's own (profile, languages, refresh
   * tokens, subscriptions, usages, ad views, token ledger, referrals, offers, match exclusions,
   * reports about them, moderation actions on them) cascades; where another person's record only
   * points at them (sessions' participants and ended_by, reports they made or reviewed,
   * moderation actions they took, accounts they referred) the pointer becomes null, so the other
   * side's history stays and shows "Deleted User". The condition is checked again in the same
   * statement, so an account that came back or changed since it was listed is left alone.
   */
  async function purge(userId: string, condition: SQL | undefined): Promise<boolean> {
    const removed = await db
      .delete(users)
      .where(and(eq(users.id, userId), condition))
      .returning({ id: users.id });
    return removed.length > 0;
  }

  return {
    async findDeletedBefore(cutoff, afterId, limit) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(deletedBefore(cutoff), after(afterId)))
        .orderBy(asc(users.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    findInactiveSince(cutoff, afterId, limit) {
      return db
        .select({ id: users.id, lastActiveAt })
        .from(users)
        .where(and(inactiveSince(cutoff), after(afterId)))
        .orderBy(asc(users.id))
        .limit(limit);
    },

    purgeDeleted: (userId, cutoff) => purge(userId, deletedBefore(cutoff)),
    purgeInactive: (userId, cutoff) => purge(userId, inactiveSince(cutoff)),
  };
}
