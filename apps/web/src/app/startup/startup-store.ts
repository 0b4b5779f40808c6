import { create } from 'zustand';
import { checkHealth } from '@/app/startup/check-health';
import { refreshSession } from '@/features/auth/lib/access-token';
import { restoreSession } from '@/features/auth/lib/restore-session';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/** loading → ready, or → unavailable when the health check fails (spec §2, §4). */
export type StartupStatus = 'loading' | 'ready' | 'unavailable';

type StartupState = {
  status: StartupStatus;
  retrying: boolean;
  start: () => Promise<void>;
};

let running: Promise<void> | null = null;

async function runStartup(set: (partial: Partial<StartupState>) => void) {
  // A stored session's refresh goes out with the health check rather than after it: one round
  // trip less before the first signed-in page (issue 20). It can end the session only on the
  // server's refusal of the cookie, never because the server is down or failing, and its answer
  // counts only once the health check passed.
  const refreshing = useAuthStore.getState().accessToken ? refreshSession() : undefined;
  try {
    await checkHealth();
  } catch {
    // Public pages still work without the API; the rest show the service-unavailable page.
    set({ status: 'unavailable', retrying: false });
    return;
  }
  await restoreSession(refreshing);
  set({ status: 'ready', retrying: false });
}

export const useStartupStore = create<StartupState>()((set, get) => ({
  status: 'loading',
  retrying: false,
  start: () => {
    if (get().status === 'unavailable') set({ retrying: true });
    running ??= runStartup(set).finally(() => {
      running = null;
    });
    return running;
  },
}));
