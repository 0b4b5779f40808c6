import type { ConnectionType, ProficiencyLevel, SessionEndReason } from '@parlo/contract/constants';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { sessions, type SessionQualitySummary } from '../../db/tables/sessions.ts';
import { profiles, userLanguages, users } from '../../db/tables/users.ts';
import { isRefundable, refundSessionCharges } from '../tokens/session-refund-repo.ts';
import { lockUsers } from '../tokens/token-ledger-repo.ts';

export interface OpenSessionRow {
  id: string;
  user1Id: string | null;
  user2Id: string | null;
  languageCode: string;
  createdAt: Date;
}

export interface LastSessionRow extends OpenSessionRow {
  endedAt: Date | null;
  endReason: SessionEndReason | null;
}

export interface PeerProfileRow {
  userId: string;
  name: string;
  country: string;
  imageUrl: string | null;
  level: ProficiencyLevel | null;
}

/** The sessions of calls in progress: what the lifecycle writes while a call runs. */
export interface LiveSessionsRepo {
  /** Sessions not ended yet, oldest first. */
  listOpen(): Promise<OpenSessionRow[]>;
  /** The user's call in progress, if any (read on every socket connection). */
  findOpenForUser(userId: string): Promise<OpenSessionRow | undefined>;
  /** The user's most recent session, ended or not. */
  findLastForUser(userId: string): Promise<LastSessionRow | undefined>;
  /**
   * Ends the session unless it already ended; its participants when this call ended it, and
   * whether their tokens came back (a failed call, written in the same transaction).
   */
  end(
    sessionId: string,
    reason: SessionEndReason,
    endedBy: string | null,
    now: Date,
  ): Promise<EndedSession | null>;
  /** Closes every session opened before `before` (left behind by a stopped process). */
  /** Ends every open session made before `before`; answers them with their participants. */
  endOpenedBefore(before: Date, reason: SessionEndReason, now: Date): Promise<EndedSessionRow[]>;
  markStarted(sessionId: string, now: Date): Promise<void>;
  saveQuality(sessionId: string, quality: SessionQualitySummary): Promise<void>;
  /** False when the user did not take part in the session. */
  setConnectionType(sessionId: string, userId: string, type: ConnectionType): Promise<boolean>;
  peerProfiles(userIds: string[], languageCode: string): Promise<PeerProfileRow[]>;
}

export interface EndedSession {
  participants: string[];
  refunded: boolean;
}

export interface EndedSessionRow {
  id: string;
  user1Id: string | null;
  user2Id: string | null;
}

const openColumns = {
  id: sessions.id,
  user1Id: sessions.user1Id,
  user2Id: sessions.user2Id,
  languageCode: sessions.languageCode,
  createdAt: sessions.createdAt,
};

/**
 * The user's open call, read on every socket connection (a reconnect storm after a deploy reads
 * it for every user at once): a prepared statement, one probe per side of the pair (with
 * `user1_id = $1 or user2_id = $1` PostgreSQL scans every open call; inOpenSession in
 * token-state-query.ts). Built with drizzle on every call, this read and the pending offers'
 * (offers-repo.ts) allocated about 100 KB per connection; prepared, a connection costs the server
 * 610-830 µs of CPU instead of 1,040-1,110 and PostgreSQL 280-430 instead of 720-730
 * (bench/socket-connect.mjs, warm rounds).
 */
const openSessionOf = preparedQuery<
  {
    id: string;
    user1_id: string | null;
    user2_id: string | null;
    language_code: string;
    created_at: Date | string;
  },
  'userId'
>(
  'parlo_open_session_of',
  (param) => sql`select * from (
      (select id, user1_id, user2_id, language_code, created_at from sessions
        where ended_at is null and user1_id = ${param('userId')}::uuid)
      union all
      (select id, user1_id, user2_id, language_code, created_at from sessions
        where ended_at is null and user2_id = ${param('userId')}::uuid)
    ) open order by created_at desc limit 1`,
);

export function createLiveSessionsRepo(db: Database): LiveSessionsRepo {
  return {
    listOpen() {
      return db
        .select(openColumns)
        .from(sessions)
        .where(isNull(sessions.endedAt))
        .orderBy(sessions.createdAt);
    },
    async findOpenForUser(userId) {
      const [row] = await openSessionOf(db, { userId });
      return (
        row && {
          id: row.id,
          user1Id: row.user1_id,
          user2Id: row.user2_id,
          languageCode: row.language_code,
          createdAt: new Date(row.created_at),
        }
      );
    },
    async findLastForUser(userId) {
      // The newer of each side's newest session, each read from its (user, created_at) index:
      // with `user1_id = $1 or user2_id = $1` every session the user ever had was read and sorted.
      const side = (column: typeof sessions.user1Id | typeof sessions.user2Id) =>
        db
          .select({ ...openColumns, endedAt: sessions.endedAt, endReason: sessions.endReason })
          .from(sessions)
          .where(eq(column, userId))
          .orderBy(desc(sessions.createdAt), desc(sessions.id))
          .limit(1);
      const rows = await side(sessions.user1Id).unionAll(side(sessions.user2Id));
      const newerFirst = (a: LastSessionRow, b: LastSessionRow) =>
        b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
      return rows.sort(newerFirst)[0];
    },
    async end(sessionId, reason, endedBy, now) {
      const ending = { endedAt: now, endReason: reason, endedBy };
      const open = and(eq(sessions.id, sessionId), isNull(sessions.endedAt));
      const participantsOf = (row: { user1Id: string | null; user2Id: string | null }) =>
        [row.user1Id, row.user2Id].filter((id): id is string => id !== null);
      if (reason !== 'connection_issue') {
        const [row] = await db
          .update(sessions)
          .set(ending)
          .where(open)
          .returning({ user1Id: sessions.user1Id, user2Id: sessions.user2Id });
        return row ? { participants: participantsOf(row), refunded: false } : null;
      }
      return db.transaction(async (tx) => {
        // The users' rows first, as every token change takes them (then the session's): a refund
        // waits for a charge of the same user in flight, and the lock order never inverts.
        const [known] = await tx
          .select({ user1Id: sessions.user1Id, user2Id: sessions.user2Id })
          .from(sessions)
          .where(open);
        if (!known) return null;
        await lockUsers(tx, participantsOf(known));
        const [row] = await tx.update(sessions).set(ending).where(open).returning({
          user1Id: sessions.user1Id,
          user2Id: sessions.user2Id,
          createdAt: sessions.createdAt,
          startedAt: sessions.startedAt,
        });
        if (!row) return null;
        const facts = {
          sessionId,
          createdAt: row.createdAt,
          startedAt: row.startedAt,
          endedAt: now,
        };
        const refunded = isRefundable(facts) && (await refundSessionCharges(tx, facts, now));
        return { participants: participantsOf(row), refunded };
      });
    },
    async endOpenedBefore(before, reason, now) {
      const rows = await db
        .update(sessions)
        .set({ endedAt: now, endReason: reason })
        .where(and(isNull(sessions.endedAt), lt(sessions.createdAt, before)))
        .returning({ id: sessions.id, user1Id: sessions.user1Id, user2Id: sessions.user2Id });
      return rows;
    },
    async markStarted(sessionId, now) {
      await db
        .update(sessions)
        .set({ startedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.startedAt)));
    },
    async saveQuality(sessionId, quality) {
      await db.update(sessions).set({ quality }).where(eq(sessions.id, sessionId));
    },
    async setConnectionType(sessionId, userId, type) {
      const rows = await db
        .update(sessions)
        .set({ connectionType: type })
        .where(
          and(
            eq(sessions.id, sessionId),
            or(eq(sessions.user1Id, userId), eq(sessions.user2Id, userId)),
          ),
        )
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
    async peerProfiles(userIds, languageCode) {
      return db
        .select({
          userId: profiles.userId,
          name: profiles.name,
          country: profiles.country,
          imageUrl: sql<string | null>`coalesce(${profiles.imageUrl}, ${users.imageUrl})`,
          level: userLanguages.proficiencyLevel,
        })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .leftJoin(
          userLanguages,
          and(
            eq(userLanguages.userId, profiles.userId),
            eq(userLanguages.languageCode, languageCode),
          ),
        )
        .where(inArray(profiles.userId, userIds));
    },
  };
}
