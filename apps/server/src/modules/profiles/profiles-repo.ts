import type { Gender } from '@parlo/contract/profiles';
import type { ProficiencyLevel } from '@parlo/contract/constants';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { profiles, userLanguages, users } from '../../db/tables/users.ts';

export interface ProfileRecord {
  userId: string;
  name: string;
  gender: Gender;
  country: string;
  /** Calendar date, YYYY-MM-DD. */
  dateOfBirth: string;
  currentLanguageCode: string | null;
  imageUrl: string | null;
  languages: { id: string; languageCode: string; proficiencyLevel: ProficiencyLevel }[];
}

export interface NewProfile {
  name: string;
  gender: Gender;
  country: string;
  dateOfBirth: string;
  now: Date;
}

export type ProfileChanges = Partial<Pick<NewProfile, 'name' | 'gender' | 'country'>>;

export interface ProfilesRepo {
  findProfile(userId: string): Promise<ProfileRecord | undefined>;
  /** False when the user already has a profile. */
  createProfile(userId: string, profile: NewProfile): Promise<boolean>;
  /** False when the user has no profile. */
  updateProfile(userId: string, changes: ProfileChanges, now: Date): Promise<boolean>;
}

export function createProfilesRepo(db: Database): ProfilesRepo {
  return {
    async findProfile(userId) {
      const [row] = await db
        .select({
          userId: profiles.userId,
          name: profiles.name,
          gender: profiles.gender,
          country: profiles.country,
          dateOfBirth: profiles.dateOfBirth,
          currentLanguageCode: profiles.currentLanguageCode,
          // The profile's own picture when set, else the one the provider gave at sign-in.
          imageUrl: sql<string | null>`coalesce(${profiles.imageUrl}, ${users.imageUrl})`,
        })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(profiles.userId, userId))
        .limit(1);
      if (!row) return undefined;
      const languages = await db
        .select({
          id: userLanguages.id,
          languageCode: userLanguages.languageCode,
          proficiencyLevel: userLanguages.proficiencyLevel,
        })
        .from(userLanguages)
        .where(eq(userLanguages.userId, userId))
        .orderBy(asc(userLanguages.createdAt), asc(userLanguages.id));
      return { ...row, languages };
    },

    async createProfile(userId, profile) {
      try {
        await db.insert(profiles).values({
          userId,
          name: profile.name,
          gender: profile.gender,
          country: profile.country,
          dateOfBirth: profile.dateOfBirth,
          createdAt: profile.now,
          updatedAt: profile.now,
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error, 'profiles_pkey')) return false;
        throw error;
      }
    },

    async updateProfile(userId, changes, now) {
      const updated = await db
        .update(profiles)
        .set({ ...changes, updatedAt: now })
        .where(eq(profiles.userId, userId))
        .returning({ userId: profiles.userId });
      return updated.length > 0;
    },
  };
}
