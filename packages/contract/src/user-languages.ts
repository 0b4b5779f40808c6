import { z } from 'zod';
import { PROFICIENCY_LEVELS } from './constants.ts';

export const proficiencyLevelSchema = z.enum(PROFICIENCY_LEVELS);

/** One language a user practises (spec §3 UserLanguage). */
export const userLanguageSchema = z.object({
  id: z.string(),
  languageCode: z.string(),
  proficiencyLevel: proficiencyLevelSchema,
});
export type UserLanguage = z.infer<typeof userLanguageSchema>;

export const userLanguageListSchema = z.array(userLanguageSchema);

/**
 * A language code as a request may name one: shaped like the catalogue's codes (letters, BCP 47
 * subtags), so no other character ever reaches the database. Whether the catalogue knows the code
 * (`isLanguageCode`) is the server's answer, 404 'Language not found' (spec §8), not a malformed
 * request.
 */
const LANGUAGE_CODE_SHAPE = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/;
const languageCodeInputSchema = z
  .string()
  .trim()
  .max(16)
  .regex(LANGUAGE_CODE_SHAPE, 'must be a language code');

export const addUserLanguageBodySchema = z.object({
  languageCode: languageCodeInputSchema,
  proficiencyLevel: proficiencyLevelSchema,
});
export type AddUserLanguageBody = z.infer<typeof addUserLanguageBodySchema>;

export const updateProficiencyBodySchema = z.object({
  proficiencyLevel: proficiencyLevelSchema,
});
export type UpdateProficiencyBody = z.infer<typeof updateProficiencyBodySchema>;

export const setCurrentLanguageBodySchema = z.object({
  languageCode: languageCodeInputSchema,
});
export type SetCurrentLanguageBody = z.infer<typeof setCurrentLanguageBodySchema>;

export const userLanguageParamsSchema = z.object({
  languageCode: z.string().max(16).regex(LANGUAGE_CODE_SHAPE, 'must be a language code'),
});
export type UserLanguageParams = z.infer<typeof userLanguageParamsSchema>;
