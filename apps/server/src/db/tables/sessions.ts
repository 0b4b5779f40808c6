import {
  CONNECTION_TYPES,
  OFFER_STATUSES,
  OFFER_TYPES,
  SESSION_END_REASONS,
} from '@parlo/contract/constants';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from '../columns.ts';
import { languages } from './catalogue.ts';
import { users } from './users.ts';

/** Technical call measurements only (spec §1: no video, audio or chat content is ever kept). */
export interface SessionQualitySummary {
  strength?: 'excellent' | 'good' | 'fair' | 'poor' | 'none';
  packetLoss?: number;
  roundTripTimeMs?: number;
  jitterMs?: number;
  bitrateKbps?: number;
}

/**
 * A call between two users. Participants are nulled, not cascaded, when an account is finally
 * purged, so the other side's history keeps the row ("Deleted User").
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    languageCode: text('language_code')
      .notNull()
      .references(() => languages.code),
    user1Id: uuid('user1_id').references(() => users.id, { onDelete: 'set null' }),
    user2Id: uuid('user2_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When both sides reported remote media; null while the call is still connecting. */
    startedAt: timestamptz('started_at'),
    endedAt: timestamptz('ended_at'),
    endReason: text('end_reason', { enum: SESSION_END_REASONS }),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
    connectionType: text('connection_type', { enum: CONNECTION_TYPES })
      .notNull()
      .default('unknown'),
    quality: jsonb('quality').$type<SessionQualitySummary>(),
  },
  (t) => [
    index('sessions_user1_created_idx').on(t.user1Id, t.createdAt),
    index('sessions_user2_created_idx').on(t.user2Id, t.createdAt),
    index('sessions_active_idx')
      .on(t.createdAt)
      .where(sql`${t.endedAt} is null`),
    // "Is this user in a call?" (every find and charge asks it) reads one user's open sessions,
    // not every open session.
    index('sessions_open_user1_idx')
      .on(t.user1Id)
      .where(sql`${t.endedAt} is null`),
    index('sessions_open_user2_idx')
      .on(t.user2Id)
      .where(sql`${t.endedAt} is null`),
    // Purging an account nulls the calls it ended (the key's `set null`): without an index that
    // read every session ever made, 125 ms per purged account with a million of them.
    index('sessions_ended_by_idx')
      .on(t.endedBy)
      .where(sql`${t.endedBy} is not null`),
    check('sessions_distinct_users_check', sql`${t.user1Id} <> ${t.user2Id}`),
    check('sessions_end_reason_check', oneOf(t.endReason, SESSION_END_REASONS)),
    check(
      'sessions_ended_consistency_check',
      sql`(${t.endedAt} is null) = (${t.endReason} is null)`,
    ),
    check('sessions_connection_type_check', oneOf(t.connectionType, CONNECTION_TYPES)),
  ],
);

/** Server-side offer states: the spec's, plus the outcomes the clients never display. */
export const OFFER_RECORD_STATUSES = [...OFFER_STATUSES, 'accepted', 'expired'] as const;

export const sessionOffers = pgTable(
  'session_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: OFFER_TYPES }).notNull().default('continuation'),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageCode: text('language_code')
      .notNull()
      .references(() => languages.code),
    previousSessionId: uuid('previous_session_id').references(() => sessions.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: OFFER_RECORD_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    respondedAt: timestamptz('responded_at'),
    createdSessionId: uuid('created_session_id').references(() => sessions.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('session_offers_to_user_status_idx').on(t.toUserId, t.status),
    index('session_offers_from_user_status_idx').on(t.fromUserId, t.status),
    // At most one open offer from one user to another.
    uniqueIndex('session_offers_pending_pair_key')
      .on(t.fromUserId, t.toUserId)
      .where(sql`${t.status} = 'pending'`),
    check('session_offers_distinct_users_check', sql`${t.fromUserId} <> ${t.toUserId}`),
    check('session_offers_type_check', oneOf(t.type, OFFER_TYPES)),
    check('session_offers_status_check', oneOf(t.status, OFFER_RECORD_STATUSES)),
  ],
);
