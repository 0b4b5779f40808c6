import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { moderationActions } from '../../db/tables/moderation.ts';

export interface WarningRow {
  id: string;
  /** A warning always carries the moderator's note (the action's schema requires it). */
  reason: string | null;
  createdAt: Date;
}

export interface WarningsRepo {
  /** The user's warnings not yet acknowledged, oldest first (at most `limit`). */
  listUnacknowledged(userId: string, limit: number): Promise<WarningRow[]>;
  /**
   * Marks the warning read, keeping the first time when it already was; false when `warningId`
   * is not a warning of this user.
   */
  acknowledge(userId: string, warningId: string, now: Date): Promise<boolean>;
}

/** Only `warn` actions, and only the user's own: a block, a dismissal or a note is not theirs. */
const warningsOf = (userId: string) =>
  and(eq(moderationActions.userId, userId), eq(moderationActions.action, 'warn'));

export function createWarningsRepo(db: Database): WarningsRepo {
  return {
    listUnacknowledged(userId, limit) {
      return db
        .select({
          id: moderationActions.id,
          reason: moderationActions.reason,
          createdAt: moderationActions.createdAt,
        })
        .from(moderationActions)
        .where(and(warningsOf(userId), isNull(moderationActions.acknowledgedAt)))
        .orderBy(asc(moderationActions.createdAt), asc(moderationActions.id))
        .limit(limit);
    },

    async acknowledge(userId, warningId, now) {
      const rows = await db
        .update(moderationActions)
        .set({ acknowledgedAt: sql`coalesce(${moderationActions.acknowledgedAt}, ${now})` })
        .where(and(eq(moderationActions.id, warningId), warningsOf(userId)))
        .returning({ id: moderationActions.id });
      return rows.length > 0;
    },
  };
}
