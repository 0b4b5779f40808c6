import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationAction, ModerationActionInput } from '@parlo/contract/moderation';
import { apiClient } from '@/lib/api-client';
import { moderationReportsQueryKey } from '@/features/moderation/api/get-moderation-reports';
import { moderationUsersQueryKey } from '@/features/moderation/api/get-moderation-user';

export type TakeModerationActionInput = { userId: string; body: ModerationActionInput };

/** Records an action on a user; with a reportId the report is closed by it. */
export function takeModerationAction({
  userId,
  body,
}: TakeModerationActionInput): Promise<ModerationAction> {
  return apiClient.post<ModerationAction>(
    `/api/v1/moderation/users/${encodeURIComponent(userId)}/actions`,
    body,
  );
}

/**
 * `onRecorded` is told of every recorded action even when the component that sent it has gone
 * meanwhile: the refetched lists can drop the report card (and the dialog in it) before a
 * callback given to `mutate` would run, and TanStack Query skips those once nothing listens.
 */
export function useTakeModerationAction(onRecorded?: (action: ModerationAction) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeModerationAction,
    onSuccess: (action) => onRecorded?.(action),
    // Every list may hold the report or the user that changed: the queue tabs and the user pages.
    // Also after a refusal: a 409 means another moderator closed the report first.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationReportsQueryKey }),
        queryClient.invalidateQueries({ queryKey: moderationUsersQueryKey }),
      ]),
  });
}
