import type {
  CalibrationRating,
  CalibrationState,
  CalibrationSummary,
} from '@parlo/contract/after-call';
import type { LanguageCode } from '@parlo/contract/constants';
import type { Clock } from '../../lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { checkAccount } from '../users/account-check.ts';
import type { CalibrationRepo, CalibrationSessionRow } from './calibration-repo.ts';
import { isRateable, ratedLevel } from './calibration-rules.ts';

export interface CalibrationService {
  state(userId: string, sessionId: string): Promise<CalibrationState>;
  rate(userId: string, sessionId: string, rating: CalibrationRating): Promise<void>;
  /**
   * For a user whose access token was checked (the route's authenticateToken): the account is
   * read with the summary, in one query, and checked here as the auth guard would.
   */
  summary(userId: string): Promise<CalibrationSummary>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's side of the session (1 or 2), or a 404 — the same for a session that is not theirs. */
async function sideOf(
  repo: CalibrationRepo,
  userId: string,
  sessionId: string,
): Promise<{ session: CalibrationSessionRow; side: 1 | 2 }> {
  const session = UUID.test(sessionId) ? await repo.findSession(sessionId) : undefined;
  if (session?.user1Id === userId) return { session, side: 1 };
  if (session?.user2Id === userId) return { session, side: 2 };
  throw new NotFoundError('Session not found');
}

export function createCalibrationService(deps: {
  calibrationRepo: CalibrationRepo;
  clock: Clock;
}): CalibrationService {
  const { calibrationRepo: repo, clock } = deps;
  return {
    async state(userId, sessionId) {
      const { session, side } = await sideOf(repo, userId, sessionId);
      if (session.answeredSides.includes(side)) return { state: 'answered' };
      return { state: isRateable(session, clock.now()) ? 'open' : 'ineligible' };
    },

    async rate(userId, sessionId, rating) {
      const { session, side } = await sideOf(repo, userId, sessionId);
      const now = clock.now();
      if (session.answeredSides.includes(side)) {
        throw new ConflictError('You already rated your partner in this call');
      }
      if (!isRateable(session, now)) {
        throw new BadRequestError(
          'Only a call that lasted at least 2 minutes and ended in the last 24 hours can be rated',
        );
      }
      const recorded = await repo.record({
        sessionId: session.id,
        side,
        raterId: userId,
        rateeId: side === 1 ? session.user2Id : session.user1Id,
        languageCode: session.languageCode,
        rating,
        now,
      });
      // Two answers raced (a double tap on two tabs): the unique side kept the first.
      if (!recorded) throw new ConflictError('You already rated your partner in this call');
    },

    async summary(userId) {
      const { account, value: rows } = await repo.summaryWithAccount(userId, clock.now());
      checkAccount(account);
      return {
        data: rows.map(({ languageCode, level, counters }) => ({
          languageCode: languageCode as LanguageCode,
          level,
          ratedLevel: counters ? ratedLevel({ level, ...counters }) : null,
        })),
      };
    },
  };
}
