import { describe, expect, it } from 'vitest';
import { emptyCallLearningLog } from '@/lib/session/call-learning-log';
import { buildRecap } from '@/features/session-ended/lib/recap';
import { recapInputFor } from '@/features/session-ended/lib/recap-input';

const learning = {
  ...emptyCallLearningLog(),
  sessionId: 's-1',
  talkShares: { me: 0.6, partner: 0.4 },
  talkMs: 200_000,
  cardsDone: { count: 3, ids: ['B1-01', 'B1-02', 'B1-03'] },
  repairSignals: {
    given: { slower: 2, repeat: 1, type_it: 0, meaning: 0 },
    received: { slower: 0, repeat: 0, type_it: 1, meaning: 0 },
  },
  corrections: [
    { original: 'I goed', corrected: 'I went', note: null, by: 'partner' as const, thanked: true },
  ],
};

describe('the recap input', () => {
  it('takes talk time, cards, signals and corrections from the learning log of the same call', () => {
    const recap = buildRecap(
      recapInputFor({
        sessionId: 's-1',
        session: undefined,
        tally: { sessionId: 's-1', chatSent: 2, chatReceived: 1 },
        phrasesSaved: 4,
        learning,
      }),
    );
    expect(recap.talkShares).toEqual({ self: 60, partner: 40 });
    expect(recap.cardsDone).toBe(3);
    expect(recap.signals).toEqual({ given: 3, received: 1 });
    expect(recap.corrections).toBe(1);
    expect(recap.chatLines).toEqual({ sent: 2, received: 1 });
    expect(recap.phrasesSaved).toBe(4);
  });

  it("ignores another call's log, and leaves talk time out when nobody was heard", () => {
    const other = buildRecap(
      recapInputFor({
        sessionId: 's-2',
        session: undefined,
        tally: null,
        phrasesSaved: null,
        learning,
      }),
    );
    expect(other.empty).toBe(true);
    const silent = buildRecap(
      recapInputFor({
        sessionId: 's-1',
        session: undefined,
        tally: null,
        phrasesSaved: null,
        learning: { ...learning, talkMs: 0, talkShares: { me: 0, partner: 0 } },
      }),
    );
    expect(silent.talkShares).toBeNull();
    expect(silent.cardsDone).toBe(3);
  });
});
