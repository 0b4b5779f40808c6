import { create } from 'zustand';
import { checkHealth } from '@/app/startup/check-health';
import { restoreSession } from '@/features/auth/lib/restore-session';

/** loading → ready, or → unavailable when the health check fails (spec §2, §4). */
export type StartupStatus = 'loading' | 'ready' | 'unavailable';

type StartupState = {
  status: StartupStatus;
  retrying: boolean;
  start: () => Promise<void>;
};

let running: Promise<void> | null = null;

async function runStartup(set: (partial: Partial<StartupState>) => void) {
  try {
    await checkHealth();
  } catch {
    // Public pages still work without the API; the rest show the service-unavailable page.
    set({ status: 'unavailable', retrying: false });
    return;
  }
  await restoreSession();
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
