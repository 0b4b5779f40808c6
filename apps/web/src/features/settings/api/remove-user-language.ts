import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { userLanguagesQueryKey } from '@/lib/api/get-user-languages';
import { currentUserQueryKey } from '@/lib/current-user';

/** Refused with 409 for the current language, 404 for one the user does not have. */
export function removeUserLanguage(languageCode: string): Promise<void> {
  return apiClient.delete<void>(`/api/v1/languages/user/${encodeURIComponent(languageCode)}`);
}

export function useRemoveUserLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUserLanguage,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userLanguagesQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}
