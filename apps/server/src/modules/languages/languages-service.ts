import { LANGUAGE_CODES, type LanguageCode } from '@parlo/contract/constants';
import type { Language } from '@parlo/contract/languages';
import type { LanguagesRepo } from './languages-repo.ts';

export interface LanguagesService {
  listLanguages(): Promise<Language[]>;
}

const isKnownCode = (code: string): code is LanguageCode =>
  (LANGUAGE_CODES as readonly string[]).includes(code);

export function createLanguagesService(deps: {
  languagesRepo: Pick<LanguagesRepo, 'listAll'>;
}): LanguagesService {
  return {
    async listLanguages() {
      const rows = await deps.languagesRepo.listAll();
      // A row added in the database before the code knows its language stays hidden until then.
      return rows.flatMap(({ code, nativeName, available }) =>
        isKnownCode(code) ? [{ code, nativeName, available }] : [],
      );
    },
  };
}
