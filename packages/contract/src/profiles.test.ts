import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode } from './countries.ts';
import { ageOn, createProfileBodySchema, nameSchema, updateProfileBodySchema } from './profiles.ts';

/** The message of the first issue, which is what the form and the server's `fields` show. */
function firstError(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return (result.error as { issues: { message: string }[] }).issues[0]?.message ?? null;
}

// Letters and marks of many scripts; none is a digit, an emoji or punctuation.
const SCRIPT_CHARS = [
  ...'abcxyzABCXYZéèüñçøåßœ',
  ...'민준서연지우한국',
  ...'さくらアキラ山田太郎',
  ...'Дмитрийжё',
  ...'Αλέξανδρος',
  ...'محمدعلي',
  ...'דוד',
  ...'अनिलप्रिया',
  ...'สมชาย',
  'e\u0301', // e + combining acute accent
];
const letter = fc.constantFrom(...SCRIPT_CHARS);
const separator = fc.constantFrom(' ', '-', "'", '’');

/** A plausible name: letter runs joined by separators, at most 50 characters once trimmed. */
const validName = fc
  .array(fc.tuple(fc.array(letter, { minLength: 1, maxLength: 8 }), separator), {
    minLength: 1,
    maxLength: 5,
  })
  .map((parts) =>
    parts
      .map(([letters, sep], i) => (i === 0 ? '' : sep) + letters.join(''))
      .join('')
      .slice(0, 50),
  )
  .filter((name) => name.trim().length > 0);

const EMOJI = ['😀', '👍🏽', '❤️', '🇰🇷', '👨‍👩‍👧', '🎉', '1️⃣'];
const forbidden = fc.oneof(
  fc.integer({ min: 0, max: 9 }).map(String),
  fc.constantFrom(...EMOJI),
  fc.constantFrom('٣', '४'), // digits of other scripts
);

describe('profile name', () => {
  it('accepts names made of letters and marks of any script, spaces, hyphens and apostrophes', () => {
    fc.assert(
      fc.property(validName, (name) => {
        expect(firstError(nameSchema, name)).toBeNull();
        expect(nameSchema.parse(`  ${name} `)).toBe(name.trim());
      }),
    );
  });

  it('refuses any name containing a digit or an emoji with namePattern', () => {
    fc.assert(
      fc.property(validName, forbidden, fc.nat(), (name, bad, at) => {
        const i = at % (name.length + 1);
        const candidate = (name.slice(0, i) + bad + name.slice(i)).slice(0, 48);
        fc.pre(candidate.includes(bad));
        expect(firstError(nameSchema, candidate)).toBe('namePattern');
      }),
    );
  });

  it('refuses more than 50 characters after trimming with nameMaxLength', () => {
    fc.assert(
      fc.property(fc.array(letter, { minLength: 51, maxLength: 80 }), fc.nat(5), (chars, pad) => {
        const name = ' '.repeat(pad) + chars.join('') + ' '.repeat(pad);
        fc.pre(name.trim().length > 50);
        expect(firstError(nameSchema, name)).toBe('nameMaxLength');
      }),
    );
    expect(firstError(nameSchema, `  ${'a'.repeat(50)}  `)).toBeNull();
  });

  it('refuses a missing, empty or blank name with nameRequired', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ \t\n]*$/), (blank) => {
        expect(firstError(nameSchema, blank)).toBe('nameRequired');
      }),
    );
    expect(firstError(nameSchema, undefined)).toBe('nameRequired');
  });
});

const DAY_MS = 86_400_000;
const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month, day)).toISOString();

/** Any instant from 1950 to 2100, avoiding 29 February so "the same day N years ago" exists. */
const instant = fc
  .date({
    min: new Date('1950-01-01T00:00:00Z'),
    max: new Date('2100-01-01T00:00:00Z'),
    noInvalidDate: true,
  })
  .filter((d) => !(d.getUTCMonth() === 1 && d.getUTCDate() === 29));

const sameDayYearsAgo = (now: Date, years: number) =>
  iso(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate());

describe('profile date of birth and age', () => {
  const body = (dateOfBirth: unknown) => ({
    name: 'Ada',
    gender: 'female',
    country: 'KR',
    dateOfBirth,
  });
  const dobError = (now: Date, dateOfBirth: unknown) => {
    const result = createProfileBodySchema(() => now).safeParse(body(dateOfBirth));
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };

  it('accepts a birth date exactly 16 years before now and refuses one day later with ageMin', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const sixteen = sameDayYearsAgo(now, 16);
        expect(ageOn(sixteen, now)).toBe(16);
        expect(dobError(now, sixteen)).toBeNull();
        const dayLater = new Date(Date.parse(sixteen) + DAY_MS).toISOString();
        expect(ageOn(dayLater, now)).toBe(15);
        expect(dobError(now, dayLater)).toBe('ageMin');
      }),
    );
  });

  it('accepts 120 full years and refuses 121 with ageMax', () => {
    fc.assert(
      fc.property(instant, (now) => {
        expect(dobError(now, sameDayYearsAgo(now, 120))).toBeNull();
        expect(dobError(now, sameDayYearsAgo(now, 121))).toBe('ageMax');
      }),
    );
  });

  it('refuses a date in the future with dateOfBirthInvalid', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 20_000 }), (now, days) => {
        const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
        expect(dobError(now, new Date(midnight + days * DAY_MS).toISOString())).toBe(
          'dateOfBirthInvalid',
        );
      }),
    );
  });

  it('refuses unparseable dates and instants that are not UTC midnight', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    for (const value of [
      'yesterday',
      '2000-02-30T00:00:00.000Z',
      '2000-05-17T05:00:00.000Z',
      '2000-05-17T00:00:00+09:00',
      '2000-13-01T00:00:00.000Z',
    ]) {
      expect(dobError(now, value), value).toBe('dateOfBirthInvalid');
    }
    expect(dobError(now, '')).toBe('dateOfBirthRequired');
    expect(dobError(now, undefined)).toBe('dateOfBirthRequired');
    expect(dobError(now, '2000-05-17T00:00:00Z')).toBeNull();
  });

  it('counts a birthday as reached only on its day', () => {
    const dob = '2000-05-17T00:00:00.000Z';
    expect(ageOn(dob, new Date('2026-05-16T23:59:59Z'))).toBe(25);
    expect(ageOn(dob, new Date('2026-05-17T00:00:00Z'))).toBe(26);
  });
});

describe('profile bodies', () => {
  const now = () => new Date('2026-06-01T12:00:00Z');

  it('names the first broken rule of each field', () => {
    const result = createProfileBodySchema(now).safeParse({ name: 'R2D2', country: 'ZZ' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(byField).toEqual({
      name: 'namePattern',
      gender: 'genderRequired',
      country: 'countryRequired',
      dateOfBirth: 'dateOfBirthRequired',
    });
  });

  it('requires at least one field to update, and never takes a date of birth', () => {
    expect(updateProfileBodySchema.safeParse({}).success).toBe(false);
    expect(updateProfileBodySchema.parse({ country: 'XK', dateOfBirth: 'x' })).toEqual({
      country: 'XK',
    });
  });
});

describe('countries', () => {
  it('lists the 249 ISO 3166-1 codes and Kosovo, once each', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect(isCountryCode('XK')).toBe(true);
    expect(isCountryCode('KR')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
    expect(isCountryCode('kr')).toBe(false);
  });
});
