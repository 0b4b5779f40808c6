import type { Session } from '@parlo/contract/sessions';
import type { CallLearningLogSnapshot } from '@/lib/session/call-learning-log';
import type { CallTally } from '@/lib/session/call-tally-store';
import type { CallRecapInput } from '@/features/session-ended/lib/recap';

const total = (counts: Record<string, number>) =>
  Object.values(counts).reduce((sum, value) => sum + value, 0);

/**
 * Everything the device knows of one call, gathered into the recap's input. Parts not measured
 * stay undefined and are left out of the recap: the chat tally, the pocket, and the learning log
 * of the call (task cards, talk time, repair signals, corrections; lib/session/call-learning-log)
 * when it is about the same session.
 */
export function recapInputFor(parts: {
  sessionId: string;
  /** The session's technical data, once the server has its end. */
  session: Session | undefined;
  tally: CallTally | null;
  /** Pocket items saved in this call; null while the pocket is read or unavailable. */
  phrasesSaved: number | null;
  learning?: CallLearningLogSnapshot | null;
}): CallRecapInput {
  const { sessionId, session, tally } = parts;
  const ownTally = tally?.sessionId === sessionId ? tally : null;
  const learning = parts.learning?.sessionId === sessionId ? parts.learning : null;
  return {
    durationSeconds: session?.id === sessionId ? session.durationSeconds : null,
    chat: ownTally ? { sent: ownTally.chatSent, received: ownTally.chatReceived } : null,
    phrasesSaved: parts.phrasesSaved,
    ...(learning && {
      // Nobody heard (audio off, or the meter could not run): the part is left out.
      talk:
        learning.talkMs > 0
          ? {
              selfMs: learning.talkShares.me * learning.talkMs,
              partnerMs: learning.talkShares.partner * learning.talkMs,
            }
          : null,
      cardsDone: learning.cardsDone.count,
      signals: {
        given: total(learning.repairSignals.given),
        received: total(learning.repairSignals.received),
      },
      corrections: learning.corrections.length,
    }),
  };
}
