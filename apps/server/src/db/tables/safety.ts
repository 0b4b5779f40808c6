import { FRAME_FLAG_CATEGORIES, FRAME_FLAG_SIDES } from '@parlo/contract/frame-flags';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from '../columns.ts';
import { reports } from './moderation.ts';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/**
 * Frame guard flags (issue 18): a score the browser's on-device classifier sent, never a frame.
 * `subjectUserId` is whose video was flagged: the partner for an `incoming` flag, the sender
 * themselves for `outgoing`. Kept with the session's technical data for the moderators.
 */
export const frameFlags = pgTable(
  'frame_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    subjectUserId: uuid('subject_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    side: text('side', { enum: FRAME_FLAG_SIDES }).notNull(),
    category: text('category', { enum: FRAME_FLAG_CATEGORIES }).notNull(),
    score: doublePrecision('score').notNull(),
    frameCount: integer('frame_count').notNull(),
    /** The report filed from this flag ("End and report"), when there is one. */
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Serves the 3-partners-in-24-h count and the console's list.
    index('frame_flags_subject_created_idx').on(t.subjectUserId, t.createdAt),
    index('frame_flags_report_idx').on(t.reportId),
    // One flag per side of a session from each participant: a flood is refused by the database.
    uniqueIndex('frame_flags_reporter_session_side_key')
      .on(t.reporterId, t.sessionId, t.side)
      .where(sql`${t.sessionId} is not null`),
    check('frame_flags_side_check', oneOf(t.side, FRAME_FLAG_SIDES)),
    check('frame_flags_category_check', oneOf(t.category, FRAME_FLAG_CATEGORIES)),
    check('frame_flags_score_check', sql`${t.score} >= 0 and ${t.score} <= 1`),
    check('frame_flags_frame_count_check', sql`${t.frameCount} between 3 and 5`),
  ],
);

/** An account's frame guard settings; no row means the defaults. */
export const userSafetySettings = pgTable('user_safety_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  revealTogether: boolean('reveal_together').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
