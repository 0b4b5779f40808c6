import {
  FRAME_FLAG_ESCALATION_DISTINCT_PARTNERS,
  FRAME_FLAG_ESCALATION_WINDOW_HOURS,
  FRAME_FLAG_LATE_SECONDS,
  type FrameFlag,
  type FrameFlagBody,
  type ModerationFrameFlags,
  type ModerationHeldUsers,
} from '@parlo/contract/frame-flags';
import type { SafetySettings } from '@parlo/contract/safety-settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { ConflictError, GoneError, NotFoundError } from '../../lib/errors.ts';
import type { FrameFlagsRepo } from './frame-flags-repo.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Flags the console lists for one user (the counts cover all of them). */
const CONSOLE_FLAGS_LIMIT = 50;
/** Held users the console lists above the report queue. */
const CONSOLE_HELD_LIMIT = 100;

export interface FrameFlagsService {
  create(reporterId: string, body: FrameFlagBody): Promise<FrameFlag>;
  listAbout(userId: string): Promise<ModerationFrameFlags>;
  listHeld(): Promise<ModerationHeldUsers>;
  settings(userId: string): Promise<SafetySettings>;
  saveSettings(userId: string, body: SafetySettings): Promise<SafetySettings>;
}

export interface FrameFlagsServiceDeps {
  frameFlagsRepo: FrameFlagsRepo;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Called once flags escalated a user, to take them out of the queue. */
  onEscalated?: (userId: string) => Promise<void>;
}

/**
 * Frame guard flags (issue 18): a participant's browser sends a score about the partner's video
 * (`incoming`) or its own (`outgoing`) during the call or just after. Only a participant of the
 * session may flag it, once per side; FRAME_FLAG_ESCALATION_DISTINCT_PARTNERS partners within
 * FRAME_FLAG_ESCALATION_WINDOW_HOURS hold the user out of matching until a moderator acts. A flag
 * never blocks anyone and never ends a call by itself.
 */
export function createFrameFlagsService(deps: FrameFlagsServiceDeps): FrameFlagsService {
  const { frameFlagsRepo, clock, log } = deps;

  return {
    async create(reporterId, body) {
      const session = await frameFlagsRepo.findSession(body.sessionId);
      if (!session || (session.user1Id !== reporterId && session.user2Id !== reporterId)) {
        throw new NotFoundError('Session not found');
      }
      const now = clock.now();
      if (
        session.endedAt &&
        now.getTime() - session.endedAt.getTime() > FRAME_FLAG_LATE_SECONDS * 1000
      ) {
        throw new GoneError('This session ended too long ago to be flagged');
      }
      const partnerId = session.user1Id === reporterId ? session.user2Id : session.user1Id;
      const subjectUserId = body.side === 'incoming' ? partnerId : reporterId;
      // The partner's account is gone: nothing left to hold back or review.
      if (!subjectUserId) throw new NotFoundError('Session not found');

      const result = await frameFlagsRepo.create({
        sessionId: session.id,
        reporterId,
        subjectUserId,
        side: body.side,
        category: body.category,
        score: body.score,
        frameCount: body.frameCount,
        now,
        escalation: {
          distinctPartners: FRAME_FLAG_ESCALATION_DISTINCT_PARTNERS,
          since: new Date(now.getTime() - FRAME_FLAG_ESCALATION_WINDOW_HOURS * HOUR_MS),
        },
      });
      if (result.outcome === 'duplicate') {
        throw new ConflictError('This side of the session is already flagged');
      }
      if (result.escalated) {
        log.info({ userId: subjectUserId }, 'user escalated for moderation by frame flags');
        await deps.onEscalated?.(subjectUserId).catch((error: unknown) => {
          log.error({ err: error, userId: subjectUserId }, 'holding an escalated user back failed');
        });
      }
      return { id: result.flag.id, createdAt: result.flag.createdAt.toISOString() };
    },

    async listAbout(userId) {
      const since = new Date(clock.now().getTime() - FRAME_FLAG_ESCALATION_WINDOW_HOURS * HOUR_MS);
      const found = await frameFlagsRepo.listAbout(userId, since, CONSOLE_FLAGS_LIMIT);
      return {
        total: found.total,
        last24Hours: found.recent,
        distinctPartners24Hours: found.recentPartners,
        flags: found.flags.map((flag) => ({
          id: flag.id,
          sessionId: flag.sessionId,
          side: flag.side,
          category: flag.category,
          score: flag.score,
          frameCount: flag.frameCount,
          reportId: flag.reportId,
          createdAt: flag.createdAt.toISOString(),
        })),
      };
    },

    async listHeld() {
      const rows = await frameFlagsRepo.listHeldWithoutReports(CONSOLE_HELD_LIMIT);
      return {
        items: rows.map((row) => ({
          ...row,
          escalatedAt: row.escalatedAt.toISOString(),
          lastFlagAt: row.lastFlagAt.toISOString(),
        })),
      };
    },

    async settings(userId) {
      return { revealTogether: (await frameFlagsRepo.findRevealTogether(userId)) ?? false };
    },

    async saveSettings(userId, body) {
      await frameFlagsRepo.saveRevealTogether(userId, body.revealTogether, clock.now());
      return body;
    },
  };
}
