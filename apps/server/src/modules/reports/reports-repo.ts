import type { ReportReason } from '@parlo/contract/constants';
import { and, count, countDistinct, eq, gt, gte, isNull, max, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { matchExclusions, moderationActions, reports } from '../../db/tables/moderation.ts';
import { frameFlags } from '../../db/tables/safety.ts';
import { users } from '../../db/tables/users.ts';
import { findSessionPair, type SessionPairRow } from '../sessions/session-pair.ts';
import { lockUsers } from '../tokens/token-ledger-repo.ts';

export type ReportedSessionRow = SessionPairRow;

export interface NewReport {
  reporterId: string;
  reportedUserId: string;
  sessionId: string;
  reason: ReportReason;
  comment: string | null;
  /** The frame guard flag this report was filed from (issue 18): linked, so it carries the score. */
  frameFlagId?: string | null;
  now: Date;
  /** Reports made since this instant count toward the cap. */
  countSince: Date;
  limit: number;
  escalation: {
    /** Distinct reporters that escalate the reported user... */
    distinctReporters: number;
    /** ...with reports made since this instant (and since a moderator last acted on the user). */
    since: Date;
  };
}

export type CreateReportResult =
  | {
      outcome: 'created';
      report: { id: string; createdAt: Date };
      /** True when this report escalated the reported user (it was not escalated before). */
      escalated: boolean;
    }
  | { outcome: 'limit_reached' }
  | { outcome: 'duplicate' };

export interface ReportsRepo {
  findSession(sessionId: string): Promise<ReportedSessionRow | undefined>;
  /**
   * In one transaction: the report, the pair's match exclusion and, when the reported user now
   * has enough distinct reporters, their escalation (users.escalated_at and an 'escalate' row in
   * moderation_actions); nothing is written when the reporter already made `limit` reports since
   * `countSince` or already reported this session.
   */
  create(report: NewReport): Promise<CreateReportResult>;
}

export function createReportsRepo(db: Database): ReportsRepo {
  return {
    findSession: (sessionId) => findSessionPair(db, sessionId),

    async create(report) {
      try {
        return await db.transaction(async (tx): Promise<CreateReportResult> => {
          // The reporter's row is the lock that makes count-then-insert safe against parallel
          // reports by the same user; the reported user's row does the same for the escalation
          // count. Rows are locked in id order, so two users reporting each other cannot deadlock.
          await lockUsers(tx, [report.reporterId, report.reportedUserId]);
          const [already] = await tx
            .select({ id: reports.id })
            .from(reports)
            .where(
              and(
                eq(reports.reporterId, report.reporterId),
                eq(reports.sessionId, report.sessionId),
              ),
            )
            .limit(1);
          if (already) return { outcome: 'duplicate' };
          const [made] = await tx
            .select({ n: count() })
            .from(reports)
            .where(
              and(
                eq(reports.reporterId, report.reporterId),
                gte(reports.createdAt, report.countSince),
              ),
            );
          if ((made?.n ?? 0) >= report.limit) return { outcome: 'limit_reached' };

          const [created] = await tx
            .insert(reports)
            .values({
              reporterId: report.reporterId,
              reportedUserId: report.reportedUserId,
              sessionId: report.sessionId,
              reason: report.reason,
              comment: report.comment,
              createdAt: report.now,
            })
            .returning({ id: reports.id, createdAt: reports.createdAt });
          if (report.frameFlagId) {
            // Only the reporter's own incoming flag of this session, about this partner.
            await tx
              .update(frameFlags)
              .set({ reportId: created!.id })
              .where(
                and(
                  eq(frameFlags.id, report.frameFlagId),
                  eq(frameFlags.reporterId, report.reporterId),
                  eq(frameFlags.sessionId, report.sessionId),
                  eq(frameFlags.subjectUserId, report.reportedUserId),
                  eq(frameFlags.side, 'incoming'),
                  isNull(frameFlags.reportId),
                ),
              );
          }
          const [userLowId, userHighId] = [report.reporterId, report.reportedUserId].sort() as [
            string,
            string,
          ];
          await tx
            .insert(matchExclusions)
            .values({ userLowId, userHighId, reason: 'report', createdAt: report.now })
            .onConflictDoNothing();
          const escalated = await escalateIfDue(tx, report, created!.id);
          return { outcome: 'created', report: created!, escalated };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'reports_reporter_session_key'))
          return { outcome: 'duplicate' };
        throw error;
      }
    },
  };
}

/**
 * Escalates the reported user when distinct reporters since `escalation.since` reach the
 * threshold. Reports a moderator has already seen (made before their last action on the user)
 * do not count again, so a cleared escalation needs new reports to come back.
 */
async function escalateIfDue(tx: Database, report: NewReport, reportId: string) {
  const userId = report.reportedUserId;
  const [reviewed] = await tx
    .select({ at: max(moderationActions.createdAt) })
    .from(moderationActions)
    .where(and(eq(moderationActions.userId, userId), ne(moderationActions.action, 'escalate')));
  const lastReview = reviewed?.at ?? null;
  const since =
    lastReview && lastReview > report.escalation.since ? lastReview : report.escalation.since;
  const [reporters] = await tx
    .select({ n: countDistinct(reports.reporterId) })
    .from(reports)
    .where(and(eq(reports.reportedUserId, userId), gt(reports.createdAt, since)));
  if ((reporters?.n ?? 0) < report.escalation.distinctReporters) return false;

  const updated = await tx
    .update(users)
    .set({ escalatedAt: report.now })
    .where(and(eq(users.id, userId), isNull(users.escalatedAt)))
    .returning({ id: users.id });
  if (updated.length === 0) return false;
  await tx.insert(moderationActions).values({
    userId,
    moderatorId: null,
    reportId,
    action: 'escalate',
    createdAt: report.now,
  });
  return true;
}
