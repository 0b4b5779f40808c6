import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AccessTokenResponse } from '@parlo/contract/auth';
import { AUTH_STORAGE_KEY } from '@/features/auth/lib/stored-session';

export { AUTH_STORAGE_KEY };

/** 'unknown' until the start-up restore has decided. */
export type AuthStatus = 'unknown' | 'anonymous' | 'signed_in';

type AuthState = {
  accessToken: string | null;
  /** ISO 8601 instant, as the server sends it. */
  accessExpiresAt: string | null;
  lastRefreshAttempt: number | null;
  status: AuthStatus;
  setSession: (session: AccessTokenResponse) => void;
  setStatus: (status: AuthStatus) => void;
  markRefreshAttempt: (at: number) => void;
  clear: () => void;
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      accessToken: null,
      accessExpiresAt: null,
      lastRefreshAttempt: null,
      status: 'unknown',
      setSession: ({ accessToken, accessExpiresAt }) => set({ accessToken, accessExpiresAt }),
      setStatus: (status) => set({ status }),
      markRefreshAttempt: (at) => set({ lastRefreshAttempt: at }),
      clear: () =>
        set({
          accessToken: null,
          accessExpiresAt: null,
          lastRefreshAttempt: null,
          status: 'anonymous',
        }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // Only the token and its expiry survive a reload (spec §3); the rest is decided at start-up.
      partialize: ({ accessToken, accessExpiresAt }) => ({ accessToken, accessExpiresAt }),
    },
  ),
);
