import type { FrameFlagCategory, FrameFlagSide } from '@parlo/contract/frame-flags';
import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  max,
  ne,
  notExists,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { moderationActions, reports } from '../../db/tables/moderation.ts';
import { frameFlags, userSafetySettings } from '../../db/tables/safety.ts';
import { profiles, users } from '../../db/tables/users.ts';
import { findSessionPair, type SessionPairRow } from '../sessions/session-pair.ts';
import { lockUsers } from '../tokens/token-ledger-repo.ts';

export type FlaggedSessionRow = SessionPairRow;

export interface NewFrameFlag {
  sessionId: string;
  reporterId: string;
  subjectUserId: string;
  side: FrameFlagSide;
  category: FrameFlagCategory;
  score: number;
  frameCount: number;
  now: Date;
  escalation: {
    /** Distinct partners whose incoming flags escalate the subject... */
    distinctPartners: number;
    /** ...with flags made since this instant (and since a moderator last acted on the user). */
    since: Date;
  };
}

export type CreateFrameFlagResult =
  | { outcome: 'created'; flag: { id: string; createdAt: Date }; escalated: boolean }
  | { outcome: 'duplicate' };

export interface FrameFlagRow {
  id: string;
  sessionId: string | null;
  side: FrameFlagSide;
  category: FrameFlagCategory;
  score: number;
  frameCount: number;
  reportId: string | null;
  createdAt: Date;
}

export interface HeldUserRow {
  userId: string;
  name: string | null;
  escalatedAt: Date;
  flags: number;
  distinctPartners: number;
  topScore: number;
  lastFlagAt: Date;
}

export interface FrameFlagsRepo {
  findSession(sessionId: string): Promise<FlaggedSessionRow | undefined>;
  /**
   * In one transaction: the flag and, for an incoming flag that brings the subject to
   * `escalation.distinctPartners` distinct partners, their escalation (users.escalated_at and an
   * 'escalate' row in moderation_actions). A second flag of the same side and session from the
   * same reporter writes nothing.
   */
  create(flag: NewFrameFlag): Promise<CreateFrameFlagResult>;
  /** Flags about `userId`, newest first, at most `limit`; and the incoming counts since `since`. */
  listAbout(
    userId: string,
    since: Date,
    limit: number,
  ): Promise<{ flags: FrameFlagRow[]; total: number; recent: number; recentPartners: number }>;
  /**
   * Users held for review (escalated) whom partners flagged and no open report names, newest
   * escalation first: the ones the report queue cannot show.
   */
  listHeldWithoutReports(limit: number): Promise<HeldUserRow[]>;
  findRevealTogether(userId: string): Promise<boolean | null>;
  saveRevealTogether(userId: string, revealTogether: boolean, now: Date): Promise<void>;
}

export function createFrameFlagsRepo(db: Database): FrameFlagsRepo {
  return {
    findSession: (sessionId) => findSessionPair(db, sessionId),

    async create(flag) {
      try {
        return await db.transaction(async (tx): Promise<CreateFrameFlagResult> => {
          // The subject's row serialises escalation counts, as reports do (ids in order).
          await lockUsers(tx, [flag.reporterId, flag.subjectUserId]);
          const [created] = await tx
            .insert(frameFlags)
            .values({
              sessionId: flag.sessionId,
              reporterId: flag.reporterId,
              subjectUserId: flag.subjectUserId,
              side: flag.side,
              category: flag.category,
              score: flag.score,
              frameCount: flag.frameCount,
              createdAt: flag.now,
            })
            .onConflictDoNothing()
            .returning({ id: frameFlags.id, createdAt: frameFlags.createdAt });
          if (!created) return { outcome: 'duplicate' };
          const escalated = flag.side === 'incoming' && (await escalateIfDue(tx, flag));
          return { outcome: 'created', flag: created, escalated };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'frame_flags_reporter_session_side_key')) {
          return { outcome: 'duplicate' };
        }
        throw error;
      }
    },

    async listAbout(userId, since, limit) {
      const about = eq(frameFlags.subjectUserId, userId);
      const fromPartners = and(about, eq(frameFlags.side, 'incoming'));
      const [flags, [total], [recent]] = await Promise.all([
        db
          .select({
            id: frameFlags.id,
            sessionId: frameFlags.sessionId,
            side: frameFlags.side,
            category: frameFlags.category,
            score: frameFlags.score,
            frameCount: frameFlags.frameCount,
            reportId: frameFlags.reportId,
            createdAt: frameFlags.createdAt,
          })
          .from(frameFlags)
          .where(about)
          .orderBy(desc(frameFlags.createdAt), desc(frameFlags.id))
          .limit(limit),
        db.select({ n: count() }).from(frameFlags).where(fromPartners),
        db
          .select({ n: count(), partners: countDistinct(frameFlags.reporterId) })
          .from(frameFlags)
          .where(and(fromPartners, gt(frameFlags.createdAt, since))),
      ]);
      return {
        flags,
        total: total?.n ?? 0,
        recent: recent?.n ?? 0,
        recentPartners: recent?.partners ?? 0,
      };
    },

    async listHeldWithoutReports(limit) {
      const openReport = db
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.reportedUserId, users.id), eq(reports.status, 'open')));
      const rows = await db
        .select({
          userId: users.id,
          name: profiles.name,
          escalatedAt: users.escalatedAt,
          flags: count(frameFlags.id),
          distinctPartners: countDistinct(frameFlags.reporterId),
          topScore: max(frameFlags.score),
          lastFlagAt: max(frameFlags.createdAt),
        })
        .from(users)
        .innerJoin(
          frameFlags,
          and(eq(frameFlags.subjectUserId, users.id), eq(frameFlags.side, 'incoming')),
        )
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(and(isNotNull(users.escalatedAt), notExists(openReport)))
        .groupBy(users.id, users.escalatedAt, profiles.name)
        .orderBy(desc(users.escalatedAt), desc(users.id))
        .limit(limit);
      return rows.map((row) => ({
        userId: row.userId,
        name: row.name,
        escalatedAt: row.escalatedAt!,
        flags: row.flags,
        distinctPartners: row.distinctPartners,
        topScore: row.topScore ?? 0,
        lastFlagAt: row.lastFlagAt!,
      }));
    },

    async findRevealTogether(userId) {
      const [row] = await db
        .select({ revealTogether: userSafetySettings.revealTogether })
        .from(userSafetySettings)
        .where(eq(userSafetySettings.userId, userId))
        .limit(1);
      return row?.revealTogether ?? null;
    },

    async saveRevealTogether(userId, revealTogether, now) {
      await db
        .insert(userSafetySettings)
        .values({ userId, revealTogether, updatedAt: now })
        .onConflictDoUpdate({
          target: userSafetySettings.userId,
          set: { revealTogether, updatedAt: now },
        });
    },
  };
}

/**
 * Escalates the subject when distinct partners flagging them since `escalation.since` reach the
 * threshold. Flags a moderator has already seen (made before their last action on the user) do
 * not count again, as with reports. Outgoing flags (the user's own camera) never count.
 */
async function escalateIfDue(tx: Database, flag: NewFrameFlag) {
  const userId = flag.subjectUserId;
  const [reviewed] = await tx
    .select({ at: max(moderationActions.createdAt) })
    .from(moderationActions)
    .where(and(eq(moderationActions.userId, userId), ne(moderationActions.action, 'escalate')));
  const lastReview = reviewed?.at ?? null;
  const since =
    lastReview && lastReview > flag.escalation.since ? lastReview : flag.escalation.since;
  const [partners] = await tx
    .select({ n: countDistinct(frameFlags.reporterId) })
    .from(frameFlags)
    .where(
      and(
        eq(frameFlags.subjectUserId, userId),
        eq(frameFlags.side, 'incoming'),
        gt(frameFlags.createdAt, since),
      ),
    );
  if ((partners?.n ?? 0) < flag.escalation.distinctPartners) return false;

  const updated = await tx
    .update(users)
    .set({ escalatedAt: flag.now })
    .where(and(eq(users.id, userId), isNull(users.escalatedAt)))
    .returning({ id: users.id });
  if (updated.length === 0) return false;
  await tx.insert(moderationActions).values({
    userId,
    moderatorId: null,
    reportId: null,
    action: 'escalate',
    reason: `frame guard flags from ${partners!.n} partners`,
    createdAt: flag.now,
  });
  return true;
}
