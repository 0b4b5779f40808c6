import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@parlo/contract/languages';
import { apiClient } from '@/lib/api-client';

export const languagesQueryKey = ['languages', 'catalogue'] as const;

/** The practice-language catalogue; `available` says which are open today. */
export function getLanguages(): Promise<Language[]> {
  return apiClient.get<Language[]>('/api/v1/languages');
}

export function languagesQueryOptions() {
  return queryOptions({
    queryKey: languagesQueryKey,
    queryFn: getLanguages,
    // The catalogue changes with a release, not during a visit.
    staleTime: 60 * 60_000,
  });
}

export function useLanguages() {
  return useQuery(languagesQueryOptions());
}
