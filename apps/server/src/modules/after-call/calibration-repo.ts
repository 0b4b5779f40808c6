import type { CalibrationRating } from '@parlo/contract/after-call';
import type { ProficiencyLevel } from '@parlo/contract/constants';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jsonColumn, preparedQuery } from '../../db/prepared.ts';
import { levelCalibrations, sessionCalibrations } from '../../db/tables/after-call.ts';
import { sessions } from '../../db/tables/sessions.ts';
import { userLanguages } from '../../db/tables/users.ts';
import {
  accountColumns,
  accountOf,
  type AccountColumnsRow,
  type WithAccount,
} from '../users/account-columns.ts';

export interface CalibrationSessionRow {
  id: string;
  languageCode: string;
  user1Id: string | null;
  user2Id: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  /** Sides (1, 2) that already answered. */
  answeredSides: number[];
}

export interface CalibrationAggregateRow {
  languageCode: string;
  level: ProficiencyLevel;
  below: number;
  about: number;
  above: number;
  partners: number;
}

export interface CalibrationSummaryRow {
  languageCode: string;
  level: ProficiencyLevel;
  counters: Omit<CalibrationAggregateRow, 'languageCode' | 'level'> | null;
}

export interface NewCalibration {
  sessionId: string;
  side: 1 | 2;
  raterId: string;
  rateeId: string | null;
  languageCode: string;
  rating: CalibrationRating;
  now: Date;
}

interface SummaryJson {
  languageCode: string;
  level: ProficiencyLevel;
  below: number | null;
  about: number | null;
  above: number | null;
  partners: number | null;
}

/**
 * The account, and every language the user learns with its counters at the current level, as one
 * prepared statement.
 */
const summaryRows = preparedQuery<AccountColumnsRow & { languages: unknown }, 'userId'>(
  'parlo_calibration_summary',
  (param) => sql`select ${accountColumns},
      (select coalesce(json_agg(json_build_object(
          'languageCode', l.language_code, 'level', l.proficiency_level,
          'below', c.below, 'about', c.about, 'above', c.above, 'partners', c.partners)
          order by l.created_at, l.id), '[]'::json)
        from user_languages l
        left join level_calibrations c on c.user_id = l.user_id
          and c.language_code = l.language_code and c.level = l.proficiency_level
        where l.user_id = u.id) as languages
    from users u where u.id = ${param('userId')}::uuid`,
  { batch: { userId: 'uuid' } },
);

export interface CalibrationRepo {
  findSession(sessionId: string): Promise<CalibrationSessionRow | undefined>;
  /**
   * In one transaction: marks the side answered (false when it already was: nothing else is
   * written) and, when this rater never rated this ratee in the language before (read from the
   * sides marked on their earlier shared sessions, so no rater-to-ratee row is kept), adds the
   * rating to the ratee's counters at their current level.
   */
  record(input: NewCalibration): Promise<boolean>;
  /**
   * Every language the user learns, at which level, with their counters at that level (null
   * without any), and the account (checkAccount), in one statement: GET /users/me/calibration is
   * one of the dashboard's calls.
   */
  summaryWithAccount(userId: string, now: Date): Promise<WithAccount<CalibrationSummaryRow[]>>;
}

export function createCalibrationRepo(db: Database): CalibrationRepo {
  return {
    async findSession(sessionId) {
      const [row] = await db
        .select({
          id: sessions.id,
          languageCode: sessions.languageCode,
          user1Id: sessions.user1Id,
          user2Id: sessions.user2Id,
          startedAt: sessions.startedAt,
          endedAt: sessions.endedAt,
        })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      if (!row) return undefined;
      const sides = await db
        .select({ side: sessionCalibrations.side })
        .from(sessionCalibrations)
        .where(eq(sessionCalibrations.sessionId, sessionId));
      return { ...row, answeredSides: sides.map((s) => s.side) };
    },

    record(input) {
      return db.transaction(async (tx) => {
        const marked = await tx
          .insert(sessionCalibrations)
          .values({ sessionId: input.sessionId, side: input.side, createdAt: input.now })
          .onConflictDoNothing()
          .returning({ side: sessionCalibrations.side });
        if (marked.length === 0) return false;
        if (!input.rateeId) return true;
        const [ratee] = await tx
          .select({ level: userLanguages.proficiencyLevel })
          .from(userLanguages)
          .where(
            and(
              eq(userLanguages.userId, input.rateeId),
              eq(userLanguages.languageCode, input.languageCode),
            ),
          );
        // The partner stopped learning the language since: nothing to count the answer against.
        if (!ratee) return true;
        const [earlier] = await tx
          .select({ id: sessions.id })
          .from(sessions)
          .innerJoin(sessionCalibrations, eq(sessionCalibrations.sessionId, sessions.id))
          .where(
            and(
              ne(sessions.id, input.sessionId),
              eq(sessions.languageCode, input.languageCode),
              or(
                and(
                  eq(sessions.user1Id, input.raterId),
                  eq(sessions.user2Id, input.rateeId),
                  eq(sessionCalibrations.side, 1),
                ),
                and(
                  eq(sessions.user2Id, input.raterId),
                  eq(sessions.user1Id, input.rateeId),
                  eq(sessionCalibrations.side, 2),
                ),
              ),
            ),
          )
          .limit(1);
        if (earlier) return true;
        const column = levelCalibrations[input.rating];
        await tx
          .insert(levelCalibrations)
          .values({
            userId: input.rateeId,
            languageCode: input.languageCode,
            level: ratee.level,
            [input.rating]: 1,
            partners: 1,
            updatedAt: input.now,
          })
          .onConflictDoUpdate({
            target: [
              levelCalibrations.userId,
              levelCalibrations.languageCode,
              levelCalibrations.level,
            ],
            set: {
              [input.rating]: sql`${column} + 1`,
              partners: sql`${levelCalibrations.partners} + 1`,
              updatedAt: input.now,
            },
          });
        return true;
      });
    },

    async summaryWithAccount(userId, now) {
      const [row] = await summaryRows(db, { userId });
      const languages = (jsonColumn(row?.languages) ?? []) as SummaryJson[];
      return {
        account: accountOf(userId, row, now),
        value: languages.map((language) => ({
          languageCode: language.languageCode,
          level: language.level,
          counters:
            language.partners === null
              ? null
              : {
                  below: Number(language.below),
                  about: Number(language.about),
                  above: Number(language.above),
                  partners: Number(language.partners),
                },
        })),
      };
    },
  };
}
