import type { QueryClient } from '@tanstack/react-query';
import type { Plan, Subscription, UsageEntry } from '@parlo/contract/tokens';
import { activeSubscriptionQueryKey } from '@/lib/api/get-active-subscription';
import { bonusTokenCountQueryKey } from '@/lib/api/get-bonus-token-count';
import { usagesQueryKey } from '@/lib/api/get-usages';

/** The seeded plans of docs/decisions.md, "Plan numbers". */
export const freePlan: Plan = {
  code: 'free',
  name: 'Free',
  features: [
    { featureCode: 'tokens', value: 3, cost: 1 },
    { featureCode: 'session_limit', value: 10, cost: 1 },
    { featureCode: 'ads', value: 1, cost: 0 },
    { featureCode: 'video_ad_rewards', value: 5, cost: 0 },
  ],
};

export const premiumPlan: Plan = {
  code: 'premium',
  name: 'Premium',
  features: [
    { featureCode: 'tokens', value: -1, cost: 1 },
    { featureCode: 'session_limit', value: -1, cost: 1 },
    { featureCode: 'ads', value: 0, cost: 0 },
    { featureCode: 'video_ad_rewards', value: 5, cost: 0 },
  ],
};

export function subscriptionOf(plan: Plan, endsAt: string | null = null): Subscription {
  return {
    id: `sub-${plan.code}`,
    status: 'active',
    startedAt: '2026-01-01T00:00:00Z',
    endsAt,
    plan,
  };
}

export const TEST_RESETS_AT = '2099-01-02T00:00:00.000Z';

export function usagesOf(counts: Partial<Record<UsageEntry['featureCode'], number>>): UsageEntry[] {
  return Object.entries(counts).map(([featureCode, count]) => ({
    featureCode: featureCode as UsageEntry['featureCode'],
    count,
    day: '2099-01-01',
    resetsAt: TEST_RESETS_AT,
  }));
}

type TokenData = {
  plan?: Plan;
  endsAt?: string | null;
  used?: Partial<Record<UsageEntry['featureCode'], number>>;
  bonus?: number;
  resetsAt?: string;
};

/** Puts a user's token answers in the cache, as if the three token calls had returned them. */
export function seedTokens(client: QueryClient, data: TokenData = {}) {
  const usages = usagesOf(data.used ?? {}).map((usage) =>
    data.resetsAt ? { ...usage, resetsAt: data.resetsAt } : usage,
  );
  client.setQueryData(
    activeSubscriptionQueryKey,
    subscriptionOf(data.plan ?? freePlan, data.endsAt),
  );
  client.setQueryData(usagesQueryKey, usages);
  client.setQueryData(bonusTokenCountQueryKey, { count: data.bonus ?? 0 });
}
