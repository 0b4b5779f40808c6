import { create } from 'zustand';

/**
 * What this device counted during a call, for the recap on /session-ended (issue 22). Kept in
 * memory for the tab only, one call at a time: nothing of it is stored or sent.
 *
 * Issue 21's learning log (task cards, talk time, repair signals, corrections) joins the recap in
 * `recapInputFor` (features/session-ended/lib/recap-input.ts), not here.
 */
export interface CallTally {
  sessionId: string;
  chatSent: number;
  chatReceived: number;
}

interface CallTallyState {
  tally: CallTally | null;
  /** Sets the chat counts of the call (a new call replaces the previous one's). */
  noteChat(sessionId: string, sent: number, received: number): void;
  reset(): void;
}

export const useCallTally = create<CallTallyState>()((set) => ({
  tally: null,
  noteChat: (sessionId, chatSent, chatReceived) =>
    set({ tally: { sessionId, chatSent, chatReceived } }),
  reset: () => set({ tally: null }),
}));
