import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddUserLanguageBody, UserLanguage } from '@parlo/contract/user-languages';
import { apiClient } from '@/lib/api-client';
import { userLanguagesQueryKey } from '@/lib/api/get-user-languages';
import { currentUserQueryKey } from '@/lib/current-user';

/**
 * Adds a language to practise; the user's first language also becomes the current one.
 * Fails with 409 (already learning), 404 (unknown language) or 400 (unavailable or invalid).
 */
export function addUserLanguage(body: AddUserLanguageBody): Promise<UserLanguage> {
  return apiClient.post<UserLanguage>('/api/v1/languages/user', body);
}

export function useAddUserLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserLanguage,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: userLanguagesQueryKey }),
      ]),
  });
}
