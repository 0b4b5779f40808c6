import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { LocalEndReason, SessionEndReason } from '@parlo/contract/constants';
import type { SessionCreatedPayload } from '@parlo/contract/realtime';

export type { LocalEndReason };

export interface EndedSession {
  payload: SessionCreatedPayload;
  reason: LocalEndReason;
  endedAt: number;
  /** Why the peer link failed (an i18n key of session-ended `peer_errors`), when it did. */
  peerError: string | null;
}

export interface LiveSessionState {
  /** The current call. */
  live: SessionCreatedPayload | null;
  /** The last ended call, for /session-ended. */
  ended: EndedSession | null;
  /**
   * The server's end of the live session when it came before the call was set up (the partner
   * left in the instant of the match); the call ends with it as soon as it starts.
   */
  serverEnd: { sessionId: string; reason: SessionEndReason } | null;
  /** The call whose tokens the server gave back (it failed early), for /session-ended to say. */
  refundedSessionId: string | null;
  start(payload: SessionCreatedPayload): void;
  /** Remembers a `session_ended` for the live session. */
  noteServerEnd(sessionId: string, reason: SessionEndReason): void;
  noteRefund(sessionId: string): void;
  /** Moves the live call to `ended`; does nothing without a live call. */
  end(reason: LocalEndReason, peerError?: string | null): void;
  reset(): void;
}

/** The call of this tab, shared by the match bridge, /practice and /session-ended; never persisted. */
export const useLiveSession: UseBoundStore<StoreApi<LiveSessionState>> = create<LiveSessionState>()(
  (set, get) => ({
    live: null,
    ended: null,
    serverEnd: null,
    refundedSessionId: null,
    start: (payload) => set({ live: payload, ended: null, serverEnd: null }),
    noteServerEnd: (sessionId, reason) => {
      if (get().live?.session.id === sessionId) set({ serverEnd: { sessionId, reason } });
    },
    noteRefund: (sessionId) => set({ refundedSessionId: sessionId }),
    end: (reason, peerError = null) => {
      const { live } = get();
      if (!live) return;
      set({ live: null, ended: { payload: live, reason, endedAt: Date.now(), peerError } });
    },
    reset: () => set({ live: null, ended: null, serverEnd: null, refundedSessionId: null }),
  }),
);
