import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
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

/**
 * The list every member page asks for when it loads, as one prepared statement (the same
 * conditions as `warningsOf`, unacknowledged only, by the user's index).
 */
const unacknowledgedRows = preparedQuery<
  { id: string; reason: string | null; created_at: Date | string },
  'userId' | 'limit'
>(
  'parlo_unacknowledged_warnings',
  (param) => sql`select id, reason, created_at from moderation_actions
    where user_id = ${param('userId')}::uuid and action = 'warn' and acknowledged_at is null
    order by created_at, id
    limit ${param('limit')}::int`,
);

export function createWarningsRepo(db: Database): WarningsRepo {
  return {
    async listUnacknowledged(userId, limit) {
      const rows = await unacknowledgedRows(db, { userId, limit });
      return rows.map((row) => ({
        id: row.id,
        reason: row.reason,
        createdAt: new Date(row.created_at),
      }));
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
