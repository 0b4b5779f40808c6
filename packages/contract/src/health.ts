import { z } from 'zod';
import { errorEnvelopeSchema } from './errors.ts';

export const healthOkSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
});
export type HealthOk = z.infer<typeof healthOkSchema>;

/** A failed check still uses the error envelope, so generic error handling in clients applies. */
export const healthUnavailableSchema = errorEnvelopeSchema.extend({
  status: z.literal('unavailable'),
  database: z.literal('down'),
});
export type HealthUnavailable = z.infer<typeof healthUnavailableSchema>;
