import { z } from 'zod';
import { REPORT_REASONS, SESSION_END_REASONS } from './constants.ts';
import { userStatusSchema } from './users.ts';
import { isStorableText, storableText, UNSTORABLE_TEXT_MESSAGE } from './text.ts';

/**
 * The moderation console's API (issue 7), under /api/v1/moderation. Every route answers 403
 * `forbidden` to anyone whose role is not moderator or admin; roles are granted only by
 * `npm run admin -- grant-moderator <email>`. Nothing here carries call content: sessions appear
 * only as their technical data.
 */

/**
 * Distinct reporters within 24 h that take a user out of matching (their POST /match/find answers
 * 403 `under_review`) and flag them at the top, until a moderator acts on them.
 */
export const ESCALATION_DISTINCT_REPORTERS = 3;
export const ESCALATION_WINDOW_HOURS = 24;

/** Temporary block lengths offered by the console, in hours (the API takes any of 1..8760). */
export const TEMPORARY_BLOCK_PRESET_HOURS = [1, 24, 72, 168, 720] as const;
export const TEMPORARY_BLOCK_MAX_HOURS = 8_760;
export const MODERATION_NOTE_MAX_LENGTH = 1_000;
export const MODERATION_PAGE_SIZE = 50;

export const MODERATION_ACTION_TYPES = [
  'dismiss',
  'warn',
  'temporary_block',
  'permanent_block',
  'unblock',
] as const;
export type ModerationActionType = (typeof MODERATION_ACTION_TYPES)[number];

/**
 * What the history shows: the moderators' actions, and 'escalate' when the system held a user
 * out of matching after ESCALATION_DISTINCT_REPORTERS reports (moderator null). Never a body's
 * `action`: only the system escalates.
 */
export const MODERATION_HISTORY_ACTION_TYPES = [...MODERATION_ACTION_TYPES, 'escalate'] as const;
export type ModerationHistoryActionType = (typeof MODERATION_HISTORY_ACTION_TYPES)[number];

export const MODERATION_REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ModerationReportStatus = (typeof MODERATION_REPORT_STATUSES)[number];

/** GET /moderation/access: 200 for moderators (the web shows the console), 403 for others. */
export const moderationAccessSchema = z.object({
  role: z.enum(['moderator', 'admin']),
});
export type ModerationAccess = z.infer<typeof moderationAccessSchema>;

/** A person as the console shows them: never more than a moderator needs to decide. */
export const moderationPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO 3166-1 alpha-2, or null before onboarding. */
  country: z.string().nullable(),
  /** When the account was created (account age is computed from it). */
  createdAt: z.string(),
  status: userStatusSchema,
  blockedUntil: z.string().nullable(),
  /** Reports received, ever and in the last 7 days. */
  reportsTotal: z.number().int(),
  reportsLast7Days: z.number().int(),
  /** Set while the user is held out of matching by escalation; null otherwise. */
  escalatedAt: z.string().nullable(),
});
export type ModerationPerson = z.infer<typeof moderationPersonSchema>;

/** The reported session's technical data only. */
export const moderationSessionSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  endReason: z.enum(SESSION_END_REASONS).nullable(),
});
export type ModerationSession = z.infer<typeof moderationSessionSchema>;

export const moderationReportSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  /** The reporter's own words to the moderators (not call content); null when none. */
  comment: z.string().nullable(),
  status: z.enum(MODERATION_REPORT_STATUSES),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** Null when the reporter's account was deleted. */
  reporter: moderationPersonSchema.nullable(),
  reported: moderationPersonSchema,
  /** Null when the session's record is gone. */
  session: moderationSessionSchema.nullable(),
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;

/**
 * GET /moderation/reports?status=open|dismissed|actioned&cursor=…: open reports come with
 * escalated users first (newest escalation first), then newest report first.
 */
export const moderationReportsQuerySchema = z.strictObject({
  status: z.enum(MODERATION_REPORT_STATUSES).default('open'),
  /** Opaque; the `nextCursor` of the previous page. */
  cursor: storableText().max(200).optional(),
});
export const moderationReportsPageSchema = z.object({
  items: z.array(moderationReportSchema),
  nextCursor: z.string().nullable(),
});
export type ModerationReportsPage = z.infer<typeof moderationReportsPageSchema>;

export const moderationActionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  action: z.enum(MODERATION_HISTORY_ACTION_TYPES),
  /** The moderator's note; null when none was given. */
  reason: z.string().nullable(),
  blockedUntil: z.string().nullable(),
  reportId: z.string().nullable(),
  /** Null when the system acted (escalation) or the moderator's account is gone. */
  moderator: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** For a warning: when the warned user read it and said so; null until then and otherwise. */
  acknowledgedAt: z.string().nullable(),
});
export type ModerationAction = z.infer<typeof moderationActionSchema>;

const noteSchema = z
  .string({ error: 'reason must be text' })
  .refine(isStorableText, { error: `reason ${UNSTORABLE_TEXT_MESSAGE}` })
  .trim()
  .max(MODERATION_NOTE_MAX_LENGTH, {
    error: `reason must be at most ${MODERATION_NOTE_MAX_LENGTH} characters`,
  });

/**
 * POST /moderation/users/{userId}/actions, answered 201 with the recorded ModerationAction (409
 * when the report was already closed or an unblocked user is unblocked). `reportId`, when given,
 * must be an open report against that user; the report is closed (dismissed for 'dismiss',
 * actioned otherwise). `dismiss` needs a
 * reportId; `warn` needs a non-empty reason; `temporary_block` needs durationHours.
 */
export const moderationActionBodySchema = z
  .strictObject({
    action: z.enum(MODERATION_ACTION_TYPES, {
      error: `action must be one of ${MODERATION_ACTION_TYPES.join(', ')}`,
    }),
    reason: noteSchema.optional(),
    durationHours: z
      .number({ error: 'durationHours must be a number' })
      .int({ error: 'durationHours must be a whole number' })
      .min(1, { error: 'durationHours must be at least 1' })
      .max(TEMPORARY_BLOCK_MAX_HOURS, {
        error: `durationHours must be at most ${TEMPORARY_BLOCK_MAX_HOURS}`,
      })
      .optional(),
    reportId: z.uuid({ error: 'reportId must be a report id' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'warn' && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'A warning needs a note' });
    }
    if (body.action === 'temporary_block' && body.durationHours === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['durationHours'],
        message: 'temporary_block needs durationHours',
      });
    }
    if (body.action !== 'temporary_block' && body.durationHours !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['durationHours'],
        message: 'durationHours is only for temporary_block',
      });
    }
  });
export type ModerationActionInput = z.input<typeof moderationActionBodySchema>;
export type ModerationActionBody = z.output<typeof moderationActionBodySchema>;

/** GET /moderation/users/{userId}: the user, reports received (newest first) and the history. */
export const moderationUserSchema = z.object({
  user: moderationPersonSchema,
  reports: z.array(moderationReportSchema),
  actions: z.array(moderationActionSchema),
});
export type ModerationUser = z.infer<typeof moderationUserSchema>;
