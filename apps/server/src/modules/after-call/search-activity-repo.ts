import type { ProficiencyLevel } from '@parlo/contract/constants';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { searchStarts } from '../../db/tables/after-call.ts';
import { userLanguages } from '../../db/tables/users.ts';

export interface HourCount {
  /** Whole hours since the Unix epoch (UTC), so no database time zone is involved. */
  epochHour: number;
  count: number;
}

export interface SearchActivityRepo {
  recordStart(languageCode: string, level: ProficiencyLevel, at: Date): Promise<void>;
  /** Searches per UTC hour in [since, until) for the language and level; hours with none omitted. */
  hourlyCounts(
    languageCode: string,
    level: ProficiencyLevel,
    since: Date,
    until: Date,
  ): Promise<HourCount[]>;
  levelOf(userId: string, languageCode: string): Promise<ProficiencyLevel | undefined>;
  /** Drops starts older than `before` (the heat-map never reads them); answers how many. */
  purgeBefore(before: Date): Promise<number>;
}

export function createSearchActivityRepo(db: Database): SearchActivityRepo {
  return {
    async recordStart(languageCode, level, at) {
      await db.insert(searchStarts).values({ languageCode, level, startedAt: at });
    },

    async hourlyCounts(languageCode, level, since, until) {
      const hour = sql<string>`floor(extract(epoch from ${searchStarts.startedAt}) / 3600)::bigint`;
      const rows = await db
        .select({ epochHour: hour, count: sql<string>`count(*)` })
        .from(searchStarts)
        .where(
          and(
            eq(searchStarts.languageCode, languageCode),
            eq(searchStarts.level, level),
            gte(searchStarts.startedAt, since),
            lt(searchStarts.startedAt, until),
          ),
        )
        .groupBy(hour);
      return rows.map((row) => ({ epochHour: Number(row.epochHour), count: Number(row.count) }));
    },

    async levelOf(userId, languageCode) {
      const [row] = await db
        .select({ level: userLanguages.proficiencyLevel })
        .from(userLanguages)
        .where(and(eq(userLanguages.userId, userId), eq(userLanguages.languageCode, languageCode)));
      return row?.level;
    },

    async purgeBefore(before) {
      const rows = await db
        .delete(searchStarts)
        .where(lt(searchStarts.startedAt, before))
        .returning({ id: searchStarts.id });
      return rows.length;
    },
  };
}
