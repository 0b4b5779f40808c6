import type { ProficiencyLevel } from '@parlo/contract/constants';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { languages } from '../../db/tables/catalogue.ts';
import { profiles, userLanguages } from '../../db/tables/users.ts';

export interface LanguageRow {
  code: string;
  nativeName: string;
  available: boolean;
}

export interface UserLanguageRow {
  id: string;
  languageCode: string;
  proficiencyLevel: ProficiencyLevel;
}

export type RemoveResult = 'removed' | 'not_found' | 'current';

const userLanguageColumns = {
  id: userLanguages.id,
  languageCode: userLanguages.languageCode,
  proficiencyLevel: userLanguages.proficiencyLevel,
};

const ownLanguage = (userId: string, languageCode: string) =>
  and(eq(userLanguages.userId, userId), eq(userLanguages.languageCode, languageCode));

export interface LanguagesRepo {
  listAll(): Promise<LanguageRow[]>;
  findLanguage(code: string): Promise<LanguageRow | undefined>;
  hasProfile(userId: string): Promise<boolean>;
  listUserLanguages(userId: string): Promise<UserLanguageRow[]>;
  /**
   * Adds the language and, when the user has no current language yet, makes it the current one,
   * in one transaction. Null when the user already has it.
   */
  addUserLanguage(
    userId: string,
    languageCode: string,
    level: ProficiencyLevel,
  ): Promise<UserLanguageRow | null>;
  updateProficiency(
    userId: string,
    languageCode: string,
    level: ProficiencyLevel,
  ): Promise<UserLanguageRow | undefined>;
  removeUserLanguage(userId: string, languageCode: string): Promise<RemoveResult>;
  /** False when the user does not have the language. */
  setCurrentLanguage(userId: string, languageCode: string): Promise<boolean>;
}

export function createLanguagesRepo(db: Database): LanguagesRepo {
  return {
    listAll() {
      return db
        .select({
          code: languages.code,
          nativeName: languages.nativeName,
          available: languages.available,
        })
        .from(languages)
        .orderBy(asc(languages.sortOrder), asc(languages.code));
    },

    async findLanguage(code) {
      const [row] = await db
        .select({
          code: languages.code,
          nativeName: languages.nativeName,
          available: languages.available,
        })
        .from(languages)
        .where(eq(languages.code, code))
        .limit(1);
      return row;
    },

    async hasProfile(userId) {
      const [row] = await db
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .limit(1);
      return row !== undefined;
    },

    listUserLanguages(userId) {
      return db
        .select(userLanguageColumns)
        .from(userLanguages)
        .where(eq(userLanguages.userId, userId))
        .orderBy(asc(userLanguages.createdAt), asc(userLanguages.id));
    },

    async addUserLanguage(userId, languageCode, level) {
      try {
        return await db.transaction(async (tx) => {
          const [added] = await tx
            .insert(userLanguages)
            .values({ userId, languageCode, proficiencyLevel: level })
            .returning(userLanguageColumns);
          if (!added) throw new Error('insert returned no row');
          // Only a profile without a current language takes the new one; the foreign key to
          // user_languages is satisfied by the row just inserted.
          const [profile] = await tx
            .select({ current: profiles.currentLanguageCode })
            .from(profiles)
            .where(eq(profiles.userId, userId))
            .for('update');
          if (profile && profile.current === null) {
            await tx
              .update(profiles)
              .set({ currentLanguageCode: languageCode })
              .where(eq(profiles.userId, userId));
          }
          return added;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'user_languages_user_language_key')) return null;
        throw error;
      }
    },

    async updateProficiency(userId, languageCode, level) {
      const [row] = await db
        .update(userLanguages)
        .set({ proficiencyLevel: level })
        .where(ownLanguage(userId, languageCode))
        .returning(userLanguageColumns);
      return row;
    },

    removeUserLanguage(userId, languageCode) {
      return db.transaction(async (tx) => {
        // Locking the profile keeps a concurrent "set current" from choosing this language
        // between the check and the delete.
        const [profile] = await tx
          .select({ current: profiles.currentLanguageCode })
          .from(profiles)
          .where(eq(profiles.userId, userId))
          .for('update');
        if (profile?.current === languageCode) return 'current';
        const removed = await tx
          .delete(userLanguages)
          .where(ownLanguage(userId, languageCode))
          .returning({ id: userLanguages.id });
        return removed.length > 0 ? 'removed' : 'not_found';
      });
    },

    setCurrentLanguage(userId, languageCode) {
      return db.transaction(async (tx) => {
        const [own] = await tx
          .select({ id: userLanguages.id })
          .from(userLanguages)
          .where(ownLanguage(userId, languageCode))
          .for('share');
        if (!own) return false;
        const updated = await tx
          .update(profiles)
          .set({ currentLanguageCode: languageCode })
          .where(eq(profiles.userId, userId))
          .returning({ userId: profiles.userId });
        return updated.length > 0;
      });
    },
  };
}
