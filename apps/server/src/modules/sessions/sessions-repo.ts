import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/tables/sessions.ts';
import { profiles, users } from '../../db/tables/users.ts';

export interface ParticipantRow {
  id: string | null;
  username: string | null;
  deletedAt: Date | null;
  name: string | null;
  country: string | null;
  imageUrl: string | null;
  profileImageUrl: string | null;
}

export interface SessionRow {
  id: string;
  languageCode: string;
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  endReason: string | null;
  /** Null (or all fields null) once the account was purged: drizzle folds an empty join. */
  user1: ParticipantRow | null;
  user2: ParticipantRow | null;
}

export interface SessionsRepo {
  /** The user's sessions, newest first. */
  listForUser(userId: string, limit: number, offset: number): Promise<SessionRow[]>;
  countForUser(userId: string): Promise<number>;
  /** The session only when the user took part in it. */
  findForUser(sessionId: string, userId: string): Promise<SessionRow | undefined>;
}

const u1 = alias(users, 'u1');
const u2 = alias(users, 'u2');
const p1 = alias(profiles, 'p1');
const p2 = alias(profiles, 'p2');

const participant1 = {
  id: u1.id,
  username: u1.username,
  deletedAt: u1.deletedAt,
  name: p1.name,
  country: p1.country,
  imageUrl: u1.imageUrl,
  profileImageUrl: p1.imageUrl,
};
const participant2 = {
  id: u2.id,
  username: u2.username,
  deletedAt: u2.deletedAt,
  name: p2.name,
  country: p2.country,
  imageUrl: u2.imageUrl,
  profileImageUrl: p2.imageUrl,
};

const tookPart = (userId: string) => or(eq(sessions.user1Id, userId), eq(sessions.user2Id, userId));

export function createSessionsRepo(db: Database): SessionsRepo {
  function select(where: SQL | undefined) {
    return db
      .select({
        id: sessions.id,
        languageCode: sessions.languageCode,
        createdAt: sessions.createdAt,
        startedAt: sessions.startedAt,
        endedAt: sessions.endedAt,
        endReason: sessions.endReason,
        user1: participant1,
        user2: participant2,
      })
      .from(sessions)
      .leftJoin(u1, eq(u1.id, sessions.user1Id))
      .leftJoin(p1, eq(p1.userId, sessions.user1Id))
      .leftJoin(u2, eq(u2.id, sessions.user2Id))
      .leftJoin(p2, eq(p2.userId, sessions.user2Id))
      .where(where);
  }

  return {
    listForUser(userId, limit, offset) {
      return select(tookPart(userId))
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .limit(limit)
        .offset(offset);
    },

    async countForUser(userId) {
      const [row] = await db.select({ n: count() }).from(sessions).where(tookPart(userId));
      return row?.n ?? 0;
    },

    async findForUser(sessionId, userId) {
      const [row] = await select(and(eq(sessions.id, sessionId), tookPart(userId))).limit(1);
      return row;
    },
  };
}
