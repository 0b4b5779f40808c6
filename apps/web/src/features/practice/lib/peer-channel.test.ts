import { describe, expect, it, vi } from 'vitest';
import { PeerChannel } from '@/features/practice/lib/peer-channel';
import { FakeDataChannel } from '@/features/practice/testing/fake-webrtc';

const chatFrame = (content: string) =>
  JSON.stringify({ type: 'chat', id: 'p1', content, timestamp: 1 });

describe('PeerChannel', () => {
  it('hands each valid message to the subscribers of its type, until they unsubscribe', () => {
    const peer = new PeerChannel();
    const channel = new FakeDataChannel('chat');
    peer.attach(channel);
    channel.open();
    const onChat = vi.fn();
    const off = peer.on('chat', onChat);
    channel.receive(chatFrame('hi'));
    expect(onChat).toHaveBeenCalledWith({ type: 'chat', id: 'p1', content: 'hi', timestamp: 1 });
    off();
    channel.receive(chatFrame('again'));
    expect(onChat).toHaveBeenCalledTimes(1);
  });

  it('drops and counts malformed, unknown and oversized frames without throwing', () => {
    const peer = new PeerChannel();
    const channel = new FakeDataChannel('chat');
    peer.attach(channel);
    const onChat = vi.fn();
    peer.on('chat', onChat);
    channel.receive('{');
    channel.receive(JSON.stringify({ type: 'teleport' }));
    channel.receive(chatFrame('x'.repeat(20_000)));
    channel.receive(new Blob(['binary']));
    expect(onChat).not.toHaveBeenCalled();
    expect(peer.getSnapshot().dropped).toBe(4);
  });

  it('sends only while open, and follows a re-negotiated channel', () => {
    const peer = new PeerChannel();
    const first = new FakeDataChannel('chat');
    peer.attach(first);
    expect(peer.send({ type: 'chat', id: 'm1', content: 'early', timestamp: 1 })).toBe(false);
    first.open();
    expect(peer.getSnapshot().ready).toBe(true);
    expect(peer.send({ type: 'chat', id: 'm1', content: 'one', timestamp: 1 })).toBe(true);
    const second = new FakeDataChannel('chat');
    peer.attach(second);
    expect(peer.getSnapshot().ready).toBe(false);
    first.receive(chatFrame('stale'));
    second.open();
    expect(peer.send({ type: 'chat', id: 'm2', content: 'two', timestamp: 2 })).toBe(true);
    expect(first.sent).toHaveLength(1);
    expect(second.sent).toHaveLength(1);
    peer.close();
    expect(second.readyState).toBe('closed');
    expect(peer.send({ type: 'chat', id: 'm3', content: 'late', timestamp: 3 })).toBe(false);
  });
});
