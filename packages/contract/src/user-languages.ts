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
 * Any short code is accepted here: whether the catalogue knows it is the server's answer
 * (404 'Language not found'), not a malformed request.
 */
const languageCodeInputSchema = z.string().trim().min(1).max(16);

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
  languageCode: z.string().min(1).max(16),
});
export type UserLanguageParams = z.infer<typeof userLanguageParamsSchema>;
