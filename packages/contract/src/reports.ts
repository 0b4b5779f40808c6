import { z } from 'zod';
import { REPORT_COMMENT_MAX_LENGTH, REPORT_REASONS, REPORTS_PER_DAY } from './constants.ts';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './text.ts';

/** A report of the partner of a session (spec §3 Report, §7 POST /api/v1/reports). */

export const reportReasonSchema = z.enum(REPORT_REASONS, {
  error: `reason must be one of ${REPORT_REASONS.join(', ')}`,
});

/** Optional details: trimmed, and null when nothing is left. */
export const reportCommentSchema = z
  .string({ error: 'comment must be text' })
  .refine(isStorableText, { error: `comment ${UNSTORABLE_TEXT_MESSAGE}` })
  .trim()
  .max(REPORT_COMMENT_MAX_LENGTH, {
    error: `comment must be at most ${REPORT_COMMENT_MAX_LENGTH} characters`,
  })
  .transform((comment) => comment || null)
  .nullable()
  .optional();

export const reportCreateBodySchema = z.strictObject({
  reportedUserId: z.uuid({ error: 'reportedUserId must be a user id' }),
  sessionId: z.uuid({ error: 'sessionId must be a session id' }),
  reason: reportReasonSchema,
  comment: reportCommentSchema,
  /** A report filed from a frame guard flag (issue 18): the flag whose score it carries. */
  frameFlagId: z.uuid({ error: 'frameFlagId must be a flag id' }).optional(),
});
/** What the client sends (`comment` may be '' or absent). */
export type ReportCreateInput = z.input<typeof reportCreateBodySchema>;
/** What the server reads (`comment` trimmed, null when empty). */
export type ReportCreateBody = z.output<typeof reportCreateBodySchema>;

export const reportSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/** The 429 of the daily cap (spec §8), word for word. */
export const REPORT_LIMIT_MESSAGE = `You've reached your daily report limit. You can report up to ${REPORTS_PER_DAY} users per day.`;
