import { PROFICIENCY_LEVELS } from '@parlo/contract/constants';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from '../columns.ts';
import { languages } from './catalogue.ts';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/**
 * Which side of a call already answered the calibration question — only that it answered, never
 * what. The primary key is the "one answer per person per session" rule; the answer itself goes
 * straight into `level_calibrations` in the same transaction.
 */
export const sessionCalibrations = pgTable(
  'session_calibrations',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** 1: user1 of the session rated user2; 2: the other way round. */
    side: smallint('side').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.side] }),
    check('session_calibrations_side_check', sql`${t.side} in (1, 2)`),
  ],
);

/**
 * What partners said of a user's speaking, as counters per language and the level the user had
 * when rated. `partners` counts the ratings that came from a partner who had not rated this user
 * in this language before (only those are counted in below/about/above, so one keen partner
 * weighs as one).
 */
export const levelCalibrations = pgTable(
  'level_calibrations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageCode: text('language_code')
      .notNull()
      .references(() => languages.code),
    level: text('level', { enum: PROFICIENCY_LEVELS }).notNull(),
    below: integer('below').notNull().default(0),
    about: integer('about').notNull().default(0),
    above: integer('above').notNull().default(0),
    partners: integer('partners').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.languageCode, t.level] }),
    check('level_calibrations_level_check', oneOf(t.level, PROFICIENCY_LEVELS)),
  ],
);

/**
 * One row per search started (a new ticket, not a repeated find that keeps its place): language,
 * the searcher's level and the instant — no user, so the heat-map can never name anyone.
 */
export const searchStarts = pgTable(
  'search_starts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    languageCode: text('language_code')
      .notNull()
      .references(() => languages.code),
    level: text('level', { enum: PROFICIENCY_LEVELS }).notNull(),
    startedAt: timestamptz('started_at').notNull(),
  },
  (t) => [
    index('search_starts_language_level_started_idx').on(t.languageCode, t.level, t.startedAt),
    check('search_starts_level_check', oneOf(t.level, PROFICIENCY_LEVELS)),
  ],
);
