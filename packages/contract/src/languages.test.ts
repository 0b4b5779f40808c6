import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './constants.ts';
import { languageListSchema } from './languages.ts';

describe('language catalogue schema', () => {
  it('covers the 12 codes of spec §3 once each', () => {
    expect(new Set(LANGUAGE_CODES).size).toBe(12);
  });

  it('accepts catalogue entries and refuses unknown codes', () => {
    expect(
      languageListSchema.safeParse([{ code: 'en', nativeName: 'English', available: true }])
        .success,
    ).toBe(true);
    expect(
      languageListSchema.safeParse([{ code: 'xx', nativeName: 'Nope', available: false }]).success,
    ).toBe(false);
  });
});
