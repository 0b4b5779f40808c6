import { LANGUAGE_CODES, type LanguageCode } from '@parlo/contract/constants';
import type { Language } from '@parlo/contract/languages';
import type { Clock } from '../../lib/clock.ts';
import type { LanguagesRepo } from './languages-repo.ts';

export interface LanguagesService {
  listLanguages(): Promise<Language[]>;
}

/**
 * The catalogue changes only when an operator opens a language, so every instance keeps it for
 * half a minute instead of asking the database on each of the many reads (every screen with a
 * language picker asks).
 */
export const CATALOGUE_TTL_MS = 30_000;

const isKnownCode = (code: string): code is LanguageCode =>
  (LANGUAGE_CODES as readonly string[]).includes(code);

export function createLanguagesService(deps: {
  languagesRepo: Pick<LanguagesRepo, 'listAll'>;
  clock: Clock;
}): LanguagesService {
  let cached: { loadedAt: number; languages: Promise<Language[]> } | null = null;

  async function load() {
    const rows = await deps.languagesRepo.listAll();
    // A row added in the database before the code knows its language stays hidden until then.
    return rows.flatMap(({ code, nativeName, available }) =>
      isKnownCode(code) ? [{ code, nativeName, available }] : [],
    );
  }

  return {
    listLanguages() {
      const now = deps.clock.now().getTime();
      if (!cached || now - cached.loadedAt >= CATALOGUE_TTL_MS) {
        const languages = load();
        cached = { loadedAt: now, languages };
        // A failed read is not kept: the next request asks the database again.
        languages.catch(() => {
          if (cached?.languages === languages) cached = null;
        });
      }
      return cached.languages;
    },
  };
}
