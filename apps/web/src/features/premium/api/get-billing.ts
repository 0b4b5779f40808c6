import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingOverview } from '@parlo/contract/billing';
import { apiClient } from '@/lib/api-client';
import { tokensQueryKey } from '@/lib/tokens/use-token-balance';

// Under the tokens key: whatever refreshes the plan refreshes the billing state with it.
export const billingQueryKey = [...tokensQueryKey, 'billing'] as const;

/** Premium's prices, whether it can be bought here, and the paid subscription. */
export function getBilling(): Promise<BillingOverview> {
  return apiClient.get<BillingOverview>('/api/v1/billing');
}

export function billingQueryOptions() {
  return queryOptions({ queryKey: billingQueryKey, queryFn: getBilling });
}

export function useBilling() {
  return useQuery(billingQueryOptions());
}
