import { isLanguageCode } from '@parlo/contract/languages';
import type {
  AddUserLanguageBody,
  SetCurrentLanguageBody,
  UpdateProficiencyBody,
  UserLanguage,
} from '@parlo/contract/user-languages';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { LanguagesRepo } from './languages-repo.ts';

export interface UserLanguagesService {
  list(userId: string): Promise<UserLanguage[]>;
  add(userId: string, body: AddUserLanguageBody): Promise<UserLanguage>;
  updateProficiency(
    userId: string,
    languageCode: string,
    body: UpdateProficiencyBody,
  ): Promise<UserLanguage>;
  remove(userId: string, languageCode: string): Promise<void>;
  setCurrent(userId: string, body: SetCurrentLanguageBody): Promise<void>;
}

const LANGUAGE_NOT_FOUND = 'Language not found';

/** A code outside the catalogue names no language: answered without asking the database. */
function catalogueCode(code: string): string {
  if (!isLanguageCode(code)) throw new NotFoundError(LANGUAGE_NOT_FOUND);
  return code;
}

export function createUserLanguagesService(deps: {
  languagesRepo: Omit<LanguagesRepo, 'listAll'>;
}): UserLanguagesService {
  const repo = deps.languagesRepo;

  return {
    list: (userId) => repo.listUserLanguages(userId),

    async add(userId, { languageCode, proficiencyLevel }) {
      if (!(await repo.hasProfile(userId))) throw new NotFoundError('Profile not found');
      const language = await repo.findLanguage(catalogueCode(languageCode));
      if (!language) throw new NotFoundError(LANGUAGE_NOT_FOUND);
      if (!language.available) throw new BadRequestError('The selected language is not available');
      const added = await repo.addUserLanguage(userId, languageCode, proficiencyLevel);
      if (!added) throw new ConflictError('You are already learning this language');
      return added;
    },

    async updateProficiency(userId, languageCode, { proficiencyLevel }) {
      const updated = await repo.updateProficiency(
        userId,
        catalogueCode(languageCode),
        proficiencyLevel,
      );
      if (!updated) throw new NotFoundError(LANGUAGE_NOT_FOUND);
      return updated;
    },

    async remove(userId, languageCode) {
      const result = await repo.removeUserLanguage(userId, catalogueCode(languageCode));
      if (result === 'not_found') throw new NotFoundError(LANGUAGE_NOT_FOUND);
      if (result === 'current') throw new ConflictError('The current language cannot be removed');
    },

    async setCurrent(userId, { languageCode }) {
      if (!(await repo.setCurrentLanguage(userId, catalogueCode(languageCode)))) {
        throw new NotFoundError(LANGUAGE_NOT_FOUND);
      }
    },
  };
}
