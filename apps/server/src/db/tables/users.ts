import { PROFICIENCY_LEVELS, PROVIDERS, USER_ROLES } from '@parlo/contract/constants';
import { GENDERS, USER_STATUSES } from '@parlo/contract/users';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  text,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from '../columns.ts';
import { languages } from './catalogue.ts';

/**
 * One row per account. A deleted account keeps its row (deleted_at set, personal fields wiped by
 * the purge job) so that past sessions can still show "Deleted User".
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** Lower-cased, as the provider gave it at the latest sign-in. */
    email: text('email'),
    /** The provider vouched for `email` (`email_verified`, Kakao's `is_email_verified`). */
    emailVerified: boolean('email_verified').notNull().default(false),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    providerSubject: text('provider_subject').notNull(),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    blockedAt: timestamptz('blocked_at'),
    blockedUntil: timestamptz('blocked_until'),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    /** Set while escalation holds the user out of matching; a moderator's action clears it. */
    escalatedAt: timestamptz('escalated_at'),
    referralId: text('referral_id').notNull(),
    /** The provider's profile picture, when it gives one. */
    imageUrl: text('image_url'),
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at'),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    unique('users_provider_subject_key').on(t.provider, t.providerSubject),
    unique('users_referral_id_key').on(t.referralId),
    // The moderation queue puts escalated users first.
    index('users_escalated_at_idx')
      .on(t.escalatedAt)
      .where(sql`${t.escalatedAt} is not null`),
    // A referral is not credited to a newcomer whose address an account already verified.
    index('users_verified_email_idx')
      .on(t.email)
      .where(sql`${t.emailVerified}`),
    index('users_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // Deleting or purging an account forgets who it referred (the key's `set null`): by index,
    // not by reading every account.
    index('users_referred_by_idx')
      .on(t.referredBy)
      .where(sql`${t.referredBy} is not null`),
    check('users_provider_check', oneOf(t.provider, PROVIDERS)),
    check('users_status_check', oneOf(t.status, USER_STATUSES)),
    check('users_role_check', oneOf(t.role, USER_ROLES)),
  ],
);

export const userLanguages = pgTable(
  'user_languages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageCode: text('language_code')
      .notNull()
      .references(() => languages.code),
    proficiencyLevel: text('proficiency_level', { enum: PROFICIENCY_LEVELS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('user_languages_user_language_key').on(t.userId, t.languageCode),
    check('user_languages_level_check', oneOf(t.proficiencyLevel, PROFICIENCY_LEVELS)),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gender: text('gender', { enum: GENDERS }).notNull(),
    country: text('country').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    currentLanguageCode: text('current_language_code'),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The current language must be one of the user's own languages; this is also what refuses
    // removing the current language (spec §4) at the lowest level.
    foreignKey({
      name: 'profiles_current_language_fk',
      columns: [t.userId, t.currentLanguageCode],
      foreignColumns: [userLanguages.userId, userLanguages.languageCode],
    }),
    check('profiles_gender_check', oneOf(t.gender, GENDERS)),
    check('profiles_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);
