import {
  PROFILE_ERROR_KEYS,
  updateProfileBodySchema,
  type ProfileErrorKey,
  type UpdateProfileBody,
} from '@parlo/contract/profiles';

export type ProfileField = 'name' | 'country';
export type ProfileFieldErrors = Partial<Record<ProfileField, ProfileErrorKey>>;

function isErrorKey(value: unknown): value is ProfileErrorKey {
  return typeof value === 'string' && (PROFILE_ERROR_KEYS as readonly string[]).includes(value);
}

function isField(value: unknown): value is ProfileField {
  return value === 'name' || value === 'country';
}

export type ProfileChanges = { name?: string; country?: string };

export type ParsedProfileChanges =
  { ok: true; body: UpdateProfileBody } | { ok: false; errors: ProfileFieldErrors };

/** The same rules the server applies (spec §5); failures as translation keys per field. */
export function parseProfileChanges(changes: ProfileChanges): ParsedProfileChanges {
  const result = updateProfileBodySchema.safeParse(changes);
  if (result.success) return { ok: true, body: result.data };
  const errors: ProfileFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isField(field) && isErrorKey(issue.message)) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The per-field keys of a 400 'Invalid profile data' answer, when the error carries them. */
export function serverFieldErrors(error: unknown): ProfileFieldErrors {
  if (typeof error !== 'object' || error === null || !('fields' in error)) return {};
  const { fields } = error;
  if (typeof fields !== 'object' || fields === null) return {};
  const errors: ProfileFieldErrors = {};
  for (const [field, key] of Object.entries(fields)) {
    if (isField(field) && isErrorKey(key)) errors[field] = key;
  }
  return errors;
}
