import { effectiveStatus, isRestricted } from '@parlo/contract/account-status';
import type { UserRole } from '@parlo/contract/constants';
import type { ModerationActionType } from '@parlo/contract/moderation';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { moderationActions, reports } from '../../db/tables/moderation.ts';
import { sessions } from '../../db/tables/sessions.ts';
import { users } from '../../db/tables/users.ts';

export interface NewModerationAction {
  userId: string;
  moderatorId: string;
  action: ModerationActionType;
  reason: string | null;
  reportId: string | null;
  now: Date;
  /** For temporary_block: when it ends. */
  blockedUntil: Date | null;
}

export type ApplyActionResult =
  | { outcome: 'done'; actionId: string }
  | { outcome: 'user_not_found' }
  | { outcome: 'user_deleted' }
  | { outcome: 'report_not_found' }
  | { outcome: 'report_of_other_user' }
  | { outcome: 'report_closed' }
  | { outcome: 'not_blocked' }
  | { outcome: 'not_held' };

/** Roles, the escalation hold and the actions: what moderation writes or enforces. */
export interface ModerationRepo {
  /** The role of a live account; undefined for unknown or deleted accounts. */
  findRole(userId: string): Promise<UserRole | undefined>;
  setRole(userId: string, role: UserRole): Promise<void>;
  /** Sessions of the user not ended yet (a block ends them). */
  openSessionsOf(userId: string): Promise<string[]>;
  /**
   * In one transaction, holding the user's row lock: checks the user and the report, then
   * writes the user's new status, closes the report, clears the escalation and records the
   * action. Nothing is written unless the outcome is 'done'.
   */
  applyAction(input: NewModerationAction): Promise<ApplyActionResult>;
}

export function createModerationRepo(db: Database): ModerationRepo {
  return {
    async findRole(userId) {
      const [row] = await db
        .select({ role: users.role })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1);
      return row?.role;
    },

    async setRole(userId, role) {
      await db.update(users).set({ role }).where(eq(users.id, userId));
    },

    async openSessionsOf(userId) {
      // One probe per side of the pair, not a scan of every open call (live-sessions-repo.ts).
      const side = (column: typeof sessions.user1Id | typeof sessions.user2Id) =>
        db
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(isNull(sessions.endedAt), eq(column, userId)));
      const rows = await side(sessions.user1Id).unionAll(side(sessions.user2Id));
      return rows.map((row) => row.id);
    },

    applyAction(input) {
      return db.transaction(async (tx): Promise<ApplyActionResult> => {
        const [user] = await tx
          .select({
            status: users.status,
            blockedUntil: users.blockedUntil,
            deletedAt: users.deletedAt,
            escalatedAt: users.escalatedAt,
          })
          .from(users)
          .where(eq(users.id, input.userId))
          .for('update');
        if (!user) return { outcome: 'user_not_found' };
        // A deleted account's reports can still be dismissed; nothing else applies to it.
        if (user.deletedAt && input.action !== 'dismiss') return { outcome: 'user_deleted' };

        // Dismiss without a report releases a review hold no open report explains (frame flags):
        // there must be such a hold.
        if (input.action === 'dismiss' && !input.reportId) {
          if (!user.escalatedAt || (await openReportsAgainst(tx, input.userId)) > 0) {
            return { outcome: 'not_held' };
          }
        }
        if (input.reportId) {
          const [report] = await tx
            .select({ reportedUserId: reports.reportedUserId, status: reports.status })
            .from(reports)
            .where(eq(reports.id, input.reportId))
            .for('update');
          if (!report) return { outcome: 'report_not_found' };
          if (report.reportedUserId !== input.userId) return { outcome: 'report_of_other_user' };
          if (report.status !== 'open') return { outcome: 'report_closed' };
        }
        const blocked = isRestricted(effectiveStatus(user, input.now));
        if (input.action === 'unblock' && !blocked) return { outcome: 'not_blocked' };

        if (input.reportId) {
          await tx
            .update(reports)
            .set({
              status: input.action === 'dismiss' ? 'dismissed' : 'actioned',
              reviewedAt: input.now,
              reviewedBy: input.moderatorId,
            })
            .where(eq(reports.id, input.reportId));
        }
        const clearEscalation =
          input.action !== 'dismiss' || (await openReportsAgainst(tx, input.userId)) === 0;
        const changes = {
          ...statusAfter(input),
          ...(clearEscalation ? { escalatedAt: null } : {}),
        };
        if (Object.keys(changes).length > 0) {
          await tx.update(users).set(changes).where(eq(users.id, input.userId));
        }
        const [action] = await tx
          .insert(moderationActions)
          .values({
            userId: input.userId,
            moderatorId: input.moderatorId,
            reportId: input.reportId,
            action: input.action,
            reason: input.reason,
            blockedUntil: input.blockedUntil,
            createdAt: input.now,
          })
          .returning({ id: moderationActions.id });
        return { outcome: 'done', actionId: action!.id };
      });
    },
  };
}

/** The user's status columns after the action; empty when the action leaves them alone. */
function statusAfter(input: NewModerationAction) {
  switch (input.action) {
    case 'temporary_block':
      return {
        status: 'temporarily_blocked' as const,
        blockedAt: input.now,
        blockedUntil: input.blockedUntil,
      };
    case 'permanent_block':
      return { status: 'blocked' as const, blockedAt: input.now, blockedUntil: null };
    case 'unblock':
      return { status: 'active' as const, blockedAt: null, blockedUntil: null };
    case 'dismiss':
    case 'warn':
      return {};
  }
}

async function openReportsAgainst(tx: Database, userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.reportedUserId, userId), eq(reports.status, 'open')));
  return row?.n ?? 0;
}
