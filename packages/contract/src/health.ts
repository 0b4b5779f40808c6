import { z } from 'zod';
import { errorEnvelopeSchema } from './errors.ts';

/** `redis` is there only when the server shares its live state through Redis (REDIS_URL). */
export const healthOkSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  redis: z.literal('ok').optional(),
});
export type HealthOk = z.infer<typeof healthOkSchema>;

/** A failed check still uses the error envelope, so generic error handling in clients applies. */
export const healthUnavailableSchema = errorEnvelopeSchema.extend({
  status: z.literal('unavailable'),
  database: z.enum(['ok', 'down']),
  redis: z.enum(['ok', 'down']).optional(),
});
export type HealthUnavailable = z.infer<typeof healthUnavailableSchema>;
