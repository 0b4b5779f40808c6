import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountWarning } from '@parlo/contract/warnings';
import { apiClient } from '@/lib/api-client';
import { accountWarningsQueryKey } from '@/features/account-warning/api/get-account-warnings';

/** 204, also for a warning already acknowledged; 404 for one that is not the user's. */
export function acknowledgeAccountWarning(id: string): Promise<void> {
  return apiClient.post<void>(`/api/v1/users/me/warnings/${encodeURIComponent(id)}/acknowledge`);
}

export function useAcknowledgeAccountWarning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAccountWarning,
    // The next warning shows at once rather than after the reload.
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<AccountWarning[]>(accountWarningsQueryKey, (warnings) =>
        warnings?.filter((warning) => warning.id !== id),
      );
    },
    // Also after a refusal: a 404 means the list is out of date. Not awaited, so the button is
    // free again as soon as the answer is in.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: accountWarningsQueryKey });
    },
  });
}
