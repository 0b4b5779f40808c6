import { describe, expect, it } from 'vitest';
import { parsePeerMessage } from './peer-messages.ts';

const frame = (value: unknown) => JSON.stringify(value);

describe('learning peer messages', () => {
  it('reads a deal, a move, a signal, a correction and its thanks', () => {
    const messages = [
      { type: 'card_deal', cards: ['B1-03', 'B1-01'], index: 1 },
      { type: 'card_move', index: 4 },
      { type: 'repair_signal', kind: 'slower' },
      { type: 'correction', id: 'c1', messageId: 'm1', corrected: 'I went home.', note: 'past' },
      { type: 'correction', id: 'c2', messageId: 'm1', corrected: 'I went home.' },
      { type: 'correction_thanks', correctionId: 'c1' },
    ];
    for (const message of messages) expect(parsePeerMessage(frame(message))).toEqual(message);
  });

  it('trims the corrected text and the note', () => {
    expect(
      parsePeerMessage(
        frame({ type: 'correction', id: 'c1', messageId: 'm1', corrected: ' Hi. ', note: ' x ' }),
      ),
    ).toEqual({ type: 'correction', id: 'c1', messageId: 'm1', corrected: 'Hi.', note: 'x' });
  });

  it('refuses malformed learning messages', () => {
    const refused = [
      { type: 'card_deal', cards: [], index: 0 },
      { type: 'card_deal', cards: ['B1-01'], index: 1 },
      { type: 'card_deal', cards: ['X9-01'], index: 0 },
      { type: 'card_deal', cards: ['B1-1'], index: 0 },
      { type: 'card_deal', cards: Array.from({ length: 65 }, () => 'A1-01'), index: 0 },
      { type: 'card_move', index: -1 },
      { type: 'card_move', index: 1.5 },
      { type: 'repair_signal', kind: 'louder' },
      { type: 'repair_signal' },
      { type: 'correction', id: 'c1', messageId: 'm1', corrected: '   ' },
      { type: 'correction', id: 'c1', messageId: 'm1', corrected: 'x'.repeat(1001) },
      { type: 'correction', id: 'c1', messageId: 'm1', corrected: 'ok', note: 'n'.repeat(201) },
      { type: 'correction', id: '', messageId: 'm1', corrected: 'ok' },
      { type: 'correction_thanks' },
    ];
    for (const message of refused) expect(parsePeerMessage(frame(message))).toBeNull();
  });
});
