import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQueryKey } from '@/lib/current-user';
import { realtimeSocket } from '@/lib/realtime/socket-client';

/**
 * A moderator's block closes the socket with `accountRestricted`. Reloading the user is all it
 * takes: its new status makes the access gate show the blocked page in place of any page, and
 * unmounts the member's realtime connection with it.
 */
export function useRestrictionBridge() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      realtimeSocket.onStatus((status) => {
        if (status === 'account_restricted') {
          void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        }
      }),
    [queryClient],
  );
}
