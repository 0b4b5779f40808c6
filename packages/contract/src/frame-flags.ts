import { z } from 'zod';

/**
 * The frame guard's flag (issue 18, POST /api/v1/frame-flags): when the on-device classifier
 * flags a call, the browser sends the server a score, never a frame. The server keeps it with the
 * session's technical data; flags on one user from FRAME_FLAG_ESCALATION_DISTINCT_PARTNERS
 * different partners within FRAME_FLAG_ESCALATION_WINDOW_HOURS hold them out of matching until a
 * moderator acts. A flag alone never blocks anyone.
 */

/** Whose video was flagged: the partner's (`incoming`) or the sender's own (`outgoing`). */
export const FRAME_FLAG_SIDES = ['incoming', 'outgoing'] as const;
export type FrameFlagSide = (typeof FRAME_FLAG_SIDES)[number];

/** The classifier's explicit classes (nsfwjs): what a flag can be about. */
export const FRAME_FLAG_CATEGORIES = ['porn', 'hentai'] as const;
export type FrameFlagCategory = (typeof FRAME_FLAG_CATEGORIES)[number];

/** The guard's window: a flag needs FRAME_FLAG_MIN_FRAMES of the last FRAME_FLAG_WINDOW samples. */
export const FRAME_FLAG_WINDOW = 5;
export const FRAME_FLAG_MIN_FRAMES = 3;

/** Distinct partners whose flags within the window hold a user out of matching. */
export const FRAME_FLAG_ESCALATION_DISTINCT_PARTNERS = 3;
export const FRAME_FLAG_ESCALATION_WINDOW_HOURS = 24;
/**
 * A flag is taken only during its session or this soon after it ended (a verdict in flight when
 * the call closed); later ones are refused, so old sessions cannot be flagged after the fact.
 */
export const FRAME_FLAG_LATE_SECONDS = 120;
/** Flag requests one user may make per minute (each session takes one per side anyway). */
export const FRAME_FLAG_REQUESTS_PER_MINUTE = 6;

export const frameFlagBodySchema = z.strictObject({
  sessionId: z.uuid({ error: 'sessionId must be a session id' }),
  side: z.enum(FRAME_FLAG_SIDES, { error: `side must be one of ${FRAME_FLAG_SIDES.join(', ')}` }),
  category: z.enum(FRAME_FLAG_CATEGORIES, {
    error: `category must be one of ${FRAME_FLAG_CATEGORIES.join(', ')}`,
  }),
  /** The highest score among the flagged frames, 0..1. */
  score: z
    .number({ error: 'score must be a number' })
    .min(0, { error: 'score must be between 0 and 1' })
    .max(1, { error: 'score must be between 0 and 1' }),
  /** Frames of the window over the threshold: a real flag has at least FRAME_FLAG_MIN_FRAMES. */
  frameCount: z
    .number({ error: 'frameCount must be a number' })
    .int({ error: 'frameCount must be a whole number' })
    .min(FRAME_FLAG_MIN_FRAMES, {
      error: `frameCount must be between ${FRAME_FLAG_MIN_FRAMES} and ${FRAME_FLAG_WINDOW}`,
    })
    .max(FRAME_FLAG_WINDOW, {
      error: `frameCount must be between ${FRAME_FLAG_MIN_FRAMES} and ${FRAME_FLAG_WINDOW}`,
    }),
});
export type FrameFlagBody = z.infer<typeof frameFlagBodySchema>;

export const frameFlagSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
});
export type FrameFlag = z.infer<typeof frameFlagSchema>;

/** A flag as the moderation console shows it: scores and times, never an image. */
export const moderationFrameFlagSchema = z.object({
  id: z.string(),
  sessionId: z.string().nullable(),
  side: z.enum(FRAME_FLAG_SIDES),
  category: z.enum(FRAME_FLAG_CATEGORIES),
  score: z.number(),
  frameCount: z.number().int(),
  /** The report filed from this flag, when the user chose "End and report". */
  reportId: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationFrameFlag = z.infer<typeof moderationFrameFlagSchema>;

/** GET /moderation/users/:id/frame-flags: the flags about one user, newest first. */
export const moderationFrameFlagsSchema = z.object({
  /** Flags about the user from partners (incoming on their side), ever and in the last 24 h. */
  total: z.number().int(),
  last24Hours: z.number().int(),
  /** Distinct partners who flagged them in the last 24 h. */
  distinctPartners24Hours: z.number().int(),
  flags: z.array(moderationFrameFlagSchema),
});
export type ModerationFrameFlags = z.infer<typeof moderationFrameFlagsSchema>;

/**
 * A user the frame flags of several partners hold out of matching, with no open report against
 * them: the report queue cannot show them, so the console lists them above it.
 */
export const moderationHeldUserSchema = z.object({
  userId: z.string(),
  /** The profile name; null when the account has none (any more). */
  name: z.string().nullable(),
  escalatedAt: z.string(),
  /** Flags about them from partners, the distinct partners among them, the highest score. */
  flags: z.number().int(),
  distinctPartners: z.number().int(),
  topScore: z.number(),
  lastFlagAt: z.string(),
});
export type ModerationHeldUser = z.infer<typeof moderationHeldUserSchema>;

/** GET /moderation/frame-flags/held: newest escalation first. */
export const moderationHeldUsersSchema = z.object({ items: z.array(moderationHeldUserSchema) });
export type ModerationHeldUsers = z.infer<typeof moderationHeldUsersSchema>;
