import { z } from 'zod';
import { storableText } from './text.ts';

/**
 * A moderator's warning, as the warned user reads it (never the moderator, the report or anyone
 * else's data): the note the moderator wrote for them and when. A warning stays listed until the
 * user acknowledges it.
 */
export const accountWarningSchema = z.object({
  id: z.string(),
  reason: z.string(),
  /** ISO 8601 instant the moderator gave the warning. */
  issuedAt: z.string(),
});
export type AccountWarning = z.infer<typeof accountWarningSchema>;

/** GET /users/me/warnings: the signed-in user's unacknowledged warnings, oldest first. */
export const accountWarningListSchema = z.object({ data: z.array(accountWarningSchema) });
export type AccountWarningList = z.infer<typeof accountWarningListSchema>;

/**
 * POST /users/me/warnings/{id}/acknowledge answers 204, also for a warning already acknowledged;
 * 404 `{code: 404, message: 'Warning not found'}` for an id that is not one of the user's warnings.
 */
export const accountWarningParamsSchema = z.object({ id: storableText().max(64) });
