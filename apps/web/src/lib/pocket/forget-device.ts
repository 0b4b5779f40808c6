import type { User } from '@parlo/contract/users';
import { currentUserQueryKey } from '@/lib/current-user';
import { forgetPocket } from '@/lib/pocket/pocket-access';
import { queryClient } from '@/lib/query-client';

/**
 * Removes what this device keeps of the signed-in account beyond the session itself — the phrase
 * pocket — before a sign-out with "forget this device" or after the account's deletion. Read
 * before the session is cleared: the user's id comes from the cached signed-in user.
 */
export async function forgetThisDevice(): Promise<void> {
  const userId = queryClient.getQueryData<User>(currentUserQueryKey)?.id;
  if (!userId) return;
  try {
    await forgetPocket(userId);
  } catch {
    // A browser that refuses IndexedDB holds no pocket to forget.
  }
}
