import type { ConnectionType, ProficiencyLevel, SessionEndReason } from '@parlo/contract/constants';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, type SessionQualitySummary } from '../../db/tables/sessions.ts';
import { profiles, userLanguages, users } from '../../db/tables/users.ts';

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
  findOpenForUsers(userIds: string[]): Promise<OpenSessionRow[]>;
  /** The user's most recent session, ended or not. */
  findLastForUser(userId: string): Promise<LastSessionRow | undefined>;
  /** Ends the session unless it already ended; its participants when this call ended it. */
  end(
    sessionId: string,
    reason: SessionEndReason,
    endedBy: string | null,
    now: Date,
  ): Promise<string[] | null>;
  /** Closes every session opened before `before` (left behind by a stopped process). */
  /** Ends every open session made before `before`; answers them with their participants. */
  endOpenedBefore(before: Date, reason: SessionEndReason, now: Date): Promise<EndedSessionRow[]>;
  markStarted(sessionId: string, now: Date): Promise<void>;
  saveQuality(sessionId: string, quality: SessionQualitySummary): Promise<void>;
  /** False when the user did not take part in the session. */
  setConnectionType(sessionId: string, userId: string, type: ConnectionType): Promise<boolean>;
  peerProfiles(userIds: string[], languageCode: string): Promise<PeerProfileRow[]>;
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

export function createLiveSessionsRepo(db: Database): LiveSessionsRepo {
  return {
    listOpen() {
      return db
        .select(openColumns)
        .from(sessions)
        .where(isNull(sessions.endedAt))
        .orderBy(sessions.createdAt);
    },
    findOpenForUsers(userIds) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .select(openColumns)
        .from(sessions)
        .where(
          and(
            isNull(sessions.endedAt),
            or(inArray(sessions.user1Id, userIds), inArray(sessions.user2Id, userIds)),
          ),
        );
    },
    async findLastForUser(userId) {
      const [row] = await db
        .select({ ...openColumns, endedAt: sessions.endedAt, endReason: sessions.endReason })
        .from(sessions)
        .where(or(eq(sessions.user1Id, userId), eq(sessions.user2Id, userId)))
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .limit(1);
      return row;
    },
    async end(sessionId, reason, endedBy, now) {
      const rows = await db
        .update(sessions)
        .set({ endedAt: now, endReason: reason, endedBy })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
        .returning({ user1Id: sessions.user1Id, user2Id: sessions.user2Id });
      const [row] = rows;
      return row ? [row.user1Id, row.user2Id].filter((id): id is string => id !== null) : null;
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
