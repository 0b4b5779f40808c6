import type { ProficiencyLevel } from '@parlo/contract/constants';
import { and, desc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { matchExclusions } from '../../db/tables/moderation.ts';
import { sessions } from '../../db/tables/sessions.ts';
import { profiles, userLanguages } from '../../db/tables/users.ts';

export interface SearcherRow {
  /** Null when the user does not learn the language. */
  level: ProficiencyLevel | null;
  /** Null before onboarding. */
  dateOfBirth: string | null;
}

export interface MatchingRepo {
  findSearcher(userId: string, languageCode: string): Promise<SearcherRow>;
  lastPartnerOf(userId: string): Promise<string | null>;
  /** Everyone the user must never be paired with, in either direction of the pair. */
  exclusionsOf(userId: string): Promise<string[]>;
}

export function createMatchingRepo(db: Database): MatchingRepo {
  return {
    async findSearcher(userId, languageCode) {
      const [language] = await db
        .select({ level: userLanguages.proficiencyLevel })
        .from(userLanguages)
        .where(and(eq(userLanguages.userId, userId), eq(userLanguages.languageCode, languageCode)))
        .limit(1);
      const [profile] = await db
        .select({ dateOfBirth: profiles.dateOfBirth })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .limit(1);
      return { level: language?.level ?? null, dateOfBirth: profile?.dateOfBirth ?? null };
    },
    async lastPartnerOf(userId) {
      const [row] = await db
        .select({ user1Id: sessions.user1Id, user2Id: sessions.user2Id })
        .from(sessions)
        .where(or(eq(sessions.user1Id, userId), eq(sessions.user2Id, userId)))
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .limit(1);
      if (!row) return null;
      return row.user1Id === userId ? row.user2Id : row.user1Id;
    },
    async exclusionsOf(userId) {
      const rows = await db
        .select({ low: matchExclusions.userLowId, high: matchExclusions.userHighId })
        .from(matchExclusions)
        .where(or(eq(matchExclusions.userLowId, userId), eq(matchExclusions.userHighId, userId)));
      return rows.map((row) => (row.low === userId ? row.high : row.low));
    },
  };
}
