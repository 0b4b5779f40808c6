import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BonusTokenGrant, BonusTokenGrantBody } from '@parlo/contract/tokens';
import { apiClient } from '@/lib/api-client';
import { tokensQueryKey } from '@/lib/tokens/use-token-balance';

/** Claims the bonus token of a watched ad; refused before 15 s, at the daily cap or twice. */
export function claimAdReward(adViewId: string): Promise<BonusTokenGrant> {
  const body: BonusTokenGrantBody = { adViewId };
  return apiClient.post<BonusTokenGrant>('/api/v1/bonus-tokens', body);
}

export function useClaimAdReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimAdReward,
    // Refused or granted, the balance and the ads left may have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}
