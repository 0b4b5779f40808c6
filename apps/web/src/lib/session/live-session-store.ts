import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { SessionEndReason } from '@parlo/contract/constants';
import type { SessionCreatedPayload } from '@parlo/contract/realtime';

/** `self_ended` exists only in the browser of the side that ended the call (spec §4 Session). */
export type LocalEndReason = SessionEndReason | 'self_ended';

export interface EndedSession {
  payload: SessionCreatedPayload;
  reason: LocalEndReason;
  endedAt: number;
}

export interface LiveSessionState {
  /** The current call. */
  live: SessionCreatedPayload | null;
  /** The last ended call, for /session-ended. */
  ended: EndedSession | null;
  start(payload: SessionCreatedPayload): void;
  /** Moves the live call to `ended`; does nothing without a live call. */
  end(reason: LocalEndReason): void;
  reset(): void;
}

/** The call of this tab, shared by the match bridge, /practice and /session-ended; never persisted. */
export const useLiveSession: UseBoundStore<StoreApi<LiveSessionState>> = create<LiveSessionState>()(
  (set, get) => ({
    live: null,
    ended: null,
    start: (payload) => set({ live: payload, ended: null }),
    end: (reason) => {
      const { live } = get();
      if (!live) return;
      set({ live: null, ended: { payload: live, reason, endedAt: Date.now() } });
    },
    reset: () => set({ live: null, ended: null }),
  }),
);
