import { REPORT_REASONS } from '@parlo/contract/constants';
import { MODERATION_HISTORY_ACTION_TYPES } from '@parlo/contract/moderation';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from '../columns.ts';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;

/** A report keeps its reporter's id only while the reporter's account exists. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reportedUserId: uuid('reported_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    comment: text('comment'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Serves the "3 reports per day" count.
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    index('reports_reported_user_idx').on(t.reportedUserId),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    // Purging a moderator nulls the reports they reviewed (the key's `set null`) by index.
    index('reports_reviewed_by_idx')
      .on(t.reviewedBy)
      .where(sql`${t.reviewedBy} is not null`),
    uniqueIndex('reports_reporter_session_key')
      .on(t.reporterId, t.sessionId)
      .where(sql`${t.sessionId} is not null`),
    check('reports_reason_check', oneOf(t.reason, REPORT_REASONS)),
    check('reports_status_check', oneOf(t.status, REPORT_STATUSES)),
    check('reports_not_self_check', sql`${t.reporterId} <> ${t.reportedUserId}`),
  ],
);

/** What a moderator does, plus 'escalate': the system holding a user out of matching. */
export const MODERATION_ACTIONS = MODERATION_HISTORY_ACTION_TYPES;

/** The audit trail of moderation; a null moderator means the system acted on its own. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    reason: text('reason'),
    blockedUntil: timestamptz('blocked_until'),
    /** When the warned user read a `warn` and said so; null while it is still to be shown. */
    acknowledgedAt: timestamptz('acknowledged_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_user_created_idx').on(t.userId, t.createdAt),
    // Purging a moderator nulls the actions they took, and purging a reported user deletes the
    // reports the actions name (both keys `set null`): each found by index.
    index('moderation_actions_moderator_idx')
      .on(t.moderatorId)
      .where(sql`${t.moderatorId} is not null`),
    index('moderation_actions_report_idx')
      .on(t.reportId)
      .where(sql`${t.reportId} is not null`),
    check('moderation_actions_action_check', oneOf(t.action, MODERATION_ACTIONS)),
    check(
      'moderation_actions_temporary_block_check',
      sql`${t.action} <> 'temporary_block' or ${t.blockedUntil} is not null`,
    ),
  ],
);

export const MATCH_EXCLUSION_REASONS = ['report', 'moderation'] as const;

/**
 * Pairs never to be matched again. The pair is stored in canonical order (lower id first) so
 * one row covers both directions and the primary key makes it unique.
 */
export const matchExclusions = pgTable(
  'match_exclusions',
  {
    userLowId: uuid('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: uuid('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: MATCH_EXCLUSION_REASONS }).notNull().default('report'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'match_exclusions_pair_key', columns: [t.userLowId, t.userHighId] }),
    index('match_exclusions_user_high_idx').on(t.userHighId),
    check('match_exclusions_order_check', sql`${t.userLowId} < ${t.userHighId}`),
    check('match_exclusions_reason_check', oneOf(t.reason, MATCH_EXCLUSION_REASONS)),
  ],
);
