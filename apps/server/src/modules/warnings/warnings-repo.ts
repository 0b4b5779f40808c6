import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jsonColumn, preparedQuery } from '../../db/prepared.ts';
import { moderationActions } from '../../db/tables/moderation.ts';
import {
  accountColumns,
  accountOf,
  epochMs,
  type AccountColumnsRow,
  type WithAccount,
} from '../users/account-columns.ts';

export interface WarningRow {
  id: string;
  /** A warning always carries the moderator's note (the action's schema requires it). */
  reason: string | null;
  createdAt: Date;
}

export interface WarningsRepo {
  /**
   * The user's warnings not yet acknowledged, oldest first (at most `limit`), with the account
   * (checkAccount) in the same round trip: every member page asks for this list when it loads.
   */
  listUnacknowledged(userId: string, limit: number, now: Date): Promise<WithAccount<WarningRow[]>>;
  /**
   * Marks the warning read, keeping the first time when it already was; false when `warningId`
   * is not a warning of this user.
   */
  acknowledge(userId: string, warningId: string, now: Date): Promise<boolean>;
}

/** Only `warn` actions, and only the user's own: a block, a dismissal or a note is not theirs. */
const warningsOf = (userId: string) =>
  and(eq(moderationActions.userId, userId), eq(moderationActions.action, 'warn'));

interface WarningJson {
  id: string;
  reason: string | null;
  createdAt: number;
}

/**
 * The list every member page asks for when it loads, beside the account, as one prepared
 * statement (the same conditions as `warningsOf`, unacknowledged only, by the user's index).
 */
const unacknowledgedRows = preparedQuery<
  AccountColumnsRow & { warnings: unknown },
  'userId' | 'limit'
>(
  'parlo_unacknowledged_warnings',
  (param) => sql`select ${accountColumns},
      (select coalesce(json_agg(json_build_object(
          'id', w.id, 'reason', w.reason, 'createdAt', ${epochMs('w.created_at')})
          order by w.created_at, w.id), '[]'::json)
        from (select id, reason, created_at from moderation_actions
          where user_id = u.id and action = 'warn' and acknowledged_at is null
          order by created_at, id
          limit ${param('limit')}::int) w) as warnings
    from users u where u.id = ${param('userId')}::uuid`,
  { batch: { userId: 'uuid', limit: 'int' } },
);

export function createWarningsRepo(db: Database): WarningsRepo {
  return {
    async listUnacknowledged(userId, limit, now) {
      const [row] = await unacknowledgedRows(db, { userId, limit });
      const warnings = (jsonColumn(row?.warnings) ?? []) as WarningJson[];
      return {
        account: accountOf(userId, row, now),
        value: warnings.map((warning) => ({
          id: warning.id,
          reason: warning.reason,
          createdAt: new Date(warning.createdAt),
        })),
      };
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
