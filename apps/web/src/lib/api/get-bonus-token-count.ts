import { queryOptions } from '@tanstack/react-query';
import type { BonusTokenCount } from '@parlo/contract/tokens';
import { apiClient } from '@/lib/api-client';

export const bonusTokenCountQueryKey = ['tokens', 'bonus-count'] as const;

/** Bonus tokens earned by ads and referrals and not yet spent. */
export function getBonusTokenCount(): Promise<BonusTokenCount> {
  return apiClient.get<BonusTokenCount>('/api/v1/bonus-tokens/count');
}

export function bonusTokenCountQueryOptions() {
  return queryOptions({ queryKey: bonusTokenCountQueryKey, queryFn: getBonusTokenCount });
}
