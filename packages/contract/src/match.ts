import { z } from 'zod';
import { CONNECTION_TYPES, LANGUAGE_CODES, OFFER_TYPES } from './constants.ts';
import { storableText } from './text.ts';

/** Matching, offers, stats and a session's connection type (spec §7). */

export const languageCodeSchema = z.enum(LANGUAGE_CODES, {
  error: 'languageCode must be one of the catalogue codes',
});

export const matchFindBodySchema = z.strictObject({ languageCode: languageCodeSchema });
export type MatchFindBody = z.infer<typeof matchFindBodySchema>;

/** The answer to find: the user is queued; the match arrives as `session_created` on the socket. */
export const matchFindResultSchema = z.object({
  status: z.literal('searching'),
  languageCode: languageCodeSchema,
  searchStartTime: z.string(),
  /**
   * Present when the user has a last partner: matching avoids that partner until the search has
   * waited this long and nobody else fits (the any-level wait), so the page can say why.
   */
  rematchAfterMs: z.number().int().positive().optional(),
});
export type MatchFindResult = z.infer<typeof matchFindResultSchema>;

export const matchCancelResultSchema = z.object({ cancelled: z.boolean() });
export type MatchCancelResult = z.infer<typeof matchCancelResultSchema>;

export const offerCreateBodySchema = z.strictObject({
  peerId: z.uuid({ error: 'peerId must be a user id' }),
  languageCode: languageCodeSchema,
  type: z.enum(OFFER_TYPES),
});
export type OfferCreateBody = z.infer<typeof offerCreateBodySchema>;

export const offerParamsSchema = z.object({ id: storableText().max(64) });

export const statsQuerySchema = z.object({ language: languageCodeSchema.optional() });
export const statsSchema = z.object({
  users_online: z.number().int(),
  avg_wait_time_ms: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;

export const sessionConnectionBodySchema = z.strictObject({
  connectionType: z.enum(CONNECTION_TYPES),
});
export type SessionConnectionBody = z.infer<typeof sessionConnectionBodySchema>;
