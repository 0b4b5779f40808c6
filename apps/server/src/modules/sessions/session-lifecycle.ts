import {
  SESSION_LENGTH_SECONDS,
  type ConnectionType,
  type SessionEndReason,
} from '@parlo/contract/constants';
import { ERROR_CODES } from '@parlo/contract/errors';
import { DELETED_USER_NAME, type SessionParticipant } from '@parlo/contract/sessions';
import type {
  ConnectionQuality,
  IceServer,
  PeerProfile,
  ServerMessage,
} from '@parlo/contract/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Broker } from '../../broker/broker.ts';
import type { Clock } from '../../lib/clock.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { Scheduler } from '../../lib/scheduler.ts';
import {
  UsersInSessionError,
  type ChargedSession,
  type ChargedSessionInput,
} from '../tokens/session-charge-repo.ts';
import type { LiveSessionsRepo, PeerProfileRow } from './live-sessions-repo.ts';

export const SESSION_LENGTH_MS = SESSION_LENGTH_SECONDS * 1000;
/**
 * A call still open this long past its end was kept by an instance that died (its timer would
 * have ended it); any instance's sweep ends it then.
 */
export const OVERDUE_MARGIN_MS = 30_000;
/** A timer's end that failed is tried again after each of these waits (endSafely). */
export const END_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One side (or both) is in a call already (code 1001); `userIds` names them. */
export class AlreadyInSessionError extends ConflictError {
  constructor(readonly userIds: readonly string[]) {
    super('You are already in a call; end it first', ERROR_CODES.alreadyInCall);
  }
}

/** What a user learns of the other side of a call (DESIGN §2 Matching), from its profile row. */
export function peerProfileOf(row: PeerProfileRow | undefined, userId: string): PeerProfile {
  return {
    id: userId,
    name: row?.name ?? '',
    country: row?.country ?? null,
    imageUrl: row?.imageUrl ?? null,
    // Matching and offers need the language, so a missing level only follows a removal mid-way.
    level: row?.level ?? 'A1',
  };
}

export interface SessionLifecycle {
  /**
   * Creates a charged session for two users and tells both (`session_created`); user1 is the
   * initiator. Session creations of this instance run one at a time, each checking that neither
   * user is in a call, so no user is ever in two calls.
   * @throws AlreadyInSessionError, InsufficientTokensError (from the charge)
   */
  start(input: {
    user1Id: string;
    user2Id: string;
    languageCode: string;
    /** Both sides' charges as decided at their finds (matching), for the one-trip charge. */
    prepaid?: ChargedSessionInput['prepaid'];
    /**
     * Both users' profiles in the session language as read at their finds (matching); read
     * beside the charge when absent (a continue offer).
     */
    profiles?: [PeerProfileRow, PeerProfileRow];
  }): Promise<ChargedSession>;
  isInSession(userId: string): Promise<boolean>;
  /** The partner in the user's call in progress, if any. */
  partnerOf(userId: string): string | null;
  /** Ends the session unless already ended, telling both sides; true when this call ended it. */
  end(sessionId: string, reason: SessionEndReason, endedBy: string | null): Promise<boolean>;
  /** A participant's `end_session`; false without a call in progress. */
  endByUser(userId: string, reason: 'user_ended' | 'connection_issue'): Promise<boolean>;
  mediaConnected(userId: string): Promise<boolean>;
  recordQuality(userId: string, quality: ConnectionQuality): Promise<boolean>;
  setConnectionType(userId: string, sessionId: string, type: ConnectionType): Promise<void>;
  socketOpened(userId: string): void;
  socketClosed(userId: string): void;
  /**
   * A message on its way to a socket of this instance: `session_created` makes this instance
   * keep the call too (it may have been created on another one), `session_ended` forgets it.
   */
  observe(userId: string, message: ServerMessage): void;
  /** Start-up: closes sessions a stopped process left past their end, resumes the others. */
  recover(): Promise<void>;
  /**
   * Ends calls open more than OVERDUE_MARGIN_MS past their end (the instance keeping them died
   * with nobody coming back), telling whoever is connected; answers how many it ended.
   */
  sweepOverdue(): Promise<number>;
  /**
   * Starts the grace for participants of the calls kept here who are connected nowhere, such as
   * a partner whose socket was on an instance that died (no close reached this one).
   */
  checkPresence(): Promise<void>;
  /** Calls this instance is keeping (its timers and grace periods run here). */
  activeCount(): number;
}

interface LiveSession {
  id: string;
  users: [string, string];
  media: Set<string>;
  started: boolean;
  cancelLimit: () => void;
  grace: Map<string, () => void>;
}

export interface SessionLifecycleDeps {
  liveSessionsRepo: LiveSessionsRepo;
  chargeSession: (input: ChargedSessionInput) => Promise<ChargedSession>;
  broker: Pick<Broker, 'deliver' | 'isOnline' | 'onlineAmong' | 'cancelAll' | 'hit'>;
  clock: Clock;
  scheduler: Scheduler;
  iceServersFor: (userId: string) => IceServer[];
  iceTransportPolicy?: 'all' | 'relay';
  reconnectGraceMs: number;
  /** Told each session this instance ended (for the metrics); must be cheap and never throw. */
  onEnded?: (reason: SessionEndReason) => void;
  log: FastifyBaseLogger;
}

export function createSessionLifecycle(deps: SessionLifecycleDeps): SessionLifecycle {
  const { liveSessionsRepo: repo, broker, clock, scheduler, log } = deps;
  const live = new Map<string, LiveSession>();
  const sessionOfUser = new Map<string, string>();
  const liveOf = (userId: string) => {
    const id = sessionOfUser.get(userId);
    return id ? live.get(id) : undefined;
  };

  const send = (userId: string, message: ServerMessage) =>
    broker.deliver(userId, message).catch((error: unknown) => {
      log.warn({ err: error, userId, type: message.type }, 'socket delivery failed');
    });

  function register(id: string, users: [string, string], createdAt: Date) {
    const remaining = createdAt.getTime() + SESSION_LENGTH_MS - clock.now().getTime();
    const session: LiveSession = {
      id,
      users,
      media: new Set(),
      started: false,
      grace: new Map(),
      cancelLimit: scheduler.after(Math.max(0, remaining), () => {
        void endSafely(id, 'time_limit_reached');
      }),
    };
    live.set(id, session);
    for (const userId of users) sessionOfUser.set(userId, id);
    return session;
  }

  function unregister(session: LiveSession) {
    session.cancelLimit();
    for (const cancel of session.grace.values()) cancel();
    live.delete(session.id);
    for (const userId of session.users) {
      if (sessionOfUser.get(userId) === session.id) sessionOfUser.delete(userId);
    }
  }

  function startGrace(session: LiveSession, userId: string) {
    if (session.grace.has(userId)) return;
    session.grace.set(
      userId,
      scheduler.after(deps.reconnectGraceMs, () => {
        session.grace.delete(userId);
        // Back on another instance in time: the call goes on.
        const gone = () =>
          broker.isOnline(userId).then(
            (online) => !online,
            () => true,
          );
        void endSafely(session.id, 'connection_issue', gone);
      }),
    );
  }

  async function end(sessionId: string, reason: SessionEndReason, endedBy: string | null) {
    const ended = await repo.end(sessionId, reason, endedBy, clock.now());
    const session = live.get(sessionId);
    if (session) unregister(session);
    if (!ended) return false;
    deps.onEnded?.(reason);
    const payload = ended.refunded ? { sessionId, reason, refunded: true } : { sessionId, reason };
    // Whichever instance ends a call tells both sides, wherever their sockets are.
    for (const userId of ended.participants) {
      await send(userId, { type: 'session_ended', payload });
    }
    return true;
  }

  /** Ends the open sessions made before `before` and tells their participants. */
  async function endOverdue(before: Date, reason: SessionEndReason) {
    const ended = await repo.endOpenedBefore(before, reason, clock.now());
    for (const row of ended) {
      const session = live.get(row.id);
      if (session) unregister(session);
      deps.onEnded?.(reason);
      for (const userId of [row.user1Id, row.user2Id]) {
        if (userId)
          await send(userId, { type: 'session_ended', payload: { sessionId: row.id, reason } });
      }
    }
    return ended.length;
  }

  /**
   * An end a timer makes (time limit, grace period), when `due` still holds. No client resends
   * it if it fails (the pool full, PostgreSQL out of reach), and a failed call left open would
   * lose its refund to the time limit: while this instance keeps the call, it is tried again
   * after each of END_RETRY_DELAYS_MS, `due` asked again each time.
   */
  function endSafely(
    sessionId: string,
    reason: SessionEndReason,
    due: () => Promise<boolean> = () => Promise.resolve(true),
    attempt = 0,
  ): Promise<boolean> {
    return due()
      .then((still) => still && end(sessionId, reason, null))
      .catch((error: unknown) => {
        const retryInMs = END_RETRY_DELAYS_MS[attempt];
        log.error({ err: error, sessionId, reason, retryInMs }, 'ending a session failed');
        if (retryInMs !== undefined && live.has(sessionId)) {
          scheduler.after(retryInMs, () => {
            if (live.has(sessionId)) void endSafely(sessionId, reason, due, attempt + 1);
          });
        }
        return false;
      });
  }

  /**
   * `session_created` to both, built from the two profiles read beside the charge; answers, for
   * each, whether their socket was reached (false when not connected or the delivery failed).
   */
  async function announce(
    charged: ChargedSession,
    users: [string, string],
    languageCode: string,
    profiles: PeerProfileRow[],
  ) {
    const rowOf = (userId: string) => profiles.find((row) => row.userId === userId);
    const participant = (userId: string): SessionParticipant => {
      const row = rowOf(userId);
      // Only an account deleted in the instant of the match has no profile left.
      if (!row) return { id: null, name: DELETED_USER_NAME, country: null, imageUrl: null };
      return { id: userId, name: row.name, country: row.country, imageUrl: row.imageUrl };
    };
    const [user1, user2] = [participant(users[0]), participant(users[1])];
    const endsAt = new Date(charged.createdAt.getTime() + SESSION_LENGTH_MS).toISOString();
    // Both at once: with Redis each delivery is a round trip of its own.
    const deliveries = users.map((userId, index) => {
      const peerId = users[1 - index]!;
      return send(userId, {
        type: 'session_created',
        payload: {
          session: {
            id: charged.sessionId,
            // Not connected yet: listed at the moment it was made, as GET /sessions/{id} does.
            startedAt: charged.createdAt.toISOString(),
            endedAt: null,
            durationSeconds: null,
            languageCode,
            user1Id: user1.id,
            user2Id: user2.id,
            user1,
            user2,
            initiator: index === 0,
            endReason: null,
          },
          peerProfile: peerProfileOf(rowOf(peerId), peerId),
          initiator: index === 0,
          iceServers: deps.iceServersFor(userId),
          iceTransportPolicy: deps.iceTransportPolicy ?? 'all',
          endsAt,
        },
      });
    });
    return (await Promise.all(deliveries)).map((delivered) => delivered === true);
  }

  async function resync(userId: string) {
    const open = await repo.findOpenForUser(userId);
    const known = liveOf(userId);
    if (known && known.id !== open?.id) unregister(known);
    if (open?.user1Id && open.user2Id && !live.has(open.id)) {
      const session = register(open.id, [open.user1Id, open.user2Id], open.createdAt);
      // Taken up from an instance that went away: a partner not back either gets the grace.
      const partner = open.user1Id === userId ? open.user2Id : open.user1Id;
      if (!(await broker.isOnline(partner))) startGrace(session, partner);
    }
  }

  return {
    async start({ user1Id, user2Id, languageCode, prepaid, profiles: known }) {
      const users: [string, string] = [user1Id, user2Id];
      // No lock here: the charge locks both users' rows and refuses a user with an open
      // session inside its transaction, so creations for different pairs run in parallel.
      // Profiles not known from the finds are read beside the charge, on another connection.
      const profiles = known ? Promise.resolve(known) : repo.peerProfiles(users, languageCode);
      profiles.catch(() => undefined);
      const charged = await deps
        .chargeSession({
          user1Id,
          user2Id,
          languageCode,
          now: clock.now(),
          ...(prepaid ? { prepaid } : {}),
        })
        .catch((error: unknown) => {
          throw error instanceof UsersInSessionError
            ? new AlreadyInSessionError(error.userIds)
            : error;
        });
      register(charged.sessionId, users, charged.createdAt);
      const reached = await announce(charged, users, languageCode, await profiles);
      // A user in a call waits in no queue (the pair's tickets were claimed; this removes one
      // made again meanwhile), done once both know of the call.
      await broker.cancelAll(users);
      // A user the announcement did not reach has no socket: the grace starts now. One who
      // drops later gets it from the socket's close (or the presence check).
      const session = live.get(charged.sessionId);
      users.forEach((userId, index) => {
        if (session && !reached[index]) startGrace(session, userId);
      });
      return charged;
    },

    async isInSession(userId) {
      // The database, not this instance's memory: the call may have ended on another instance.
      return (await repo.findOpenForUser(userId)) !== undefined;
    },

    partnerOf(userId) {
      const session = liveOf(userId);
      if (!session) return null;
      return session.users[0] === userId ? session.users[1] : session.users[0];
    },

    end,

    async endByUser(userId, reason) {
      const session = liveOf(userId);
      if (!session) return false;
      await end(session.id, reason, userId);
      return true;
    },

    async mediaConnected(userId) {
      const session = liveOf(userId);
      if (!session) return false;
      if (session.media.has(userId)) return true;
      session.media.add(userId);
      // The two sides may report to different instances: the count is the broker's.
      const { count } = await broker.hit(`media:${session.id}`, SESSION_LENGTH_MS * 2);
      if (count >= 2 && !session.started) {
        session.started = true;
        await repo.markStarted(session.id, clock.now());
      }
      return true;
    },

    async recordQuality(userId, quality) {
      const session = liveOf(userId);
      if (!session) return false;
      await repo.saveQuality(session.id, quality);
      return true;
    },

    async setConnectionType(userId, sessionId, type) {
      const updated =
        UUID.test(sessionId) && (await repo.setConnectionType(sessionId, userId, type));
      if (!updated) throw new NotFoundError('Session not found');
    },

    socketOpened(userId) {
      const session = liveOf(userId);
      const cancel = session?.grace.get(userId);
      if (session && cancel) {
        cancel();
        session.grace.delete(userId);
      }
      // Back after a drop, maybe on another instance than before: what this instance knows of
      // the user's call is checked against the database, and a call made elsewhere is taken up.
      void resync(userId).catch((error: unknown) => {
        log.warn({ err: error, userId }, 'reading the call of a reconnected user failed');
      });
    },

    observe(userId, message) {
      if (message.type === 'session_created') {
        const { session, peerProfile, initiator, endsAt } = message.payload;
        if (live.has(session.id)) return;
        const users: [string, string] = initiator
          ? [userId, peerProfile.id]
          : [peerProfile.id, userId];
        register(session.id, users, new Date(Date.parse(endsAt) - SESSION_LENGTH_MS));
      } else if (message.type === 'session_ended') {
        const session = live.get(message.payload.sessionId);
        if (session) unregister(session);
      }
    },

    socketClosed(userId) {
      const session = liveOf(userId);
      if (session) startGrace(session, userId);
    },

    async recover() {
      const now = clock.now();
      const closed = await endOverdue(new Date(now.getTime() - SESSION_LENGTH_MS), 'system_ended');
      if (closed > 0) log.info({ sessions: closed }, 'closed sessions left open');
      for (const row of await repo.listOpen()) {
        if (!row.user1Id || !row.user2Id || live.has(row.id)) continue;
        const session = register(row.id, [row.user1Id, row.user2Id], row.createdAt);
        for (const userId of session.users) {
          if (!(await broker.isOnline(userId))) startGrace(session, userId);
        }
      }
    },

    async sweepOverdue() {
      const before = clock.now().getTime() - SESSION_LENGTH_MS - OVERDUE_MARGIN_MS;
      const ended = await endOverdue(new Date(before), 'time_limit_reached');
      if (ended > 0) log.warn({ sessions: ended }, 'ended calls left open past their end');
      return ended;
    },

    async checkPresence() {
      const sessions = [...live.values()];
      const users = sessions.flatMap((session) => session.users);
      if (users.length === 0) return;
      // One round trip for every participant, however many calls this instance keeps.
      const online = new Set(await broker.onlineAmong(users));
      for (const session of sessions) {
        for (const userId of session.users) {
          if (online.has(userId) || session.grace.has(userId) || !live.has(session.id)) continue;
          startGrace(session, userId);
        }
      }
    },

    activeCount: () => live.size,
  };
}
