import { FEATURE_CODES } from '@parlo/contract/constants';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from '../columns.ts';
import { plans } from './catalogue.ts';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired'] as const;

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    endsAt: timestamptz('ends_at'),
    /** The Stripe subscription that pays for this plan; null for free plans and operator grants. */
    billingSubscriptionId: text('billing_subscription_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // One active plan per user; history stays as cancelled or expired rows.
    uniqueIndex('subscriptions_active_user_key')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index('subscriptions_user_idx').on(t.userId),
    check('subscriptions_status_check', oneOf(t.status, SUBSCRIPTION_STATUSES)),
  ],
);

/** Daily use of a plan feature; `day` is the UTC calendar day the use counts against. */
export const usages = pgTable(
  'usages',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    featureCode: text('feature_code', { enum: FEATURE_CODES }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'usages_user_feature_day_key', columns: [t.userId, t.featureCode, t.day] }),
    check('usages_feature_code_check', oneOf(t.featureCode, FEATURE_CODES)),
    check('usages_count_check', sql`${t.count} >= 0`),
  ],
);

/** A video ad a user started; the reward is granted once, when `rewarded_at` is set. */
export const adViews = pgTable(
  'ad_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    rewardedAt: timestamptz('rewarded_at'),
  },
  (t) => [index('ad_views_user_started_idx').on(t.userId, t.startedAt)],
);

/** Who invited whom; a user can be invited only once. */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeId: uuid('invitee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('referrals_invitee_key').on(t.inviteeId),
    index('referrals_inviter_idx').on(t.inviterId),
    check('referrals_not_self_check', sql`${t.inviterId} <> ${t.inviteeId}`),
  ],
);

/** Where a ledger row's tokens come from or go to: the daily plan allowance or the bonus balance. */
export const LEDGER_POOLS = ['daily', 'bonus'] as const;
export type LedgerPool = (typeof LEDGER_POOLS)[number];

export const LEDGER_REASONS = [
  'ad_reward',
  'referral_inviter',
  'referral_invitee',
  'session',
  'session_refund',
  'admin_grant',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/**
 * Every token grant (+) and spend (−), with what caused it and the pool it moved. The bonus balance
 * is the sum of `delta` over the `bonus` pool; the daily allowance is counted in `usages`, and its
 * spends are recorded here too (`daily` pool) so the ledger tells the whole story. The unique
 * indexes make each grant and each session charge idempotent.
 */
export const tokenLedger = pgTable(
  'token_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    pool: text('pool', { enum: LEDGER_POOLS }).notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    adViewId: uuid('ad_view_id').references(() => adViews.id, { onDelete: 'set null' }),
    referralId: uuid('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('token_ledger_user_created_idx').on(t.userId, t.createdAt),
    // The bonus balance is a sum over the user's rows of the pool, read by every find and twice
    // by every charge: with `delta` in the index it is read from the index alone, not from a
    // heap page per row (a year of ad rewards and spends, 1,000 rows spread over the table:
    // 6.5 ms, 0.6 ms with the delta here).
    index('token_ledger_user_pool_delta_idx').on(t.userId, t.pool, t.delta),
    unique('token_ledger_ad_view_key').on(t.adViewId),
    unique('token_ledger_referral_user_key').on(t.referralId, t.userId),
    uniqueIndex('token_ledger_session_charge_key')
      .on(t.userId, t.sessionId, t.reason, t.pool)
      .where(sql`${t.sessionId} is not null`),
    check('token_ledger_delta_check', sql`${t.delta} <> 0`),
    check('token_ledger_reason_check', oneOf(t.reason, LEDGER_REASONS)),
    check('token_ledger_pool_check', oneOf(t.pool, LEDGER_POOLS)),
  ],
);
