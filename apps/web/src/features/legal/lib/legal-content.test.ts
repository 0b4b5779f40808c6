import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES } from '@parlo/contract/constants';
import en from '@/locales/en/legal.json';
import es from '@/locales/es/legal.json';
import ja from '@/locales/ja/legal.json';
import ko from '@/locales/ko/legal.json';
import pt from '@/locales/pt/legal.json';
import {
  formatLegalDate,
  isLegalItemArray,
  isStringArray,
  LEGAL_SECTIONS,
  sectionAnchor,
} from '@/features/legal/lib/legal-content';

const texts: Record<string, unknown> = { en, es, pt, ko, ja };

function at(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, key) =>
      typeof node === 'object' && node !== null
        ? (node as Record<string, unknown>)[key]
        : undefined,
    value,
  );
}

describe('legal texts', () => {
  it('has the section counts the specification names', () => {
    expect(LEGAL_SECTIONS.terms).toHaveLength(15);
    expect(LEGAL_SECTIONS.privacy).toHaveLength(13);
    expect(LEGAL_SECTIONS.cookies).toHaveLength(7);
  });

  for (const language of INTERFACE_LANGUAGES) {
    it(`gives every section a heading and paragraphs in ${language}`, () => {
      for (const [document, sections] of Object.entries(LEGAL_SECTIONS)) {
        for (const section of sections) {
          const base = [document, 'sections', section];
          expect(typeof at(texts[language], [...base, 'heading'])).toBe('string');
          expect(isStringArray(at(texts[language], [...base, 'paragraphs']))).toBe(true);
          const items = at(texts[language], [...base, 'items']);
          if (items !== undefined) expect(isLegalItemArray(items)).toBe(true);
        }
      }
    });

    it(`keeps the same lists and list lengths as English in ${language}`, () => {
      const shape = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(shape)
          : typeof value === 'object' && value !== null
            ? Object.fromEntries(
                Object.keys(value)
                  .sort()
                  .map((key) => [key, shape((value as Record<string, unknown>)[key])]),
              )
            : typeof value;
      expect(shape(texts[language])).toEqual(shape(en));
    });
  }

  it('states the promises the product makes in the English privacy policy', () => {
    const privacy = JSON.stringify(en.privacy);
    for (const promise of [
      'not recorded or stored',
      'only to make the connection',
      'European data centres',
      'within 30 days',
      'one account per person',
      'at least 16',
      'up to 3 users per day',
      'moderation team',
    ]) {
      expect(privacy).toContain(promise);
    }
  });
});

describe('legal helpers', () => {
  it('formats the last-updated day in the reader’s language', () => {
    expect(formatLegalDate('en')).toBe('26 November 2026');
    expect(formatLegalDate('ja')).toBe('2026年11月26日');
    expect(formatLegalDate('ko')).toBe('2026년 11월 26일');
  });

  it('turns section keys into readable anchors', () => {
    expect(sectionAnchor('law_contact')).toBe('law-contact');
  });

  it('accepts labelled bullets and rejects malformed ones', () => {
    expect(isLegalItemArray(['plain', { label: 'A:', text: 'b' }])).toBe(true);
    expect(isLegalItemArray([{ label: 'A:' }])).toBe(false);
    expect(isStringArray('legal.key')).toBe(false);
  });
});
