import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@parlo/contract/tokens';
import { apiClient } from '@/lib/api-client';

export const plansQueryKey = ['tokens', 'plans'] as const;

/** Every plan with its daily features: free and premium. */
export function getPlans(): Promise<Plan[]> {
  return apiClient.get<Plan[]>('/api/v1/plans');
}

export function plansQueryOptions() {
  return queryOptions({ queryKey: plansQueryKey, queryFn: getPlans, staleTime: 5 * 60_000 });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
