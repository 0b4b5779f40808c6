import { z } from 'zod';
import { LANGUAGE_CODES } from './constants.ts';

export const languageCodeSchema = z.enum(LANGUAGE_CODES);

/** One entry of the practice-language catalogue (spec §3 Language). */
export const languageSchema = z.object({
  code: languageCodeSchema,
  nativeName: z.string(),
  available: z.boolean(),
});
export type Language = z.infer<typeof languageSchema>;

export const languageListSchema = z.array(languageSchema);
