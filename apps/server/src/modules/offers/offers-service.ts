import { isContinuableEnd, OFFER_STATUSES, type OfferStatus } from '@parlo/contract/constants';
import { ERROR_CODES } from '@parlo/contract/errors';
import type { OfferCreateBody } from '@parlo/contract/match';
import type { OfferCloseReason } from '@parlo/contract/constants';
import type { PeerProfile, ServerMessage, SessionOffer } from '@parlo/contract/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Broker } from '../../broker/broker.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
} from '../../lib/errors.ts';
import type { AuthenticatedUser } from '../users/account-check.ts';
import type { Scheduler } from '../../lib/scheduler.ts';
import type { LiveSessionsRepo } from '../sessions/live-sessions-repo.ts';
import {
  AlreadyInSessionError,
  peerProfileOf,
  type SessionLifecycle,
} from '../sessions/session-lifecycle.ts';
import { InsufficientTokensError, NO_TOKENS_MESSAGE } from '../tokens/token-rules.ts';
import type { OfferRow, OffersRepo } from './offers-repo.ts';

/** An offer to continue may be made this long after the call ended. */
export const OFFER_WINDOW_MS = 5 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export interface OffersService {
  create(user: AuthenticatedUser, body: OfferCreateBody): Promise<SessionOffer>;
  accept(userId: string, offerId: string): Promise<void>;
  decline(userId: string, offerId: string): Promise<void>;
  cancel(userId: string, offerId: string): Promise<void>;
  /**
   * A report between the two: their pending offers are withdrawn, and both are told that
   * continuing is no longer possible (the offer disappears wherever they are).
   */
  closeBetween(userA: string, userB: string): Promise<void>;
  /** A socket (re)opened: offers waiting for the user's answer reach it again. */
  redeliver(userId: string): Promise<void>;
}

export interface OffersServiceDeps {
  offersRepo: OffersRepo;
  liveSessionsRepo: Pick<LiveSessionsRepo, 'findLastForUser' | 'peerProfiles'>;
  lifecycle: Pick<SessionLifecycle, 'start' | 'isInSession'>;
  broker: Pick<Broker, 'deliver' | 'ticketOf'>;
  clock: Clock;
  scheduler: Scheduler;
  offerTtlMs: number;
  log: FastifyBaseLogger;
}

export function toSessionOffer(row: OfferRow): SessionOffer {
  const status: OfferStatus = (OFFER_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as OfferStatus)
    : row.status === 'expired'
      ? 'cancelled'
      : 'pending';
  return {
    id: row.id,
    type: row.type,
    fromUserId: row.fromUserId,
    toUserId: row.toUserId,
    status,
    peerId: row.fromUserId,
    languageCode: row.languageCode,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Continue-with-partner offers (spec §4): only toward the partner of one's last call, after the
 * reasons the clients offer it for, within a few minutes; a pending offer expires after its TTL
 * and both sides are then told `session_offer_cancelled`.
 */
export function createOffersService(deps: OffersServiceDeps): OffersService {
  const { offersRepo, clock, log } = deps;
  const expiryTimers = new Map<string, () => void>();

  const send = (userId: string, message: ServerMessage) =>
    deps.broker.deliver(userId, message).catch((error: unknown) => {
      log.warn({ err: error, userId }, 'socket delivery failed');
    });

  function stopTimer(offerId: string) {
    expiryTimers.get(offerId)?.();
    expiryTimers.delete(offerId);
  }

  const closed = (offerId: string, reason: OfferCloseReason): ServerMessage => ({
    type: 'session_offer_cancelled',
    payload: { offerId, reason },
  });

  async function expire(offerId: string) {
    stopTimer(offerId);
    const row = await offersRepo.transition(offerId, 'pending', 'expired', clock.now());
    if (!row) return;
    // The sender learns that the offer lapsed unanswered, not that someone withdrew it.
    for (const userId of [row.fromUserId, row.toUserId])
      await send(userId, closed(offerId, 'expired'));
  }

  /** The sender as the receiver met them, so the receiver's app can name them on any page. */
  async function senderProfile(row: OfferRow): Promise<PeerProfile> {
    const [profile] = await deps.liveSessionsRepo.peerProfiles([row.fromUserId], row.languageCode);
    return peerProfileOf(profile, row.fromUserId);
  }

  async function deliverOffer(row: OfferRow) {
    const message: ServerMessage = {
      type: 'session_offer_received',
      payload: { offer: toSessionOffer(row), from: await senderProfile(row) },
    };
    await send(row.toUserId, message);
  }

  async function pendingOffer(offerId: string, allowed: (row: OfferRow) => boolean) {
    const row = UUID.test(offerId) ? await offersRepo.find(offerId) : undefined;
    if (!row || !allowed(row)) throw new NotFoundError('Offer not found');
    if (row.status === 'pending' && row.expiresAt <= clock.now()) {
      await expire(row.id);
      throw new ConflictError('The offer has expired');
    }
    if (row.status !== 'pending') throw new ConflictError('The offer is no longer pending');
    return row;
  }

  async function respond(row: OfferRow, to: 'accepted' | 'declined' | 'cancelled') {
    const moved = await offersRepo.transition(row.id, 'pending', to, clock.now());
    if (!moved) throw new ConflictError('The offer is no longer pending');
    stopTimer(row.id);
    return moved;
  }

  async function failAccepted(row: OfferRow, code: number, message: string) {
    await offersRepo.transition(row.id, 'accepted', 'failed', clock.now());
    for (const userId of [row.fromUserId, row.toUserId]) {
      await send(userId, { type: 'error', payload: { code, message, offerId: row.id } });
    }
  }

  /**
   * The safety rules of matching hold for continuing too: never again with someone either side
   * reported (match_exclusions), and nobody held out of matching by an escalation.
   */
  async function assertMayMeetAgain(userId: string, peerId: string) {
    const { excluded, escalated } = await offersRepo.safetyBetween(userId, peerId);
    if (escalated.includes(userId)) {
      throw new ForbiddenError(
        'Your account is under review; you cannot start a call until it is done',
        ERROR_CODES.underReview,
      );
    }
    if (excluded) {
      throw new ConflictError('This session cannot be continued', ERROR_CODES.pairExcluded);
    }
    if (escalated.includes(peerId)) throw new ConflictError('This session cannot be continued');
  }

  return {
    async create(user, { peerId, languageCode }) {
      const now = clock.now();
      const last = await deps.liveSessionsRepo.findLastForUser(user.id);
      const partnerId = last && (last.user1Id === user.id ? last.user2Id : last.user1Id);
      if (!last || !partnerId || partnerId !== peerId) {
        throw new NotFoundError('You can only continue with the partner of your last session');
      }
      if (!last.endedAt) throw new AlreadyInSessionError([user.id]);
      if (!isContinuableEnd(last.endReason)) {
        throw new ConflictError('This session cannot be continued');
      }
      if (now.getTime() - last.endedAt.getTime() > OFFER_WINDOW_MS) {
        throw new ConflictError('It is too late to continue this session');
      }
      if (languageCode !== last.languageCode) {
        throw new BadRequestError('languageCode must be the language of your last session');
      }
      const peerLast = await deps.liveSessionsRepo.findLastForUser(peerId);
      if (peerLast?.id !== last.id) throw new ConflictError('Your partner has moved on');
      await assertMayMeetAgain(user.id, peerId);
      if (await deps.lifecycle.isInSession(user.id)) throw new AlreadyInSessionError([user.id]);

      await offersRepo.expireStale(user.id, peerId, now);
      const row = await offersRepo.create({
        fromUserId: user.id,
        toUserId: peerId,
        languageCode,
        previousSessionId: last.id,
        now,
        expiresAt: new Date(now.getTime() + deps.offerTtlMs),
      });
      if (!row) throw new ConflictError('An offer between you is already pending');
      expiryTimers.set(
        row.id,
        deps.scheduler.after(deps.offerTtlMs, () => {
          expire(row.id).catch((error: unknown) =>
            log.error({ err: error }, 'offer expiry failed'),
          );
        }),
      );
      await deliverOffer(row);
      return toSessionOffer(row);
    },

    async accept(userId, offerId) {
      const row = await pendingOffer(offerId, (offer) => offer.toUserId === userId);
      // A report or an escalation may have come since the offer was made.
      await assertMayMeetAgain(userId, row.fromUserId);
      // Spec §4: a search runs until it matches, times out or is cancelled; an offer does not
      // take the searcher out of it behind their back.
      if (await deps.broker.ticketOf(userId)) {
        throw new ConflictError('Stop searching before accepting an offer', ERROR_CODES.searching);
      }
      await respond(row, 'accepted');
      try {
        const session = await deps.lifecycle.start({
          user1Id: row.fromUserId,
          user2Id: row.toUserId,
          languageCode: row.languageCode,
        });
        await offersRepo.setCreatedSession(row.id, session.sessionId);
      } catch (error) {
        if (error instanceof InsufficientTokensError) {
          await failAccepted(row, ERROR_CODES.sessionsLimitReached, NO_TOKENS_MESSAGE);
          throw new RateLimitedError(NO_TOKENS_MESSAGE, ERROR_CODES.sessionsLimitReached);
        }
        if (error instanceof AlreadyInSessionError) {
          await failAccepted(row, ERROR_CODES.alreadyInCall, error.message);
        } else {
          await offersRepo.transition(row.id, 'accepted', 'error', clock.now());
        }
        throw error;
      }
    },

    async decline(userId, offerId) {
      const row = await respond(
        await pendingOffer(offerId, (offer) => offer.toUserId === userId),
        'declined',
      );
      await send(row.fromUserId, { type: 'session_offer_declined', payload: { offerId: row.id } });
    },

    async cancel(userId, offerId) {
      const row = await respond(
        await pendingOffer(offerId, (offer) => offer.fromUserId === userId),
        'cancelled',
      );
      await send(row.toUserId, closed(row.id, 'cancelled'));
    },

    async closeBetween(userA, userB) {
      const withdrawn = await offersRepo.cancelPendingBetween(userA, userB, clock.now());
      for (const row of withdrawn) {
        stopTimer(row.id);
        for (const userId of [row.fromUserId, row.toUserId]) {
          await send(userId, closed(row.id, 'cancelled'));
        }
      }
      await send(userA, { type: 'session_offer_unavailable', payload: { peerId: userB } });
      await send(userB, { type: 'session_offer_unavailable', payload: { peerId: userA } });
    },

    async redeliver(userId) {
      for (const row of await offersRepo.pendingTo(userId, clock.now())) await deliverOffer(row);
    },
  };
}
