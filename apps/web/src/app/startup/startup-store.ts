import { create } from 'zustand';
import { checkHealth } from '@/app/startup/check-health';
import { restoreSession, startRestore } from '@/features/auth/lib/restore-session';

/** loading → ready, or → unavailable when the health check fails (spec §2, §4). */
export type StartupStatus = 'loading' | 'ready' | 'unavailable';

type StartupState = {
  status: StartupStatus;
  retrying: boolean;
  /** Runs the start-up, or joins the one running; after 'ready' it does nothing. */
  start: () => Promise<void>;
};

let running: Promise<void> | null = null;

async function runStartup(set: (partial: Partial<StartupState>) => void) {
  // A stored session's refresh and user read go out with the health check rather than after it:
  // two round trips less before the first signed-in page (issue 20). The refresh can end the
  // session only on the server's refusal of the cookie, never because the server is down or
  // failing, and both answers count only once the health check passed.
  const refreshing = startRestore();
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
    // The app starts it before its first render and the root layout again once mounted: a
    // start-up that has finished is not run twice (a second refresh, a second user read).
    if (get().status === 'ready') return Promise.resolve();
    if (get().status === 'unavailable') set({ retrying: true });
    running ??= runStartup(set).finally(() => {
      running = null;
    });
    return running;
  },
}));
