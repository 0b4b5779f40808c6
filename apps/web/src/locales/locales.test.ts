import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES } from '@parlo/contract/constants';

const localesDir = dirname(fileURLToPath(import.meta.url));

/** i18next plural forms: Korean and Japanese need only `_other` where English has `_one` too. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Leaves = Map<string, unknown>;

function flatten(value: unknown, prefix = '', leaves: Leaves = new Map()): Leaves {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, leaves);
    }
  } else {
    leaves.set(prefix.replace(PLURAL_SUFFIX, ''), value);
  }
  return leaves;
}

function readNamespace(language: string, namespace: string): Leaves | null {
  try {
    return flatten(
      JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8')),
    );
  } catch {
    return null;
  }
}

function placeholders(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const found = value.match(/\{\{\s*[\w.]+\s*\}\}|<\/?\w+\s*\/?>/g) ?? [];
  return [...new Set(found.map((token) => token.replace(/\s+/g, '')))].sort();
}

const languageDirs = readdirSync(localesDir).filter((entry) =>
  statSync(join(localesDir, entry)).isDirectory(),
);
const namespaces = [
  ...new Set(
    languageDirs.flatMap((language) =>
      readdirSync(join(localesDir, language))
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.slice(0, -'.json'.length)),
    ),
  ),
].sort();

describe('locale files', () => {
  it('has exactly one folder per interface language', () => {
    expect([...languageDirs].sort()).toEqual([...INTERFACE_LANGUAGES].sort());
  });

  it('finds the shell namespaces', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'auth']));
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    const byLanguage = new Map(
      INTERFACE_LANGUAGES.map((language) => [language, readNamespace(language, namespace)]),
    );
    const allKeys = new Set(
      [...byLanguage.values()].flatMap((leaves) => [...(leaves?.keys() ?? [])]),
    );

    it('exists and parses in every language', () => {
      const missing = INTERFACE_LANGUAGES.filter((language) => byLanguage.get(language) === null);
      expect(missing, `${namespace}.json is missing or invalid in`).toEqual([]);
    });

    it.each([...INTERFACE_LANGUAGES])('has every key, none empty, in %s', (language) => {
      const leaves = byLanguage.get(language);
      if (!leaves) return;
      const missing = [...allKeys].filter((key) => !leaves.has(key)).sort();
      const empty = [...leaves]
        .filter(([, value]) => typeof value === 'string' && value.trim() === '')
        .map(([key]) => key)
        .sort();
      expect({ missing, empty }, `${language}/${namespace}.json`).toEqual({
        missing: [],
        empty: [],
      });
    });

    it.each([...INTERFACE_LANGUAGES])(
      'keeps the placeholders and tags of English in %s',
      (language) => {
        const english = byLanguage.get('en');
        const leaves = byLanguage.get(language);
        if (!english || !leaves || language === 'en') return;
        const mismatched = [...english]
          .filter(([key]) => leaves.has(key))
          .filter(
            ([key, value]) => placeholders(value).join() !== placeholders(leaves.get(key)).join(),
          )
          .map(([key]) => key);
        expect(mismatched, `${language}/${namespace}.json`).toEqual([]);
      },
    );
  });
});
