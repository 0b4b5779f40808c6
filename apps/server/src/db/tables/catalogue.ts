import { FEATURE_CODES } from '@parlo/contract/constants';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from '../columns.ts';

/** Practice-language catalogue (spec §3 Language). `sort_order` keeps the spec's listing order. */
export const languages = pgTable('languages', {
  code: text('code').primaryKey(),
  nativeName: text('native_name').notNull(),
  available: boolean('available').notNull().default(false),
  sortOrder: smallint('sort_order').notNull().default(0),
});

export const plans = pgTable('plans', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** What a plan grants per day; `value` -1 means unlimited, `cost` is what one use consumes. */
export const planFeatures = pgTable(
  'plan_features',
  {
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code, { onDelete: 'cascade' }),
    featureCode: text('feature_code', { enum: FEATURE_CODES }).notNull(),
    value: integer('value').notNull(),
    cost: integer('cost').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.planCode, t.featureCode] }),
    check('plan_features_feature_code_check', oneOf(t.featureCode, FEATURE_CODES)),
    check('plan_features_value_check', sql`${t.value} >= -1`),
    check('plan_features_cost_check', sql`${t.cost} >= 0`),
  ],
);
