import type { Session } from '@parlo/contract/sessions';
import type { CallTally } from '@/lib/session/call-tally-store';
import type { CallRecapInput } from '@/features/session-ended/lib/recap';

/**
 * Everything the device knows of one call, gathered into the recap's input. Parts not measured
 * stay undefined and are left out of the recap.
 *
 * Issue 21 (task cards, talk time, repair signals, corrections) connects here: its device-side
 * call summary (features/practice/learning/call-learning-log.ts) fills `talk`, `cardsDone`,
 * `signals` and `corrections` for the same `sessionId`.
 */
export function recapInputFor(parts: {
  sessionId: string;
  /** The session's technical data, once the server has its end. */
  session: Session | undefined;
  tally: CallTally | null;
  /** Pocket items saved in this call; null while the pocket is read or unavailable. */
  phrasesSaved: number | null;
}): CallRecapInput {
  const { sessionId, session, tally } = parts;
  const ownTally = tally?.sessionId === sessionId ? tally : null;
  return {
    durationSeconds: session?.id === sessionId ? session.durationSeconds : null,
    chat: ownTally ? { sent: ownTally.chatSent, received: ownTally.chatReceived } : null,
    phrasesSaved: parts.phrasesSaved,
  };
}
