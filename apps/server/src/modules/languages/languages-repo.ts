import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { languages } from '../../db/tables/catalogue.ts';

export interface LanguageRow {
  code: string;
  nativeName: string;
  available: boolean;
}

export interface LanguagesRepo {
  listAll(): Promise<LanguageRow[]>;
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
  };
}
