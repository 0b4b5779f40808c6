import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { userLanguagesQueryKey } from '@/lib/api/get-user-languages';
import { currentUserQueryKey } from '@/lib/current-user';

/** Makes one of the user's languages the one they practise now; 404 when they do not have it. */
export function setCurrentLanguage(languageCode: string): Promise<void> {
  return apiClient.put<void>('/api/v1/languages/user/current', { languageCode });
}

export function useSetCurrentLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCurrentLanguage,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: userLanguagesQueryKey }),
      ]),
  });
}
