import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessage } from '@parlo/contract/realtime';
import { PeerLink } from '@/features/practice/lib/peer-link';
import {
  asPeerConnection,
  fakeStream,
  FakePeerConnection,
} from '@/features/practice/testing/fake-webrtc';

const iceServers = [{ urls: 'stun:stun.example.org:3478' }];

function setup() {
  const sent: ClientMessage[] = [];
  const channels: unknown[] = [];
  const link = new PeerLink({
    createPeerConnection: asPeerConnection,
    send: (message) => {
      sent.push(message);
    },
    onDataChannel: (channel) => channels.push(channel),
  });
  const pc = () => FakePeerConnection.instances.at(-1)!;
  return { link, sent, channels, pc };
}

beforeEach(() => {
  FakePeerConnection.instances = [];
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PeerLink as initiator', () => {
  it('creates the chat channel, sends the offer and applies the answer', async () => {
    const { link, sent, channels, pc } = setup();
    const stream = fakeStream();
    await link.start({ initiator: true, iceServers, localStream: stream as never });

    expect(pc().config.iceServers).toEqual(iceServers);
    expect(pc().addedTracks).toEqual(stream.tracks);
    expect(channels).toHaveLength(1);
    expect(pc().channels[0]?.label).toBe('chat');
    expect(sent).toEqual([{ type: 'offer', payload: { sdp: 'offer-sdp' } }]);
    expect(link.getSnapshot().state).toBe('connecting');

    await link.handleAnswer('answer-sdp');
    expect(pc().remoteDescription).toEqual({ type: 'answer', sdp: 'answer-sdp' });

    pc().setConnectionState('connected');
    expect(link.getSnapshot()).toMatchObject({ state: 'connected', error: null });
  });

  it('repeats the offer until the answer arrives, then stops', async () => {
    const { link, sent } = setup();
    await link.start({ initiator: true, iceServers, localStream: null });
    await vi.advanceTimersByTimeAsync(1_500);
    expect(sent.filter((m) => m.type === 'offer')).toHaveLength(2);
    await link.handleAnswer('answer-sdp');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(sent.filter((m) => m.type === 'offer')).toHaveLength(2);
  });

  it('trickles its own candidates to the partner', async () => {
    const { link, sent, pc } = setup();
    await link.start({ initiator: true, iceServers, localStream: null });
    pc().emitCandidate('candidate:1 1 udp 1 10.0.0.1 5000 typ host');
    expect(sent.at(-1)).toEqual({
      type: 'candidate',
      payload: {
        candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
        usernameFragment: 'u',
      },
    });
  });

  it('fails with start_failed when the offer cannot be made', async () => {
    const { link } = setup();
    const spy = vi
      .spyOn(FakePeerConnection.prototype, 'createOffer')
      .mockRejectedValue(new Error('no'));
    await link.start({ initiator: true, iceServers, localStream: null });
    spy.mockRestore();
    expect(link.getSnapshot()).toMatchObject({ state: 'failed', error: 'start_failed' });
  });

  it('fails with handle_answer_failed on an answer it cannot apply', async () => {
    const { link, pc } = setup();
    await link.start({ initiator: true, iceServers, localStream: null });
    pc().failNext = 'setRemoteDescription';
    await link.handleAnswer('garbage');
    expect(link.getSnapshot()).toMatchObject({ state: 'failed', error: 'handle_answer_failed' });
  });
});

describe('PeerLink as answerer', () => {
  it('answers an offer that arrived before the connection existed, and takes the chat channel', async () => {
    const { link, sent, channels, pc } = setup();
    await link.handleOffer('early-offer');
    expect(FakePeerConnection.instances).toHaveLength(0);

    await link.start({ initiator: false, iceServers, localStream: null });
    expect(pc().remoteDescription).toEqual({ type: 'offer', sdp: 'early-offer' });
    expect(sent).toEqual([{ type: 'answer', payload: { sdp: 'answer-sdp' } }]);

    const channel = pc().emitDataChannel('chat');
    expect(channels).toEqual([channel]);
    pc().emitDataChannel('other');
    expect(channels).toHaveLength(1);
  });

  it('answers only the first of repeated offers', async () => {
    const { link, sent } = setup();
    await link.start({ initiator: false, iceServers, localStream: null });
    await link.handleOffer('offer-1');
    await link.handleOffer('offer-1');
    expect(sent.filter((m) => m.type === 'answer')).toHaveLength(1);
  });

  it('fails with answer_failed on an offer it cannot apply', async () => {
    const { link, pc } = setup();
    await link.start({ initiator: false, iceServers, localStream: null });
    pc().failNext = 'setRemoteDescription';
    await link.handleOffer('garbage');
    expect(link.getSnapshot()).toMatchObject({ state: 'failed', error: 'answer_failed' });
  });
});

describe('PeerLink candidates', () => {
  it('queues remote candidates until the remote description is set, then adds them in order', async () => {
    const { link, pc } = setup();
    await link.handleCandidate({ candidate: 'a' });
    await link.start({ initiator: false, iceServers, localStream: null });
    await link.handleCandidate({ candidate: 'b' });
    expect(pc().addedCandidates).toEqual([]);

    await link.handleOffer('offer');
    expect(pc().addedCandidates).toEqual([{ candidate: 'a' }, { candidate: 'b' }]);

    await link.handleCandidate({ candidate: 'c' });
    expect(pc().addedCandidates).toHaveLength(3);
  });
});

describe('PeerLink failures', () => {
  it('ends a link no recovery step connects with the error of the last attempt', async () => {
    const { link, pc } = setup();
    await link.start({ initiator: true, iceServers, localStream: null });
    await vi.advanceTimersByTimeAsync(6_999);
    expect(link.getSnapshot()).toMatchObject({ state: 'connecting', recovery: null });
    await vi.advanceTimersByTimeAsync(14_000);
    expect(link.getSnapshot().state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(link.getSnapshot()).toMatchObject({ state: 'failed', error: 'connection_timeout' });
    expect(pc().closed).toBe(true);
  });

  it('does not time out once connected', async () => {
    const { link, pc } = setup();
    await link.start({ initiator: true, iceServers, localStream: null });
    pc().setConnectionState('connected');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(link.getSnapshot().state).toBe('connected');
  });

  it('reports a failed connection and a failed ICE agent once recovery ran out', async () => {
    const first = setup();
    await first.link.start({ initiator: true, iceServers, localStream: null });
    first.pc().setConnectionState('failed');
    await vi.advanceTimersByTimeAsync(7_000);
    first.pc().setConnectionState('failed');
    expect(first.link.getSnapshot().error).toBe('peer_connection_failed');

    const second = setup();
    await second.link.start({ initiator: true, iceServers, localStream: null });
    second.pc().setIceConnectionState('failed');
    await vi.advanceTimersByTimeAsync(7_000);
    second.pc().setIceConnectionState('failed');
    expect(second.link.getSnapshot()).toMatchObject({ state: 'failed', error: 'ice_failed' });
  });

  it('exposes the remote stream when a track arrives', async () => {
    const { link, pc } = setup();
    await link.start({ initiator: true, iceServers, localStream: null });
    const remote = fakeStream();
    pc().emitTrack(remote);
    expect(link.getSnapshot().remoteStream).toBe(remote);
  });

  it('closes once and ignores signalling afterwards', async () => {
    const { link, pc, sent } = setup();
    await link.start({ initiator: false, iceServers, localStream: null });
    link.close();
    link.close();
    expect(link.getSnapshot().state).toBe('closed');
    expect(pc().closed).toBe(true);
    await link.handleOffer('late');
    expect(sent).toEqual([]);
    expect(link.getStats()).toBeNull();
  });
});
