import type { ReportReason } from '@parlo/contract/constants';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { matchExclusions, reports } from '../../db/tables/moderation.ts';
import { sessions } from '../../db/tables/sessions.ts';
import { users } from '../../db/tables/users.ts';

export interface ReportedSessionRow {
  id: string;
  user1Id: string | null;
  user2Id: string | null;
  endedAt: Date | null;
}

export interface NewReport {
  reporterId: string;
  reportedUserId: string;
  sessionId: string;
  reason: ReportReason;
  comment: string | null;
  now: Date;
  /** Reports made since this instant count toward the cap. */
  countSince: Date;
  limit: number;
}

export type CreateReportResult =
  | { outcome: 'created'; report: { id: string; createdAt: Date } }
  | { outcome: 'limit_reached' }
  | { outcome: 'duplicate' };

export interface ReportsRepo {
  findSession(sessionId: string): Promise<ReportedSessionRow | undefined>;
  /**
   * In one transaction: the report and the pair's match exclusion, unless the reporter already
   * made `limit` reports since `countSince` or already reported this session (nothing written).
   */
  create(report: NewReport): Promise<CreateReportResult>;
}

export function createReportsRepo(db: Database): ReportsRepo {
  return {
    async findSession(sessionId) {
      const [row] = await db
        .select({
          id: sessions.id,
          user1Id: sessions.user1Id,
          user2Id: sessions.user2Id,
          endedAt: sessions.endedAt,
        })
        .from(sessions)
        .where(eq(sessions.id, sessionId))
        .limit(1);
      return row;
    },

    async create(report) {
      try {
        return await db.transaction(async (tx): Promise<CreateReportResult> => {
          // The reporter's row is the lock that makes count-then-insert safe against parallel
          // reports of the same user.
          await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.id, report.reporterId))
            .for('update');
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
          const [userLowId, userHighId] = [report.reporterId, report.reportedUserId].sort() as [
            string,
            string,
          ];
          await tx
            .insert(matchExclusions)
            .values({ userLowId, userHighId, reason: 'report', createdAt: report.now })
            .onConflictDoNothing();
          return { outcome: 'created', report: created! };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'reports_reporter_session_key'))
          return { outcome: 'duplicate' };
        throw error;
      }
    },
  };
}
