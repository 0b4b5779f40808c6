import { describe, expect, it } from 'vitest';
import { PEER_MESSAGE_MAX_BYTES, parsePeerMessage } from './peer-messages.ts';

describe('parsePeerMessage', () => {
  it('reads a chat line, trimmed', () => {
    const frame = JSON.stringify({ type: 'chat', id: 'm1', content: ' hola ', timestamp: 5 });
    expect(parsePeerMessage(frame)).toEqual({
      type: 'chat',
      id: 'm1',
      content: 'hola',
      timestamp: 5,
    });
  });

  it('refuses what is not a known, well-formed message', () => {
    const refused = [
      42,
      'not json',
      JSON.stringify(null),
      JSON.stringify({ id: 'm1', content: 'no type', timestamp: 1 }),
      JSON.stringify({ type: 'unknown', id: 'm1' }),
      JSON.stringify({ type: 'chat', id: 'm1', content: '   ', timestamp: 1 }),
      JSON.stringify({ type: 'chat', id: 'm1', content: 'x'.repeat(1001), timestamp: 1 }),
      JSON.stringify({ type: 'chat', id: '', content: 'hi', timestamp: 1 }),
      JSON.stringify({ type: 'chat', id: 'm1', content: 'hi', timestamp: -1 }),
      JSON.stringify({ type: 'chat', id: 'm1', content: 'hi', timestamp: 'now' }),
      JSON.stringify({
        type: 'chat',
        id: 'm1',
        content: 'hi',
        timestamp: 1,
        pad: 'x'.repeat(PEER_MESSAGE_MAX_BYTES),
      }),
    ];
    for (const frame of refused) expect(parsePeerMessage(frame)).toBeNull();
  });
});

describe('frame guard peer messages', () => {
  it('reads reveal and camera notes, and refuses malformed ones', () => {
    const reveal = { type: 'guard_reveal', revealed: true, required: false, minor: false };
    expect(parsePeerMessage(JSON.stringify(reveal))).toEqual(reveal);
    const note = { type: 'guard_camera_note', note: 'covered' };
    expect(parsePeerMessage(JSON.stringify(note))).toEqual(note);
    for (const bad of [
      { type: 'guard_reveal', revealed: 'yes', required: false, minor: false },
      { type: 'guard_reveal', revealed: true },
      { type: 'guard_camera_note', note: 'nude' },
    ]) {
      expect(parsePeerMessage(JSON.stringify(bad))).toBeNull();
    }
  });
});
