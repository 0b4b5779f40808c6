import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from './constants.ts';

export const languageCodeSchema = z.enum(LANGUAGE_CODES);

/** True when the catalogue of spec §3 has `code`; anything else names no language. */
export function isLanguageCode(code: string): code is LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(code);
}

/** One entry of the practice-language catalogue (spec §3 Language). */
export const languageSchema = z.object({
  code: languageCodeSchema,
  nativeName: z.string(),
  available: z.boolean(),
});
export type Language = z.infer<typeof languageSchema>;

export const languageListSchema = z.array(languageSchema);
