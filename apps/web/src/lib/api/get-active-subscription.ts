import { queryOptions } from '@tanstack/react-query';
import type { Subscription } from '@parlo/contract/tokens';
import { isApiError, apiClient } from '@/lib/api-client';

export const activeSubscriptionQueryKey = ['tokens', 'subscription'] as const;

/** The user's active plan; null when the server has none for them (404, spec §7). */
export async function getActiveSubscription(): Promise<Subscription | null> {
  try {
    return await apiClient.get<Subscription>('/api/v1/subscriptions/user/active');
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function activeSubscriptionQueryOptions() {
  return queryOptions({ queryKey: activeSubscriptionQueryKey, queryFn: getActiveSubscription });
}
