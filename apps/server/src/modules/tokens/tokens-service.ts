import { FEATURE_CODES, VIDEO_AD_BONUS_TOKENS, VIDEO_AD_SECONDS } from '@parlo/contract/constants';
import {
  nextTokenReset,
  tokenDay,
  type AdView,
  type BonusTokenCount,
  type BonusTokenGrant,
  type Plan,
  type Subscription,
  type UsageEntry,
} from '@parlo/contract/tokens';
import type { Clock } from '../../lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { adLimitReached, isFeatureCode, type UsageCounts } from './token-rules.ts';
import { checkAccount } from '../users/account-check.ts';
import type { TokensRepo } from './tokens-repo.ts';

/**
 * The reads of the dashboard (subscription, usages, bonus count) take a user whose access token
 * was checked (the routes' authenticateToken): they read the account with their data, in one
 * query, and check it here (checkAccount) as the auth guard would.
 */
export interface TokensService {
  listPlans(): Promise<Plan[]>;
  getActiveSubscription(userId: string): Promise<Subscription>;
  listUsages(userId: string): Promise<UsageEntry[]>;
  getUsage(userId: string, featureCode: string): Promise<UsageEntry>;
  countBonusTokens(userId: string): Promise<BonusTokenCount>;
  startAdView(userId: string): Promise<AdView>;
  claimAdReward(userId: string, adViewId: string): Promise<BonusTokenGrant>;
}

export function createTokensService(deps: { tokensRepo: TokensRepo; clock: Clock }): TokensService {
  const { tokensRepo, clock } = deps;

  async function usagesNow(
    userId: string,
  ): Promise<[UsageCounts, (code: keyof UsageCounts) => UsageEntry]> {
    const now = clock.now();
    const day = tokenDay(now);
    const resetsAt = nextTokenReset(now).toISOString();
    const { account, value: counts } = await tokensRepo.usageCountsWithAccount(userId, day, now);
    checkAccount(account);
    return [counts, (featureCode) => ({ featureCode, count: counts[featureCode], day, resetsAt })];
  }

  return {
    listPlans: () => tokensRepo.listPlans(),

    async getActiveSubscription(userId) {
      const { account, value: active } = await tokensRepo.activeSubscriptionWithAccount(
        userId,
        clock.now(),
      );
      checkAccount(account);
      if (!active) throw new NotFoundError('Subscription not found');
      const { subscription, plan } = active;
      return {
        id: subscription.id,
        status: 'active',
        startedAt: subscription.startedAt.toISOString(),
        endsAt: subscription.endsAt?.toISOString() ?? null,
        plan,
      };
    },

    async listUsages(userId) {
      const [, entry] = await usagesNow(userId);
      return FEATURE_CODES.map(entry);
    },

    async getUsage(userId, featureCode) {
      if (!isFeatureCode(featureCode)) {
        throw new BadRequestError(
          `Unknown feature code: ${featureCode}. Known codes: ${FEATURE_CODES.join(', ')}`,
        );
      }
      const [, entry] = await usagesNow(userId);
      return entry(featureCode);
    },

    async countBonusTokens(userId) {
      const { account, value: count } = await tokensRepo.bonusBalanceWithAccount(
        userId,
        clock.now(),
      );
      checkAccount(account);
      return { count };
    },

    async startAdView(userId) {
      const started = await tokensRepo.startAdView(userId, clock.now());
      if (started.kind === 'limit_reached') throw adLimitReached(started.plan);
      return {
        id: started.id,
        startedAt: started.startedAt.toISOString(),
        claimableAt: new Date(started.startedAt.getTime() + VIDEO_AD_SECONDS * 1000).toISOString(),
        rewardsLeft: started.rewardsLeft,
      };
    },

    async claimAdReward(userId, adViewId) {
      const claim = await tokensRepo.claimAdReward(userId, adViewId, clock.now());
      switch (claim.kind) {
        case 'not_found':
          throw new NotFoundError('Ad view not found');
        case 'already_rewarded':
          throw new ConflictError('This ad view was already rewarded');
        case 'too_early': {
          const seconds = Math.ceil(claim.msLeft / 1000);
          throw new BadRequestError(
            `The ad must play for ${VIDEO_AD_SECONDS} s before its reward: ${seconds} s left`,
          );
        }
        case 'superseded':
          throw new ConflictError(
            'A newer ad view replaced this one; only the latest ad earns a reward',
          );
        case 'limit_reached':
          throw adLimitReached(claim.plan);
        case 'granted':
          return {
            granted: VIDEO_AD_BONUS_TOKENS,
            count: claim.bonus,
            adRewardsLeft: claim.rewardsLeft,
          };
      }
    },
  };
}
