import { describe, expect, it, vi } from 'vitest';
import { ChatChannel, sendableContent } from '@/features/practice/lib/chat-channel';
import { PeerChannel } from '@/features/practice/lib/peer-channel';
import { FakeDataChannel } from '@/features/practice/testing/fake-webrtc';

function setup() {
  const onUnreadMessage = vi.fn();
  let id = 0;
  const peer = new PeerChannel();
  const chat = new ChatChannel(peer, {
    onUnreadMessage,
    now: () => 1_000,
    createId: () => `m${++id}`,
  });
  const channel = new FakeDataChannel('chat');
  peer.attach(channel);
  return { chat, peer, channel, onUnreadMessage };
}

describe('sendableContent', () => {
  it('trims, and refuses empty or over-long messages', () => {
    expect(sendableContent('  hello \n')).toBe('hello');
    expect(sendableContent('   \n ')).toBeNull();
    expect(sendableContent('a'.repeat(1000))).toHaveLength(1000);
    expect(sendableContent('a'.repeat(1001))).toBeNull();
    expect(sendableContent(` ${'a'.repeat(1000)} `)).toHaveLength(1000);
  });
});

describe('ChatChannel', () => {
  it('moves to the channel of a re-negotiated call, keeping the messages', () => {
    const { chat, peer, channel } = setup();
    channel.open();
    chat.send('before');
    const next = new FakeDataChannel('chat');
    peer.attach(next);
    expect(chat.getSnapshot().ready).toBe(false);
    next.open();
    channel.onclose?.(new Event('close'));
    expect(chat.getSnapshot().ready).toBe(true);
    expect(chat.send('after')).toBe(true);
    expect(next.sent).toHaveLength(1);
    expect(chat.getSnapshot().messages.map((m) => m.content)).toEqual(['before', 'after']);
  });

  it('refuses to send before the channel opens', () => {
    const { chat, channel } = setup();
    expect(chat.send('hi')).toBe(false);
    expect(channel.sent).toEqual([]);
    expect(chat.getSnapshot().ready).toBe(false);
  });

  it('sends trimmed JSON {type, id, content, timestamp} and keeps it as a read self message', () => {
    const { chat, channel } = setup();
    channel.open();
    expect(chat.send('  Hola!  ')).toBe(true);
    expect(JSON.parse(channel.sent[0]!)).toEqual({
      type: 'chat',
      id: 'm1',
      content: 'Hola!',
      timestamp: 1_000,
    });
    expect(chat.getSnapshot().messages).toEqual([
      { id: 'm1', sender: 'self', content: 'Hola!', timestamp: 1_000, isRead: true },
    ]);
  });

  it('silently sends nothing for empty or over 1000 characters', () => {
    const { chat, channel } = setup();
    channel.open();
    expect(chat.send('   ')).toBe(false);
    expect(chat.send('x'.repeat(1001))).toBe(false);
    expect(channel.sent).toEqual([]);
    expect(chat.getSnapshot().messages).toEqual([]);
  });

  it('counts unread partner messages while hidden and reads them when shown', () => {
    const { chat, channel, onUnreadMessage } = setup();
    channel.open();
    channel.receive(JSON.stringify({ type: 'chat', id: 'p1', content: 'hey', timestamp: 5 }));
    channel.receive(JSON.stringify({ type: 'chat', id: 'p2', content: ' there ', timestamp: 6 }));
    expect(chat.getSnapshot().unreadCount).toBe(2);
    expect(chat.getSnapshot().messages[1]).toEqual({
      id: 'p2',
      sender: 'peer',
      content: 'there',
      timestamp: 6,
      isRead: false,
    });
    expect(onUnreadMessage).toHaveBeenCalledTimes(2);

    chat.setVisible(true);
    expect(chat.getSnapshot().unreadCount).toBe(0);
    expect(chat.getSnapshot().messages.every((m) => m.isRead)).toBe(true);

    channel.receive(JSON.stringify({ type: 'chat', id: 'p3', content: 'seen', timestamp: 7 }));
    expect(chat.getSnapshot().unreadCount).toBe(0);
    expect(onUnreadMessage).toHaveBeenCalledTimes(2);
  });

  it('drops malformed, empty and over-long partner messages, counting them', () => {
    const { chat, peer, channel } = setup();
    channel.open();
    channel.receive('not json');
    channel.receive(JSON.stringify({ type: 'chat', id: 'x', content: 42, timestamp: 1 }));
    channel.receive(JSON.stringify({ type: 'chat', id: 'x', content: '  ', timestamp: 1 }));
    channel.receive(
      JSON.stringify({ type: 'chat', id: 'x', content: 'y'.repeat(1001), timestamp: 1 }),
    );
    channel.receive(JSON.stringify({ id: 'x', content: 'no type', timestamp: 1 }));
    channel.receive(JSON.stringify({ type: 'shout', id: 'x', content: 'unknown', timestamp: 1 }));
    channel.receive(new ArrayBuffer(4));
    expect(chat.getSnapshot().messages).toEqual([]);
    expect(peer.getSnapshot().dropped).toBe(7);
  });

  it('stops sending once closed', () => {
    const { chat, peer, channel } = setup();
    channel.open();
    chat.close();
    peer.close();
    expect(channel.readyState).toBe('closed');
    expect(chat.send('late')).toBe(false);
  });
});
