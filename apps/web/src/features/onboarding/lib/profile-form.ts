import { MIN_AGE } from '@parlo/contract/constants';
import {
  PROFILE_ERROR_KEYS,
  createProfileBodySchema,
  type CreateProfileBody,
  type Gender,
  type ProfileErrorKey,
} from '@parlo/contract/profiles';

export const PROFILE_FIELDS = ['name', 'gender', 'dateOfBirth', 'country'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export type ProfileFormValues = {
  name: string;
  gender: Gender | '';
  /** As a date input gives it: `YYYY-MM-DD`, or '' while empty or incomplete. */
  dateOfBirth: string;
  country: string;
};

export type ProfileFieldErrors = Partial<Record<ProfileField, ProfileErrorKey>>;

export const EMPTY_PROFILE_FORM: ProfileFormValues = {
  name: '',
  gender: '',
  dateOfBirth: '',
  country: '',
};

const pad = (value: number) => String(value).padStart(2, '0');

/** A calendar date from the date input as the UTC-midnight timestamp the API expects. */
export function dateInputToIso(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : '';
}

/** The date picker's maximum: today's date, MIN_AGE years ago (28 February for a 29th). */
export function latestBirthDate(today: Date): string {
  const year = today.getFullYear() - MIN_AGE;
  const month = today.getMonth();
  const lastDay = new Date(year, month + 1, 0).getDate();
  const day = Math.min(today.getDate(), lastDay);
  return `${year}-${pad(month + 1)}-${pad(day)}`;
}

const FALLBACK_KEYS: Record<ProfileField, ProfileErrorKey> = {
  name: 'nameRequired',
  gender: 'genderRequired',
  dateOfBirth: 'dateOfBirthInvalid',
  country: 'countryRequired',
};

function isProfileField(value: unknown): value is ProfileField {
  return (PROFILE_FIELDS as readonly unknown[]).includes(value);
}

function isErrorKey(value: unknown): value is ProfileErrorKey {
  return (PROFILE_ERROR_KEYS as readonly unknown[]).includes(value);
}

/** The server's `fields` of a 400, kept to the fields and keys this form knows. */
export function fieldErrorsFrom(fields: Readonly<Record<string, string>> | undefined) {
  const errors: ProfileFieldErrors = {};
  for (const [field, key] of Object.entries(fields ?? {})) {
    if (isProfileField(field)) errors[field] = isErrorKey(key) ? key : FALLBACK_KEYS[field];
  }
  return errors;
}

export type ProfileValidation =
  { ok: true; body: CreateProfileBody } | { ok: false; errors: ProfileFieldErrors };

/** Checks the form with the contract's own schema, so the browser and server agree on each rule. */
export function validateProfileForm(values: ProfileFormValues, now: Date): ProfileValidation {
  const result = createProfileBodySchema(() => now).safeParse({
    name: values.name,
    gender: values.gender || undefined,
    country: values.country || undefined,
    dateOfBirth: dateInputToIso(values.dateOfBirth),
  });
  if (result.success) return { ok: true, body: result.data };
  const errors: ProfileFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (!isProfileField(field) || errors[field]) continue;
    errors[field] = isErrorKey(issue.message) ? issue.message : FALLBACK_KEYS[field];
  }
  return { ok: false, errors };
}
