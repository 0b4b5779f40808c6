import {
  MODERATION_PAGE_SIZE,
  type ModerationAccess,
  type ModerationAction,
  type ModerationActionBody,
  type ModerationPerson,
  type ModerationReport,
  type ModerationReportStatus,
  type ModerationReportsPage,
  type ModerationUser,
} from '@parlo/contract/moderation';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { effectiveStatus } from '@parlo/contract/account-status';
import type {
  ActionRow,
  ModerationQueueRepo,
  PersonRow,
  QueuePosition,
  ReportRow,
} from './moderation-queue-repo.ts';
import type { ModerationRepo } from './moderation-repo.ts';

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;
/** The user page shows this many reports and actions, newest first. */
const USER_HISTORY_LIMIT = 200;
const DELETED_NAME = 'Deleted User';

export interface ModerationService {
  /** The caller's role, read from the database on every request; 403 `forbidden` for users. */
  access(userId: string): Promise<ModerationAccess>;
  listReports(query: {
    status: ModerationReportStatus;
    cursor?: string | undefined;
  }): Promise<ModerationReportsPage>;
  getUser(userId: string): Promise<ModerationUser>;
  act(moderatorId: string, userId: string, body: ModerationActionBody): Promise<ModerationAction>;
}

export interface ModerationServiceDeps {
  moderationRepo: Pick<ModerationRepo, 'findRole' | 'applyAction'>;
  queueRepo: ModerationQueueRepo;
  clock: Clock;
  /**
   * Makes a block bite at once, after it committed: the queued search is dropped, a call in
   * progress ends and the socket closes.
   */
  enforceBlock: (userId: string) => Promise<void>;
  log: FastifyBaseLogger;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const encodeCursor = (position: QueuePosition) =>
  Buffer.from(
    JSON.stringify([iso(position.escalatedAt), position.createdAt.toISOString(), position.id]),
  ).toString('base64url');

function decodeCursor(cursor: string): QueuePosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [escalatedAt, createdAt, id] = value as unknown[];
      const position = {
        escalatedAt: typeof escalatedAt === 'string' ? new Date(escalatedAt) : null,
        createdAt: new Date(typeof createdAt === 'string' ? createdAt : NaN),
        id: typeof id === 'string' ? id : '',
      };
      const valid =
        (escalatedAt === null || !Number.isNaN(position.escalatedAt?.getTime())) &&
        !Number.isNaN(position.createdAt.getTime()) &&
        /^[0-9a-f-]{36}$/i.test(position.id);
      if (valid) return position;
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new BadRequestError('Invalid cursor');
}

/**
 * The moderation console (issue 7): the report queue, a user's file, and the actions that close
 * reports, block, unblock and clear escalations. Each action is one transaction (user, report,
 * history); a block is then enforced on the live side at once.
 */
export function createModerationService(deps: ModerationServiceDeps): ModerationService {
  const { moderationRepo: repo, queueRepo, clock, log } = deps;

  function toPerson(row: PersonRow, now: Date): ModerationPerson {
    const status = effectiveStatus(row, now);
    return {
      id: row.id,
      name: row.deletedAt ? DELETED_NAME : (row.name ?? row.username.split('@')[0] ?? ''),
      country: row.country,
      createdAt: row.createdAt.toISOString(),
      status,
      blockedUntil: status === 'temporarily_blocked' ? iso(row.blockedUntil) : null,
      reportsTotal: row.reportsTotal,
      reportsLast7Days: row.reportsLast7Days,
      escalatedAt: iso(row.escalatedAt),
    };
  }

  async function peopleOf(userIds: (string | null)[], now: Date) {
    const ids = userIds.filter((id): id is string => id !== null);
    const rows = await queueRepo.findPeople(ids, new Date(now.getTime() - WEEK_MS));
    return new Map(rows.map((row) => [row.id, toPerson(row, now)]));
  }

  function toReport(row: ReportRow, people: Map<string, ModerationPerson>): ModerationReport {
    const { session } = row;
    const startedAt = session?.startedAt ?? null;
    const endedAt = session?.endedAt ?? null;
    return {
      id: row.id,
      reason: row.reason,
      comment: row.comment,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      reviewedAt: iso(row.reviewedAt),
      reporter: row.reporterId ? (people.get(row.reporterId) ?? null) : null,
      reported: people.get(row.reportedUserId)!,
      session: session && {
        id: session.id,
        startedAt: (startedAt ?? session.createdAt).toISOString(),
        endedAt: iso(endedAt),
        durationSeconds:
          startedAt && endedAt
            ? Math.max(0, Math.round((endedAt.getTime() - startedAt.getTime()) / 1000))
            : null,
        endReason: session.endReason,
      },
    };
  }

  function toAction(row: ActionRow): ModerationAction {
    const { moderator } = row;
    return {
      id: row.id,
      userId: row.userId,
      action: row.action,
      reason: row.reason,
      blockedUntil: iso(row.blockedUntil),
      reportId: row.reportId,
      moderator: moderator && {
        id: moderator.id,
        name: moderator.deletedAt
          ? DELETED_NAME
          : (moderator.name ?? moderator.username.split('@')[0] ?? ''),
      },
      createdAt: row.createdAt.toISOString(),
      acknowledgedAt: iso(row.acknowledgedAt),
    };
  }

  return {
    async access(userId) {
      const role = await repo.findRole(userId);
      if (role !== 'moderator' && role !== 'admin') {
        throw new ForbiddenError('Only moderators can use the moderation console', 'forbidden');
      }
      return { role };
    },

    async listReports({ status, cursor }) {
      const now = clock.now();
      const after = cursor ? decodeCursor(cursor) : null;
      const rows = await queueRepo.listReports({ status, after, limit: MODERATION_PAGE_SIZE + 1 });
      const page = rows.slice(0, MODERATION_PAGE_SIZE);
      const people = await peopleOf(
        page.flatMap((row) => [row.reporterId, row.reportedUserId]),
        now,
      );
      const last = page.at(-1);
      return {
        items: page.map((row) => toReport(row, people)),
        nextCursor: rows.length > MODERATION_PAGE_SIZE && last ? encodeCursor(last) : null,
      };
    },

    async getUser(userId) {
      const now = clock.now();
      const [reports, actions] = await Promise.all([
        queueRepo.reportsAgainst(userId, USER_HISTORY_LIMIT),
        queueRepo.actionsOf(userId, USER_HISTORY_LIMIT),
      ]);
      const people = await peopleOf([userId, ...reports.map((row) => row.reporterId)], now);
      const user = people.get(userId);
      if (!user) throw new NotFoundError('User not found');
      return {
        user,
        reports: reports.map((row) => toReport(row, people)),
        actions: actions.map(toAction),
      };
    },

    async act(moderatorId, userId, body) {
      if (moderatorId === userId) {
        throw new ForbiddenError('Moderators cannot act on their own account', 'forbidden');
      }
      const now = clock.now();
      const blockedUntil =
        body.action === 'temporary_block' && body.durationHours !== undefined
          ? new Date(now.getTime() + body.durationHours * HOUR_MS)
          : null;
      const result = await repo.applyAction({
        userId,
        moderatorId,
        action: body.action,
        reason: body.reason || null,
        reportId: body.reportId?.toLowerCase() ?? null,
        now,
        blockedUntil,
      });
      switch (result.outcome) {
        case 'user_not_found':
          throw new NotFoundError('User not found');
        case 'user_deleted':
          throw new ConflictError('This account was deleted');
        case 'report_not_found':
          throw new NotFoundError('Report not found');
        case 'report_of_other_user':
          throw new BadRequestError('The report is not against this user');
        case 'report_closed':
          throw new ConflictError('This report was already reviewed');
        case 'not_blocked':
          throw new ConflictError('This user is not blocked');
        case 'not_held':
          throw new ConflictError(
            'Dismiss needs a reportId unless it releases a review hold that no open report explains',
          );
        case 'done':
          break;
      }
      log.info({ moderatorId, userId, action: body.action }, 'moderation action');
      if (body.action === 'temporary_block' || body.action === 'permanent_block') {
        // The block is committed; the auth guard refuses the user from now on whatever happens.
        await deps.enforceBlock(userId).catch((error: unknown) => {
          log.error({ err: error, userId }, 'enforcing a block failed');
        });
      }
      return {
        id: result.actionId,
        userId,
        action: body.action,
        reason: body.reason || null,
        blockedUntil: iso(blockedUntil),
        reportId: body.reportId?.toLowerCase() ?? null,
        moderator: await moderatorOf(moderatorId, now),
        createdAt: now.toISOString(),
        acknowledgedAt: null,
      };
    },
  };

  async function moderatorOf(moderatorId: string, now: Date) {
    const person = (await peopleOf([moderatorId], now)).get(moderatorId);
    return person ? { id: person.id, name: person.name } : null;
  }
}
