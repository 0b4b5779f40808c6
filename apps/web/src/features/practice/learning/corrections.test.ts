import { describe, expect, it } from 'vitest';
import { ChatChannel } from '@/features/practice/lib/chat-channel';
import { Corrections } from './corrections';
import { linkedChannels } from './testing-link';
import { changesWords, wordDiff } from './word-diff';

describe('wordDiff', () => {
  it('marks the changed words and keeps the rest', () => {
    expect(wordDiff('Yesterday I goed to park', 'Yesterday I went to the park')).toEqual([
      { kind: 'same', text: 'Yesterday I ' },
      { kind: 'removed', text: 'goed' },
      { kind: 'added', text: 'went' },
      { kind: 'same', text: ' to ' },
      { kind: 'added', text: 'the ' },
      { kind: 'same', text: 'park' },
    ]);
  });

  it('is one unchanged part for identical text', () => {
    expect(wordDiff('Hola, ¿qué tal?', 'Hola, ¿qué tal?')).toEqual([
      { kind: 'same', text: 'Hola, ¿qué tal?' },
    ]);
  });

  it('tells a real change from spacing', () => {
    expect(changesWords('I  am here ', 'I am here')).toBe(false);
    expect(changesWords('I is here', 'I am here')).toBe(true);
  });
});

function call() {
  const link = linkedChannels();
  let id = 0;
  const chatA = new ChatChannel(link.a, { createId: () => `a${++id}` });
  const chatB = new ChatChannel(link.b, { createId: () => `b${++id}` });
  const a = new Corrections(link.a, chatA, () => `ca${++id}`);
  const b = new Corrections(link.b, chatB, () => `cb${++id}`);
  a.start();
  b.start();
  link.open();
  return { link, chatA, chatB, a, b };
}

describe('Corrections', () => {
  it('proposes a correction of the partner’s message; both hold it; the author thanks', () => {
    const { chatB, a, b } = call();
    chatB.send('I goed home');
    const messageId = chatB.getSnapshot().messages[0]!.id;
    expect(a.propose(messageId, 'I went home', ' past tense ')).toBe(true);
    const expected = {
      messageId,
      original: 'I goed home',
      corrected: 'I went home',
      note: 'past tense',
      thanked: false,
    };
    expect(a.getSnapshot().corrections).toEqual([
      expect.objectContaining({ ...expected, by: 'self' }),
    ]);
    expect(b.getSnapshot().corrections).toEqual([
      expect.objectContaining({ ...expected, by: 'peer' }),
    ]);
    const id = b.getSnapshot().corrections[0]!.id;
    expect(a.thank(id)).toBe(false); // the proposer cannot thank themself
    expect(b.thank(id)).toBe(true);
    expect(b.getSnapshot().corrections[0]!.thanked).toBe(true);
    expect(a.getSnapshot().corrections[0]!.thanked).toBe(true);
    expect(b.thank(id)).toBe(false);
  });

  it('refuses to correct one’s own message, an unchanged text or an empty one', () => {
    const { chatA, chatB, a } = call();
    chatA.send('my own line');
    chatB.send('their line');
    const [mine, theirs] = chatA.getSnapshot().messages;
    expect(a.propose(mine!.id, 'my own line!')).toBe(false);
    expect(a.propose(theirs!.id, ' their   line ')).toBe(false);
    expect(a.propose(theirs!.id, '   ')).toBe(false);
    expect(a.propose('nope', 'x')).toBe(false);
    expect(a.getSnapshot().corrections).toHaveLength(0);
  });

  it('ignores a partner’s correction of a message that is not mine', () => {
    const { link, chatB, b } = call();
    chatB.send('hello');
    const theirs = chatB.getSnapshot().messages[0]!.id;
    // b receives a "correction" of a message b never wrote as "self"… from a: here, b's own id
    // is sent back at it, but naming a message of the partner's instead is refused.
    link.wireB.receive(
      JSON.stringify({ type: 'correction', id: 'x1', messageId: 'unknown', corrected: 'hi' }),
    );
    expect(b.getSnapshot().corrections).toHaveLength(0);
    link.wireB.receive(
      JSON.stringify({ type: 'correction', id: 'x2', messageId: theirs, corrected: 'hello!' }),
    );
    expect(b.getSnapshot().corrections).toHaveLength(1);
    link.wireB.receive(
      JSON.stringify({ type: 'correction', id: 'x2', messageId: theirs, corrected: 'hello!' }),
    );
    expect(b.getSnapshot().corrections).toHaveLength(1);
  });
});
