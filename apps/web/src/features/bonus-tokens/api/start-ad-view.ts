import { useMutation } from '@tanstack/react-query';
import type { AdView } from '@parlo/contract/tokens';
import { apiClient } from '@/lib/api-client';

/** Tells the server a rewarded video starts; its reward can be claimed from `claimableAt`. */
export function startAdView(): Promise<AdView> {
  return apiClient.post<AdView>('/api/v1/bonus-tokens/ad-views');
}

export function useStartAdView() {
  return useMutation({ mutationFn: startAdView });
}
