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
  /** Search starts, many in one insert. */
  recordStarts(
    starts: readonly { languageCode: string; level: ProficiencyLevel; at: Date }[],
  ): Promise<void>;
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
    async recordStarts(starts) {
      if (starts.length === 0) return;
      // Three array parameters, whatever the count: building a 500-row insert with drizzle cost
      // a match burst as much CPU as its searchers' reads.
      const column = <T>(pick: (start: (typeof starts)[number]) => T) =>
        sql.param(starts.map(pick));
      await db.execute(sql`insert into search_starts (language_code, level, started_at)
        select * from unnest(${column((s) => s.languageCode)}::text[],
          ${column((s) => s.level)}::text[], ${column((s) => s.at.toISOString())}::timestamptz[])`);
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
