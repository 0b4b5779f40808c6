import { z } from 'zod';
import { COUNTRY_CODES } from './countries.ts';
import { MAX_AGE, MIN_AGE, NAME_MAX_LENGTH } from './constants.ts';
import { userLanguageSchema } from './user-languages.ts';

export const GENDERS = ['male', 'female', 'prefer_not_to_say'] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

/**
 * The i18n keys profile validation answers with (spec §5); the clients translate them, and the
 * server sends them back per field in the `fields` of a 400.
 */
export const PROFILE_ERROR_KEYS = [
  'nameRequired',
  'nameMaxLength',
  'namePattern',
  'genderRequired',
  'countryRequired',
  'dateOfBirthRequired',
  'dateOfBirthInvalid',
  'ageMin',
  'ageMax',
] as const;
export type ProfileErrorKey = (typeof PROFILE_ERROR_KEYS)[number];

/** Letters and combining marks of any script, spaces, hyphens and both kinds of apostrophe. */
const NAME_PATTERN = /^[\p{L}\p{M}'’ -]+$/u;

/** The first rule a (trimmed) name breaks, or null when it is valid. */
export function nameError(trimmed: string): ProfileErrorKey | null {
  if (trimmed.length === 0) return 'nameRequired';
  if (trimmed.length > NAME_MAX_LENGTH) return 'nameMaxLength';
  if (!NAME_PATTERN.test(trimmed)) return 'namePattern';
  return null;
}

export const nameSchema = z
  .string({ error: 'nameRequired' })
  .trim()
  .superRefine((value, ctx) => {
    const key = nameError(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

const UTC_MIDNIGHT = /^(\d{4})-(\d{2})-(\d{2})T00:00:00(?:\.0{1,3})?Z$/;

/** The calendar date of a UTC-midnight ISO timestamp, or null for anything else. */
export function parseDateOfBirth(
  value: string,
): { year: number; month: number; day: number } | null {
  const match = UTC_MIDNIGHT.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2001-02-30 over into March; a real date survives the round trip.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Full years between a date of birth (UTC-midnight ISO timestamp) and `today`, in UTC. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const birth = parseDateOfBirth(dateOfBirth);
  if (!birth) return Number.NaN;
  const month = today.getUTCMonth() + 1;
  const day = today.getUTCDate();
  const birthdayPassed = month > birth.month || (month === birth.month && day >= birth.day);
  return today.getUTCFullYear() - birth.year - (birthdayPassed ? 0 : 1);
}

/** The first rule a date of birth breaks on `today`, or null when it is acceptable. */
export function dateOfBirthError(value: string, today: Date): ProfileErrorKey | null {
  if (value.length === 0) return 'dateOfBirthRequired';
  if (!parseDateOfBirth(value) || Date.parse(value) > today.getTime()) return 'dateOfBirthInvalid';
  const age = ageOn(value, today);
  if (age < MIN_AGE) return 'ageMin';
  if (age > MAX_AGE) return 'ageMax';
  return null;
}

export const countrySchema = z.enum(COUNTRY_CODES, { error: 'countryRequired' });

/**
 * `{name, gender, country, dateOfBirth}` of onboarding; `now` is read at each validation so the
 * age limits move with the clock (the server passes its injectable clock).
 */
export function createProfileBodySchema(now: () => Date) {
  return z.object({
    name: nameSchema,
    gender: z.enum(GENDERS, { error: 'genderRequired' }),
    country: countrySchema,
    dateOfBirth: z.string({ error: 'dateOfBirthRequired' }).superRefine((value, ctx) => {
      const key = dateOfBirthError(value, now());
      if (key) ctx.addIssue({ code: 'custom', message: key });
    }),
  });
}
export type CreateProfileBody = z.infer<ReturnType<typeof createProfileBodySchema>>;

/** Settings may change these three; the date of birth is fixed once given. */
export const updateProfileBodySchema = z
  .object({
    name: nameSchema.optional(),
    gender: z.enum(GENDERS, { error: 'genderRequired' }).optional(),
    country: countrySchema.optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.gender !== undefined || body.country !== undefined,
    { message: 'atLeastOneField' },
  );
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const profileSchema = z.object({
  /** The owner's user id: a user has at most one profile. */
  id: z.string(),
  name: z.string(),
  gender: genderSchema,
  country: z.string().length(2),
  /** UTC-midnight ISO timestamp, as it was given. */
  dateOfBirth: z.string(),
  age: z.number().int(),
  imageUrl: z.string().nullable(),
  /** The current practice language; null until one is added. */
  languageCode: z.string().nullable(),
  languages: z.array(userLanguageSchema),
});
export type Profile = z.infer<typeof profileSchema>;
