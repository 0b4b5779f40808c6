import { z } from 'zod';

/**
 * Every error the API answers has this shape (spec §8: "an object holding a code"). `code` is a
 * domain code (number or snake_case string) when one exists, otherwise the HTTP status.
 */
export const errorEnvelopeSchema = z.object({
  code: z.union([z.number().int(), z.string()]),
  message: z.string(),
  /** On a refused form: field name → i18n key of the first rule it broke (e.g. `namePattern`). */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type ErrorCode = ErrorEnvelope['code'];

// The codes live in a zod-free module so the browser can import them alone.
export { ERROR_CODES } from './error-codes.ts';
