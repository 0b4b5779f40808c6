import { FEATURE_CODES, UNLIMITED, type FeatureCode } from '@parlo/contract/constants';
import { ERROR_CODES } from '@parlo/contract/errors';
import { allowanceOf, availableTokens, planFeature, type Plan } from '@parlo/contract/tokens';
import { AppError, BadRequestError } from '../../lib/errors.ts';

/** Today's use of each plan feature, by feature code. */
export type UsageCounts = Record<FeatureCode, number>;

export const noUsage = (): UsageCounts =>
  Object.fromEntries(FEATURE_CODES.map((code) => [code, 0])) as UsageCounts;

export const isFeatureCode = (value: string): value is FeatureCode =>
  (FEATURE_CODES as readonly string[]).includes(value);

/** What one user holds right now: the plan, today's usage and the bonus balance. */
export interface TokenState {
  plan: Plan;
  usage: UsageCounts;
  bonus: number;
}

export const featureValue = (plan: Plan, code: FeatureCode) => planFeature(plan, code)?.value ?? 0;

/** Tokens one session costs on this plan (spec §9: 1). */
export const sessionCost = (plan: Plan) => planFeature(plan, 'tokens')?.cost ?? 1;

export function available(state: TokenState): number {
  return availableTokens(featureValue(state.plan, 'tokens'), state.usage.tokens, state.bonus);
}

/** Spec §5: a feature is usable when the available tokens cover its cost; plus the session cap. */
export function canPayForSession(state: TokenState): boolean {
  const limit = planFeature(state.plan, 'session_limit')?.value ?? UNLIMITED;
  const withinLimit = limit === UNLIMITED || state.usage.session_limit < limit;
  return withinLimit && available(state) >= sessionCost(state.plan);
}

/** The daily allowance pays first; whatever it cannot cover comes from the bonus balance. */
export function splitSessionCost(state: TokenState): { daily: number; bonus: number } {
  const cost = sessionCost(state.plan);
  const dailyLeft = Math.max(
    0,
    allowanceOf(featureValue(state.plan, 'tokens')) - state.usage.tokens,
  );
  const daily = Math.min(cost, dailyLeft);
  return { daily, bonus: cost - daily };
}

export const adRewardCap = (plan: Plan) => allowanceOf(featureValue(plan, 'video_ad_rewards'));

export const adRewardsLeft = (state: TokenState) =>
  Math.max(0, adRewardCap(state.plan) - state.usage.video_ad_rewards);

/** The refusal the bonus modal recognises (spec §8: BAD_REQUEST, message with 'limit reached'). */
export function adLimitReached(plan: Plan): BadRequestError {
  return new BadRequestError(
    `Video ad limit reached: ${adRewardCap(plan)} rewarded ads per day`,
    ERROR_CODES.badRequest,
  );
}

export const NO_TOKENS_MESSAGE = 'No tokens left today';

/**
 * A session could not be charged: `userIds` are the sides that cannot pay (tokens gone or the
 * daily session limit reached), so matching tells only them. Code 1002 (spec §4, §8).
 */
export class InsufficientTokensError extends AppError {
  constructor(readonly userIds: readonly string[]) {
    super(403, NO_TOKENS_MESSAGE, ERROR_CODES.sessionsLimitReached);
  }
}
