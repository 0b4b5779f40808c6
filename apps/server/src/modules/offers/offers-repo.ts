import { and, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { NO_ROW_ID, preparedQuery } from '../../db/prepared.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { OFFER_RECORD_STATUSES } from '../../db/tables/sessions.ts';
import { matchExclusions } from '../../db/tables/moderation.ts';
import { sessionOffers } from '../../db/tables/sessions.ts';
import { users } from '../../db/tables/users.ts';

export type OfferRecordStatus = (typeof OFFER_RECORD_STATUSES)[number];

export interface OfferRow {
  id: string;
  type: 'continuation';
  fromUserId: string;
  toUserId: string;
  languageCode: string;
  status: OfferRecordStatus;
  expiresAt: Date;
}

export interface NewOffer {
  fromUserId: string;
  toUserId: string;
  languageCode: string;
  previousSessionId: string;
  now: Date;
  expiresAt: Date;
}

const columns = {
  id: sessionOffers.id,
  type: sessionOffers.type,
  fromUserId: sessionOffers.fromUserId,
  toUserId: sessionOffers.toUserId,
  languageCode: sessionOffers.languageCode,
  status: sessionOffers.status,
  expiresAt: sessionOffers.expiresAt,
};

export interface OffersRepo {
  /** Undefined when an offer between the two is already pending (either direction). */
  create(offer: NewOffer): Promise<OfferRow | undefined>;
  find(offerId: string): Promise<OfferRow | undefined>;
  /** Moves the offer from `from` to `to`; undefined when it was not in `from` any more. */
  transition(
    offerId: string,
    from: OfferRecordStatus,
    to: OfferRecordStatus,
    now: Date,
  ): Promise<OfferRow | undefined>;
  setCreatedSession(offerId: string, sessionId: string): Promise<void>;
  /** Marks the pair's pending offers whose time passed as expired (after a restart, say). */
  expireStale(userA: string, userB: string, now: Date): Promise<void>;
  /** Withdraws every pending offer between the two (either direction); the ones it withdrew. */
  cancelPendingBetween(userA: string, userB: string, now: Date): Promise<OfferRow[]>;
  /** Pending offers to the user whose time has not run out yet. */
  pendingTo(userId: string, now: Date): Promise<OfferRow[]>;
  /**
   * What keeps two users from another call together: a match exclusion between them (a report),
   * and which of them is held out of matching by an escalation.
   */
  safetyBetween(userA: string, userB: string): Promise<{ excluded: boolean; escalated: string[] }>;
}

/** Read on every socket connection (offers made while it was away): built once, prepared. */
const pendingOffersTo = preparedQuery<
  {
    id: string;
    type: OfferRow['type'];
    from_user_id: string;
    to_user_id: string;
    language_code: string;
    status: OfferRecordStatus;
    expires_at: Date | string;
  },
  'userId' | 'now'
>(
  'parlo_pending_offers_to',
  (param) => sql`select id, type, from_user_id, to_user_id, language_code, status, expires_at
    from session_offers
    where to_user_id = ${param('userId')}::uuid and status = 'pending'
      and expires_at > ${param('now')}::timestamptz`,
  { warm: { userId: NO_ROW_ID, now: new Date(0) } },
);

export function createOffersRepo(db: Database): OffersRepo {
  const between = (a: string, b: string) =>
    or(
      and(eq(sessionOffers.fromUserId, a), eq(sessionOffers.toUserId, b)),
      and(eq(sessionOffers.fromUserId, b), eq(sessionOffers.toUserId, a)),
    );

  return {
    async safetyBetween(userA, userB) {
      const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
      const [exclusions, escalated] = await Promise.all([
        db
          .select({ low: matchExclusions.userLowId })
          .from(matchExclusions)
          .where(and(eq(matchExclusions.userLowId, low), eq(matchExclusions.userHighId, high))),
        db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, [userA, userB]), isNotNull(users.escalatedAt))),
      ]);
      return { excluded: exclusions.length > 0, escalated: escalated.map((row) => row.id) };
    },

    async create(offer) {
      return db.transaction(async (tx) => {
        const [pending] = await tx
          .select({ id: sessionOffers.id })
          .from(sessionOffers)
          .where(
            and(between(offer.fromUserId, offer.toUserId), eq(sessionOffers.status, 'pending')),
          )
          .limit(1);
        if (pending) return undefined;
        try {
          const [row] = await tx
            .insert(sessionOffers)
            .values({
              fromUserId: offer.fromUserId,
              toUserId: offer.toUserId,
              languageCode: offer.languageCode,
              previousSessionId: offer.previousSessionId,
              createdAt: offer.now,
              expiresAt: offer.expiresAt,
            })
            .returning(columns);
          return row;
        } catch (error) {
          if (isUniqueViolation(error)) return undefined;
          throw error;
        }
      });
    },
    async find(offerId) {
      const [row] = await db
        .select(columns)
        .from(sessionOffers)
        .where(eq(sessionOffers.id, offerId))
        .limit(1);
      return row;
    },
    async transition(offerId, from, to, now) {
      const [row] = await db
        .update(sessionOffers)
        .set({ status: to, respondedAt: now })
        .where(and(eq(sessionOffers.id, offerId), eq(sessionOffers.status, from)))
        .returning(columns);
      return row;
    },
    async setCreatedSession(offerId, sessionId) {
      await db
        .update(sessionOffers)
        .set({ createdSessionId: sessionId })
        .where(eq(sessionOffers.id, offerId));
    },
    cancelPendingBetween(userA, userB, now) {
      return db
        .update(sessionOffers)
        .set({ status: 'cancelled', respondedAt: now })
        .where(and(between(userA, userB), eq(sessionOffers.status, 'pending')))
        .returning(columns);
    },
    async pendingTo(userId, now) {
      const rows = await pendingOffersTo(db, { userId, now: now.toISOString() });
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        fromUserId: row.from_user_id,
        toUserId: row.to_user_id,
        languageCode: row.language_code,
        status: row.status,
        expiresAt: new Date(row.expires_at),
      }));
    },
    async expireStale(userA, userB, now) {
      await db
        .update(sessionOffers)
        .set({ status: 'expired', respondedAt: now })
        .where(
          and(
            between(userA, userB),
            eq(sessionOffers.status, 'pending'),
            lte(sessionOffers.expiresAt, now),
          ),
        );
    },
  };
}
