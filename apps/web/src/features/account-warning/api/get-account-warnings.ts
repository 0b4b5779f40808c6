import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountWarningListSchema, type AccountWarning } from '@parlo/contract/warnings';
import { apiClient } from '@/lib/api-client';

export const accountWarningsQueryKey = ['account-warnings'] as const;

/**
 * The signed-in user's unacknowledged warnings, oldest first. Parsed, unlike most answers: the
 * note is shown to the user as the moderator wrote it, and this chunk is members' code only, so
 * zod costs the landing page nothing.
 */
export async function getAccountWarnings(): Promise<AccountWarning[]> {
  const body = await apiClient.get<unknown>('/api/v1/users/me/warnings');
  return accountWarningListSchema.parse(body).data;
}

export function accountWarningsQueryOptions() {
  return queryOptions({
    queryKey: accountWarningsQueryKey,
    queryFn: getAccountWarnings,
    // The app turns this off; a warning given while the tab was in the background shows on return.
    refetchOnWindowFocus: true,
  });
}

export function useAccountWarnings() {
  return useQuery(accountWarningsQueryOptions());
}
