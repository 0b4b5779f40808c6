import { z } from 'zod';
import { FEATURE_CODES, PLAN_CODES, VIDEO_AD_BONUS_TOKENS } from './constants.ts';
import { storableText } from './text.ts';

/**
 * Tokens: plans, daily usage, bonus tokens (spec §1, §3, §5, §7). The arithmetic lives here so the
 * server's refusals and the interface's counts can never disagree.
 */

export const featureCodeSchema = z.enum(FEATURE_CODES);

export const planFeatureSchema = z.object({
  featureCode: featureCodeSchema,
  /** Per day; -1 means unlimited. */
  value: z.number().int(),
  /** What one use consumes. */
  cost: z.number().int(),
});
export type PlanFeature = z.infer<typeof planFeatureSchema>;

export const planSchema = z.object({
  code: z.enum(PLAN_CODES),
  name: z.string(),
  features: z.array(planFeatureSchema),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

export const subscriptionSchema = z.object({
  id: z.string(),
  status: z.literal('active'),
  startedAt: z.string(),
  /** Null for the free plan, which never ends. */
  endsAt: z.string().nullable(),
  plan: planSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const usageEntrySchema = z.object({
  featureCode: featureCodeSchema,
  /** Uses of the feature in the current token day (for `tokens`: spent from the daily allowance). */
  count: z.number().int(),
  /** The token day, `YYYY-MM-DD` in UTC. */
  day: z.string(),
  /** When the count goes back to zero (the next 00:00 UTC), ISO 8601. */
  resetsAt: z.string(),
});
export type UsageEntry = z.infer<typeof usageEntrySchema>;
export const usageListSchema = z.array(usageEntrySchema);

export const usageParamsSchema = z.object({
  featureCode: storableText().max(64),
});

export const bonusTokenCountSchema = z.object({ count: z.number().int() });
export type BonusTokenCount = z.infer<typeof bonusTokenCountSchema>;

/** The start of a rewarded video ad; the reward can be claimed from `claimableAt`. */
export const adViewSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  claimableAt: z.string(),
  /** Rewarded ads still allowed today, this one included. */
  rewardsLeft: z.number().int(),
});
export type AdView = z.infer<typeof adViewSchema>;

export const bonusTokenGrantBodySchema = z.strictObject({
  adViewId: z.uuid({ message: 'adViewId must be the id of an ad view you started' }),
  /** Optional and fixed: an ad is worth exactly one bonus token, whatever the client asks. */
  amount: z
    .literal(VIDEO_AD_BONUS_TOKENS, {
      message: `amount must be ${VIDEO_AD_BONUS_TOKENS}: one watched ad earns one bonus token`,
    })
    .optional(),
});
export type BonusTokenGrantBody = z.infer<typeof bonusTokenGrantBodySchema>;

export const bonusTokenGrantSchema = z.object({
  /** Tokens granted by this call. */
  granted: z.number().int(),
  /** The bonus balance after the grant. */
  count: z.number().int(),
  /** Rewarded ads still allowed today. */
  adRewardsLeft: z.number().int(),
});
export type BonusTokenGrant = z.infer<typeof bonusTokenGrantSchema>;

// The arithmetic has no zod in it, so the browser can import it without the schemas.
export * from './token-math.ts';
