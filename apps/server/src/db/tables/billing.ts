import { bigint, check, index, jsonb, pgSequence, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from '../columns.ts';
import { users } from './users.ts';

/**
 * What Parlo keeps of Stripe (issue 19). The plan a user has stays in `subscriptions`; these rows
 * only say which Stripe objects belong to whom and what Stripe last said about them.
 */

/** The user's Stripe customer, created at their first checkout. */
export const billingCustomers = pgTable('billing_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique('billing_customers_customer_key'),
  createdAt: createdAt(),
});

/** Stripe's subscription statuses as Parlo stores them. */
export const STRIPE_SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type StripeSubscriptionStatus = (typeof STRIPE_SUBSCRIPTION_STATUSES)[number];

/**
 * Each Stripe subscription as last read from Stripe. `sync_ticket` orders the reads: a state read
 * earlier never overwrites one read later, whatever order the webhooks arrive and finish in.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    status: text('status', { enum: STRIPE_SUBSCRIPTION_STATUSES }).notNull(),
    currency: text('currency').notNull(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    /** When Stripe will end it (cancel at period end, or a set date); null while it renews. */
    cancelAt: timestamptz('cancel_at'),
    syncTicket: bigint('sync_ticket', { mode: 'number' }).notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('billing_subscriptions_user_idx').on(t.userId),
    check('billing_subscriptions_status_check', oneOf(t.status, STRIPE_SUBSCRIPTION_STATUSES)),
  ],
);

/** Hands out the tickets of `billing_subscriptions.sync_ticket`, across instances. */
export const billingSyncSequence = pgSequence('billing_sync_seq');

/** Every Stripe event handled, once: a replay or a second delivery finds its id here. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

/**
 * The development billing provider's own objects (customers, checkout sessions, subscriptions,
 * invoices, events), kept in the database so that every instance serves the same ones. Only the
 * development provider, mounted outside production, writes here.
 */
export const devBillingObjects = pgTable(
  'dev_billing_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** For the list endpoints (events newest first, a customer's subscriptions). */
    parentId: text('parent_id'),
    createdAt: createdAt(),
  },
  (t) => [index('dev_billing_objects_parent_idx').on(t.kind, t.parentId)],
);
