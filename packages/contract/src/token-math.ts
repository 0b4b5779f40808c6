import { UNLIMITED, UNLIMITED_TOKENS_AS, type FeatureCode } from './constants.ts';
import type { Plan, PlanFeature, Subscription, UsageEntry } from './tokens.ts';

/**
 * Token arithmetic shared by the server's refusals and the interface's counts (spec §5), kept free
 * of zod so the browser bundles only these few functions.
 */

/** Both bonus tokens earned by a referral: the inviter's and the new account's. */
export const REFERRAL_BONUS_TOKENS = 2;

/**
 * Referrals credited to one inviter per UTC calendar month (docs/decisions.md, Hardening);
 * friends who join beyond it are welcome but earn neither side a bonus.
 */
export const REFERRAL_MONTHLY_CAP = 10;

/** The token day starts at 00:00 UTC for everyone (docs/decisions.md, "Tokens"). */
export const TOKEN_DAY_RESET = '00:00 UTC';

const DAY_MS = 86_400_000;

/** The token day an instant belongs to, as `YYYY-MM-DD` (UTC). */
export function tokenDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The next daily reset after `now`: the coming 00:00 UTC. */
export function nextTokenReset(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
}

/** Whole hours and minutes until the reset, rounded up to the minute (never "0 h 0 min" early). */
export function resetCountdown(now: Date, resetsAt: Date): { hours: number; minutes: number } {
  const totalMinutes = Math.max(0, Math.ceil((resetsAt.getTime() - now.getTime()) / 60_000));
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

/** A feature's daily value as a number to count with: unlimited (-1) counts as 999 (spec §5). */
export function allowanceOf(value: number): number {
  return value === UNLIMITED ? UNLIMITED_TOKENS_AS : Math.max(0, value);
}

export function planFeature(plan: Plan, code: FeatureCode): PlanFeature | undefined {
  return plan.features.find((feature) => feature.featureCode === code);
}

export function usageCount(usages: readonly UsageEntry[], code: FeatureCode): number {
  return usages.find((usage) => usage.featureCode === code)?.count ?? 0;
}

/** Spec §5: plan value − today's used count + bonus tokens, never below zero. */
export function availableTokens(planValue: number, usedToday: number, bonus: number): number {
  return Math.max(0, allowanceOf(planValue) - usedToday + bonus);
}

/** Everything the interface shows about a user's tokens, from the three token calls. */
export interface TokenBalance {
  available: number;
  unlimited: boolean;
  premium: boolean;
  /** Tokens one session costs. */
  sessionCost: number;
  /** False when the tokens are gone or the daily session limit is reached. */
  canStartSession: boolean;
  bonus: number;
  adRewardsLeft: number;
}

export function tokenBalance(
  subscription: Subscription,
  usages: readonly UsageEntry[],
  bonus: number,
): TokenBalance {
  const tokens = planFeature(subscription.plan, 'tokens');
  const tokenValue = tokens?.value ?? 0;
  const sessionCost = tokens?.cost ?? 1;
  const available = availableTokens(tokenValue, usageCount(usages, 'tokens'), bonus);
  const sessionLimit = planFeature(subscription.plan, 'session_limit')?.value ?? UNLIMITED;
  const withinSessionLimit =
    sessionLimit === UNLIMITED || usageCount(usages, 'session_limit') < sessionLimit;
  const adRewards = planFeature(subscription.plan, 'video_ad_rewards')?.value ?? 0;
  return {
    available,
    unlimited: tokenValue === UNLIMITED,
    premium: subscription.plan.code === 'premium',
    sessionCost,
    canStartSession: available >= sessionCost && withinSessionLimit,
    bonus,
    adRewardsLeft: Math.max(0, allowanceOf(adRewards) - usageCount(usages, 'video_ad_rewards')),
  };
}
