import { REPORTS_PER_DAY } from '@parlo/contract/constants';
import { ESCALATION_DISTINCT_REPORTERS, ESCALATION_WINDOW_HOURS } from '@parlo/contract/moderation';
import { REPORT_LIMIT_MESSAGE, type Report, type ReportCreateBody } from '@parlo/contract/reports';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  RateLimitedError,
} from '../../lib/errors.ts';
import type { SessionLifecycle } from '../sessions/session-lifecycle.ts';
import type { ReportsRepo } from './reports-repo.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface ReportsService {
  create(reporterId: string, body: ReportCreateBody): Promise<Report>;
}

export interface ReportsServiceDeps {
  reportsRepo: ReportsRepo;
  lifecycle: Pick<SessionLifecycle, 'end'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Called once a report escalated the reported user, to take them out of the queue. */
  onEscalated?: (userId: string) => Promise<void>;
  /** Called after every report: the pair may not continue their session (offers close). */
  onReported?: (reporterId: string, reportedUserId: string) => Promise<void>;
}

const startOfUtcDay = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/**
 * Reports (spec §3, §6): a participant reports the other side of a session, at most
 * REPORTS_PER_DAY times per UTC day; the pair is excluded from matching at once. A report made
 * during the call ends it as `user_reported`, so nobody stays face to face with a person they
 * just reported. ESCALATION_DISTINCT_REPORTERS distinct reporters within ESCALATION_WINDOW_HOURS
 * escalate the reported user: held out of matching until a moderator acts (not blocked).
 */
export function createReportsService(deps: ReportsServiceDeps): ReportsService {
  const { reportsRepo, clock, log } = deps;

  return {
    async create(reporterId, body) {
      const reportedUserId = body.reportedUserId.toLowerCase();
      if (reportedUserId === reporterId) throw new BadRequestError('You cannot report yourself');
      const session = await reportsRepo.findSession(body.sessionId);
      if (!session || (session.user1Id !== reporterId && session.user2Id !== reporterId)) {
        throw new NotFoundError('Session not found');
      }
      const partnerId = session.user1Id === reporterId ? session.user2Id : session.user1Id;
      if (!partnerId || partnerId !== reportedUserId) {
        throw new BadRequestError('You can only report the person you talked to');
      }

      const now = clock.now();
      const dayStart = startOfUtcDay(now);
      const result = await reportsRepo.create({
        reporterId,
        reportedUserId: partnerId,
        sessionId: session.id,
        reason: body.reason,
        comment: body.comment ?? null,
        frameFlagId: body.frameFlagId ?? null,
        now,
        countSince: dayStart,
        limit: REPORTS_PER_DAY,
        escalation: {
          distinctReporters: ESCALATION_DISTINCT_REPORTERS,
          since: new Date(now.getTime() - ESCALATION_WINDOW_HOURS * HOUR_MS),
        },
      });
      if (result.outcome === 'limit_reached') {
        const untilTomorrow = Math.ceil((dayStart.getTime() + DAY_MS - now.getTime()) / 1000);
        throw new RateLimitedError(REPORT_LIMIT_MESSAGE, undefined, untilTomorrow);
      }
      if (result.outcome === 'duplicate') {
        throw new ConflictError('You have already reported this session');
      }

      if (result.escalated) {
        log.info({ userId: partnerId }, 'user escalated for moderation');
        await deps.onEscalated?.(partnerId).catch((error: unknown) => {
          log.error({ err: error, userId: partnerId }, 'holding an escalated user back failed');
        });
      }
      await deps.onReported?.(reporterId, partnerId).catch((error: unknown) => {
        log.error(
          { err: error, userId: partnerId },
          'closing the offers of a reported pair failed',
        );
      });
      if (!session.endedAt) {
        // The report is kept whatever happens here; a session left open is closed by its timer.
        await deps.lifecycle
          .end(session.id, 'user_reported', reporterId)
          .catch((error: unknown) => {
            log.error({ err: error, sessionId: session.id }, 'ending a reported session failed');
          });
      }
      return { id: result.report.id, createdAt: result.report.createdAt.toISOString() };
    },
  };
}
