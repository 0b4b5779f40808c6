import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserLanguage } from '@parlo/contract/user-languages';
import { apiClient } from '@/lib/api-client';

export const userLanguagesQueryKey = ['languages', 'user'] as const;

/** The languages the signed-in user practises, each with its proficiency level. */
export function getUserLanguages(): Promise<UserLanguage[]> {
  return apiClient.get<UserLanguage[]>('/api/v1/languages/user');
}

export function userLanguagesQueryOptions() {
  return queryOptions({ queryKey: userLanguagesQueryKey, queryFn: getUserLanguages });
}

export function useUserLanguages() {
  return useQuery(userLanguagesQueryOptions());
}
