import {
  DELETED_USER_NAME,
  type Session,
  type SessionList,
  type SessionListQuery,
  type SessionParticipant,
} from '@parlo/contract/sessions';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { checkAccount } from '../users/account-check.ts';
import type { ParticipantRow, SessionRow, SessionsRepo } from './sessions-repo.ts';

export interface SessionsService {
  /**
   * `userId` carries a valid access token (the route checks only the token): the account is
   * read with the page, in the same query, and checked here (checkAccount).
   */
  listSessions(userId: string, query: SessionListQuery): Promise<SessionList>;
  getSession(userId: string, sessionId: string): Promise<Session>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DELETED_USER: SessionParticipant = {
  id: null,
  name: DELETED_USER_NAME,
  country: null,
  imageUrl: null,
};

function toParticipant(row: ParticipantRow | null): SessionParticipant {
  // A purged account leaves no row (id null); a deleted one keeps a scrubbed row.
  if (!row?.id || row.deletedAt !== null) return DELETED_USER;
  return {
    id: row.id,
    // Matching requires a profile, so the username fallback is only for data made by hand.
    name: row.name ?? row.username?.split('@')[0] ?? DELETED_USER_NAME,
    country: row.country,
    imageUrl: row.profileImageUrl ?? row.imageUrl,
  };
}

function toSession(row: SessionRow, userId: string): Session {
  const user1 = toParticipant(row.user1);
  const user2 = toParticipant(row.user2);
  const durationSeconds =
    row.startedAt && row.endedAt
      ? Math.max(0, Math.floor((row.endedAt.getTime() - row.startedAt.getTime()) / 1000))
      : null;
  return {
    id: row.id,
    // A call that never connected has no start; it is listed at the moment it was made.
    startedAt: (row.startedAt ?? row.createdAt).toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    durationSeconds,
    languageCode: row.languageCode,
    user1Id: user1.id,
    user2Id: user2.id,
    user1,
    user2,
    initiator: row.user1?.id === userId,
    endReason: row.endReason,
  };
}

export function createSessionsService(deps: {
  sessionsRepo: SessionsRepo;
  clock: Clock;
}): SessionsService {
  const { sessionsRepo, clock } = deps;
  return {
    async listSessions(userId, { page, pageSize }) {
      const { account, rows, total } = await sessionsRepo.pageForUser(
        userId,
        pageSize,
        (page - 1) * pageSize,
        clock.now(),
      );
      checkAccount(account);
      return {
        data: rows.map((row) => toSession(row, userId)),
        totalPages: Math.ceil(total / pageSize),
      };
    },

    async getSession(userId, sessionId) {
      // Not a uuid cannot name a session: the same 404 as someone else's session.
      const row = UUID.test(sessionId)
        ? await sessionsRepo.findForUser(sessionId, userId)
        : undefined;
      if (!row) throw new NotFoundError('Session not found');
      return toSession(row, userId);
    },
  };
}
