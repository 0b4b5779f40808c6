import type { ReportReason, SessionEndReason } from '@parlo/contract/constants';
import type {
  ModerationHistoryActionType,
  ModerationReportStatus,
} from '@parlo/contract/moderation';
import type { UserStatus } from '@parlo/contract/users';
import { aliasedTable, and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { moderationActions, reports } from '../../db/tables/moderation.ts';
import { sessions } from '../../db/tables/sessions.ts';
import { profiles, users } from '../../db/tables/users.ts';

export interface PersonRow {
  id: string;
  username: string;
  name: string | null;
  country: string | null;
  createdAt: Date;
  status: UserStatus;
  blockedUntil: Date | null;
  escalatedAt: Date | null;
  deletedAt: Date | null;
  reportsTotal: number;
  reportsLast7Days: number;
}

export interface ReportRow {
  id: string;
  reason: ReportReason;
  comment: string | null;
  status: ModerationReportStatus;
  createdAt: Date;
  reviewedAt: Date | null;
  reporterId: string | null;
  reportedUserId: string;
  /** The reported user's escalation, which orders the open queue. */
  escalatedAt: Date | null;
  session: {
    id: string;
    createdAt: Date;
    startedAt: Date | null;
    endedAt: Date | null;
    endReason: SessionEndReason | null;
  } | null;
}

export interface ActionRow {
  id: string;
  userId: string;
  action: ModerationHistoryActionType;
  reason: string | null;
  blockedUntil: Date | null;
  reportId: string | null;
  createdAt: Date;
  acknowledgedAt: Date | null;
  moderator: { id: string; username: string; name: string | null; deletedAt: Date | null } | null;
}

/** Where a queue page starts: after this row in the queue's order. */
export interface QueuePosition {
  escalatedAt: Date | null;
  createdAt: Date;
  id: string;
}

/** What the console reads: the report queue and a user's file. */
export interface ModerationQueueRepo {
  /** One page of the queue, in its order: escalated users first (open only), newest first. */
  listReports(input: {
    status: ModerationReportStatus;
    after: QueuePosition | null;
    limit: number;
  }): Promise<ReportRow[]>;
  reportsAgainst(userId: string, limit: number): Promise<ReportRow[]>;
  /** People with their report counts; `recentSince` starts the "last 7 days" count. */
  findPeople(userIds: readonly string[], recentSince: Date): Promise<PersonRow[]>;
  actionsOf(userId: string, limit: number): Promise<ActionRow[]>;
}

const ms = (column: unknown) => sql`date_trunc('milliseconds', ${column})`;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

const reportColumns = {
  id: reports.id,
  reason: reports.reason,
  comment: reports.comment,
  status: reports.status,
  createdAt: reports.createdAt,
  reviewedAt: reports.reviewedAt,
  reporterId: reports.reporterId,
  reportedUserId: reports.reportedUserId,
  escalatedAt: users.escalatedAt,
  sessionId: sessions.id,
  sessionCreatedAt: sessions.createdAt,
  sessionStartedAt: sessions.startedAt,
  sessionEndedAt: sessions.endedAt,
  sessionEndReason: sessions.endReason,
};

type ReportJoinRow = {
  [K in keyof typeof reportColumns]: (typeof reportColumns)[K]['_']['data'] | null;
};

function toReportRow(row: ReportJoinRow): ReportRow {
  return {
    id: row.id!,
    reason: row.reason!,
    comment: row.comment,
    status: row.status!,
    createdAt: row.createdAt!,
    reviewedAt: row.reviewedAt,
    reporterId: row.reporterId,
    reportedUserId: row.reportedUserId!,
    escalatedAt: row.escalatedAt,
    session: row.sessionId
      ? {
          id: row.sessionId,
          createdAt: row.sessionCreatedAt!,
          startedAt: row.sessionStartedAt,
          endedAt: row.sessionEndedAt,
          endReason: row.sessionEndReason,
        }
      : null,
  };
}

/** Rows after `after` in the order (escalated_at desc nulls last, created_at desc, id desc). */
function afterPosition(after: QueuePosition, byEscalation: boolean) {
  const olderReport = or(
    sql`${ms(reports.createdAt)} < ${at(after.createdAt)}`,
    and(sql`${ms(reports.createdAt)} = ${at(after.createdAt)}`, sql`${reports.id} < ${after.id}`),
  );
  if (!byEscalation) return olderReport;
  if (!after.escalatedAt) return and(isNull(users.escalatedAt), olderReport);
  return or(
    isNull(users.escalatedAt),
    sql`${ms(users.escalatedAt)} < ${at(after.escalatedAt)}`,
    and(sql`${ms(users.escalatedAt)} = ${at(after.escalatedAt)}`, olderReport),
  );
}
export function createModerationQueueRepo(db: Database): ModerationQueueRepo {
  const selectReports = () =>
    db
      .select(reportColumns)
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reportedUserId))
      .leftJoin(sessions, eq(sessions.id, reports.sessionId));

  return {
    async listReports({ status, after, limit }) {
      const byEscalation = status === 'open';
      const rows = await selectReports()
        .where(
          and(eq(reports.status, status), after ? afterPosition(after, byEscalation) : undefined),
        )
        .orderBy(
          ...(byEscalation ? [sql`${ms(users.escalatedAt)} desc nulls last`] : []),
          desc(ms(reports.createdAt)),
          desc(reports.id),
        )
        .limit(limit);
      return rows.map((row) => {
        const report = toReportRow(row);
        return byEscalation ? report : { ...report, escalatedAt: null };
      });
    },

    async reportsAgainst(userId, limit) {
      const rows = await selectReports()
        .where(eq(reports.reportedUserId, userId))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(limit);
      return rows.map(toReportRow);
    },

    async findPeople(userIds, recentSince) {
      if (userIds.length === 0) return [];
      const ids = [...new Set(userIds)];
      const [people, counts] = await Promise.all([
        db
          .select({
            id: users.id,
            username: users.username,
            name: profiles.name,
            country: profiles.country,
            createdAt: users.createdAt,
            status: users.status,
            blockedUntil: users.blockedUntil,
            escalatedAt: users.escalatedAt,
            deletedAt: users.deletedAt,
          })
          .from(users)
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(inArray(users.id, ids)),
        db
          .select({
            userId: reports.reportedUserId,
            total: count(),
            recent:
              sql<number>`count(*) filter (where ${reports.createdAt} >= ${at(recentSince)})`.mapWith(
                Number,
              ),
          })
          .from(reports)
          .where(inArray(reports.reportedUserId, ids))
          .groupBy(reports.reportedUserId),
      ]);
      return people.map((person) => {
        const counted = counts.find((row) => row.userId === person.id);
        return {
          ...person,
          reportsTotal: counted?.total ?? 0,
          reportsLast7Days: counted?.recent ?? 0,
        };
      });
    },

    async actionsOf(userId, limit) {
      const moderator = aliasedTable(users, 'moderator');
      const moderatorProfile = aliasedTable(profiles, 'moderator_profile');
      const rows = await db
        .select({
          id: moderationActions.id,
          userId: moderationActions.userId,
          action: moderationActions.action,
          reason: moderationActions.reason,
          blockedUntil: moderationActions.blockedUntil,
          reportId: moderationActions.reportId,
          createdAt: moderationActions.createdAt,
          acknowledgedAt: moderationActions.acknowledgedAt,
          moderatorId: moderator.id,
          moderatorUsername: moderator.username,
          moderatorDeletedAt: moderator.deletedAt,
          moderatorName: moderatorProfile.name,
        })
        .from(moderationActions)
        .leftJoin(moderator, eq(moderator.id, moderationActions.moderatorId))
        .leftJoin(moderatorProfile, eq(moderatorProfile.userId, moderator.id))
        .where(eq(moderationActions.userId, userId))
        .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
        .limit(limit);
      return rows.map(
        ({ moderatorId, moderatorUsername, moderatorDeletedAt, moderatorName, ...row }) => ({
          ...row,
          moderator:
            moderatorId && moderatorUsername
              ? {
                  id: moderatorId,
                  username: moderatorUsername,
                  name: moderatorName,
                  deletedAt: moderatorDeletedAt,
                }
              : null,
        }),
      );
    },
  };
}
