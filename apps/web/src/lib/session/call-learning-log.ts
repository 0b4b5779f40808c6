import type { RepairSignalKind, TaskCardId } from '@parlo/contract/peer-messages-learning';
import { StateStore } from '@/lib/state-store';

/**
 * What a call taught, kept on the device for the recap after the call (issue 21 → the next
 * issue's recap and phrase pocket). The call view fills it while the call runs; it holds the
 * latest call only, is never sent to the server, and is gone when the tab closes.
 *
 * Read it when the call ends:
 *   const log = callLearningLog.getSnapshot();
 *   if (log.sessionId === endedSessionId) { … log.talkShares.me, log.corrections … }
 * or subscribe (`callLearningLog.subscribe`) / `useStore(callLearningLog)` in React.
 */
export type LoggedCorrection = {
  /** The chat message as its author wrote it. */
  original: string;
  corrected: string;
  note: string | null;
  /** 'me' proposed it (it corrects the partner), 'partner' proposed it (it corrects me). */
  by: 'me' | 'partner';
  /** The message's author said thanks. */
  thanked: boolean;
};

export type CallLearningLogSnapshot = {
  /** The call the log is about; null before the first call of the tab. */
  sessionId: string | null;
  /** The practice language and the level of the cards dealt. */
  languageCode: string | null;
  level: string | null;
  /** Each side's fraction of all speaking time (both 0 when nobody was heard). */
  talkShares: { me: number; partner: number };
  /** Speaking time measured, both sides together, ms. */
  talkMs: number;
  /** Task cards that were on screen, first one included. */
  cardsDone: { count: number; ids: readonly TaskCardId[] };
  /** Repair signals I sent (given) and my partner sent me (received), by kind. */
  repairSignals: {
    given: Record<RepairSignalKind, number>;
    received: Record<RepairSignalKind, number>;
  };
  corrections: readonly LoggedCorrection[];
  /** When the call ended (ms since the epoch); null while it runs. */
  endedAt: number | null;
};

const zero = (): Record<RepairSignalKind, number> => ({
  slower: 0,
  repeat: 0,
  type_it: 0,
  meaning: 0,
});

export function emptyCallLearningLog(): CallLearningLogSnapshot {
  return {
    sessionId: null,
    languageCode: null,
    level: null,
    talkShares: { me: 0, partner: 0 },
    talkMs: 0,
    cardsDone: { count: 0, ids: [] },
    repairSignals: { given: zero(), received: zero() },
    corrections: [],
    endedAt: null,
  };
}

class CallLearningLog extends StateStore<CallLearningLogSnapshot> {
  constructor() {
    super(emptyCallLearningLog());
  }

  /** A new call starts a fresh log (a remount of the same call keeps what it has). */
  begin(sessionId: string, languageCode: string, level: string) {
    if (this.getSnapshot().sessionId === sessionId) return;
    this.setState({ ...emptyCallLearningLog(), sessionId, languageCode, level });
  }

  record(sessionId: string, patch: Partial<Omit<CallLearningLogSnapshot, 'sessionId'>>) {
    if (this.getSnapshot().sessionId !== sessionId) return;
    this.setState(patch);
  }
}

/** The one log of this tab: the latest call's. */
export const callLearningLog = new CallLearningLog();
