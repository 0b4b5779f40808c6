import type { UserStatus } from '@parlo/contract/users';
import type { Gender } from '@parlo/contract/profiles';
import type { ProficiencyLevel } from '@parlo/contract/constants';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jsonColumn, preparedQuery } from '../../db/prepared.ts';
import type { ProfileRecord } from '../profiles/profiles-repo.ts';
import { refreshTokens } from '../../db/tables/auth.ts';
import { referrals } from '../../db/tables/tokens.ts';
import { profiles, userLanguages, users } from '../../db/tables/users.ts';

export interface AccountStatusRow {
  id: string;
  status: UserStatus;
  blockedUntil: Date | null;
  deletedAt: Date | null;
}

export interface UserRow extends AccountStatusRow {
  username: string;
  provider: 'google' | 'kakao' | 'line';
  blockedAt: Date | null;
  referralId: string;
  imageUrl: string | null;
}

/** The account, its profile (null before onboarding) and languages: all GET /users/me shows. */
export interface MeRow {
  user: UserRow;
  profile: ProfileRecord | null;
}

export interface UsersRepo {
  /** What the auth guard checks on every protected request, as one prepared statement. */
  findAccountStatus(userId: string): Promise<AccountStatusRow | undefined>;
  /** The user, the profile and its languages in one round trip (GET /users/me). */
  findMe(userId: string): Promise<MeRow | undefined>;
  /**
   * Deletes the account in one transaction: revokes every refresh token, removes the profile,
   * languages and referral links, and scrubs the user row down to what refuses a later sign-in
   * with the same provider account (provider, provider_subject, deleted_at). Sessions stay.
   * False when the account was already deleted.
   */
  deleteAccount(userId: string, now: Date): Promise<boolean>;
}

/** The placeholder username of a deleted account: unique, email-like, and no one's address. */
export const deletedUsername = (userId: string) => `deleted-${userId}@deleted.parlo.app`;

/** A timestamp as either driver hands it over from a raw query. */
const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

interface AccountStatusDbRow {
  status: UserStatus;
  blocked_until: Date | string | null;
  deleted_at: Date | string | null;
}

const accountStatusRows = preparedQuery<AccountStatusDbRow, 'userId'>(
  'parlo_account_status',
  (param) => sql`select u.status, u.blocked_until, u.deleted_at
    from users u where u.id = ${param('userId')}::uuid`,
  { batch: { userId: 'uuid' } },
);

interface MeDbRow extends AccountStatusDbRow {
  username: string;
  provider: UserRow['provider'];
  blocked_at: Date | string | null;
  referral_id: string;
  image_url: string | null;
  has_profile: boolean;
  name: string | null;
  gender: Gender | null;
  country: string | null;
  date_of_birth: string | null;
  current_language_code: string | null;
  profile_image_url: string | null;
  /** Nested in the row's json, so parsed with it. */
  languages: LanguageRow[];
}

/**
 * One statement for all of GET /users/me: the user row, the profile beside it and the languages
 * aggregated in the order they were added (what profiles-repo findProfile reads in two). The row
 * comes as one json column: node-postgres sets up a parser per column of every result, and for
 * sixteen columns that cost more than parsing the one JSON text.
 */
const meRows = preparedQuery<{ me: MeDbRow | string }, 'userId'>(
  'parlo_find_me',
  (param) => sql`select json_build_object(
      'status', u.status, 'blocked_until', u.blocked_until, 'deleted_at', u.deleted_at,
      'username', u.username, 'provider', u.provider, 'blocked_at', u.blocked_at,
      'referral_id', u.referral_id, 'image_url', u.image_url,
      'has_profile', p.user_id is not null, 'name', p.name, 'gender', p.gender,
      'country', p.country, 'date_of_birth', p.date_of_birth::text,
      'current_language_code', p.current_language_code,
      'profile_image_url', coalesce(p.image_url, u.image_url),
      'languages', (select coalesce(json_agg(json_build_object('id', l.id,
          'languageCode', l.language_code, 'proficiencyLevel', l.proficiency_level)
          order by l.created_at, l.id), '[]'::json)
        from user_languages l where l.user_id = u.id)) as me
    from users u left join profiles p on p.user_id = u.id
    where u.id = ${param('userId')}::uuid`,
  { batch: { userId: 'uuid' } },
);

type LanguageRow = { id: string; languageCode: string; proficiencyLevel: ProficiencyLevel };

function profileOf(userId: string, row: MeDbRow): ProfileRecord | null {
  if (!row.has_profile) return null;
  return {
    userId,
    name: row.name!,
    gender: row.gender!,
    country: row.country!,
    dateOfBirth: row.date_of_birth!,
    currentLanguageCode: row.current_language_code,
    imageUrl: row.profile_image_url,
    languages: row.languages,
  };
}

export function createUsersRepo(db: Database): UsersRepo {
  return {
    async findAccountStatus(userId) {
      const [row] = await accountStatusRows(db, { userId });
      return (
        row && {
          id: userId,
          status: row.status,
          blockedUntil: dateOf(row.blocked_until),
          deletedAt: dateOf(row.deleted_at),
        }
      );
    },

    async findMe(userId) {
      const [result] = await meRows(db, { userId });
      if (!result) return undefined;
      const row = jsonColumn(result.me) as MeDbRow;
      return {
        user: {
          id: userId,
          username: row.username,
          status: row.status,
          deletedAt: dateOf(row.deleted_at),
          provider: row.provider,
          blockedAt: dateOf(row.blocked_at),
          blockedUntil: dateOf(row.blocked_until),
          referralId: row.referral_id,
          imageUrl: row.image_url,
        },
        profile: profileOf(userId, row),
      };
    },

    deleteAccount(userId, now) {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .update(users)
          .set({
            username: deletedUsername(userId),
            email: null,
            imageUrl: null,
            referredBy: null,
            deletedAt: now,
          })
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .returning({ id: users.id });
        if (!account) return false;
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
        // The profile goes first: its current language refers to one of the user's languages.
        await tx.delete(profiles).where(eq(profiles.userId, userId));
        await tx.delete(userLanguages).where(eq(userLanguages.userId, userId));
        await tx
          .delete(referrals)
          .where(or(eq(referrals.inviterId, userId), eq(referrals.inviteeId, userId)));
        await tx.update(users).set({ referredBy: null }).where(eq(users.referredBy, userId));
        return true;
      });
    },
  };
}
