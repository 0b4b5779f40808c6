import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessage } from '@parlo/contract/realtime';
import { PeerLink } from '@/features/practice/lib/peer-link';
import { asPeerConnection, FakePeerConnection } from '@/features/practice/testing/fake-webrtc';

const stun = [{ urls: 'stun:stun.example.org:3478' }];
const withTurn = [...stun, { urls: 'turn:turn.example.org:3478', username: 'u', credential: 'c' }];

/** Offers as a browser writes them: ICE credentials and the DTLS fingerprint tell them apart. */
const offer = (ufrag: string, fingerprint: string) =>
  `v=0\r\na=ice-ufrag:${ufrag}\r\na=fingerprint:sha-256 ${fingerprint}\r\n`;

function setup(sendResult: () => boolean = () => true) {
  const sent: ClientMessage[] = [];
  const channels: unknown[] = [];
  const link = new PeerLink({
    createPeerConnection: asPeerConnection,
    send: (message) => {
      sent.push(message);
      return sendResult();
    },
    onDataChannel: (channel) => channels.push(channel),
  });
  const pc = () => FakePeerConnection.instances.at(-1)!;
  const offers = () => sent.filter((m) => m.type === 'offer').map((m) => m.payload);
  const answers = () => sent.filter((m) => m.type === 'answer');
  return { link, sent, channels, pc, offers, answers };
}

beforeEach(() => {
  FakePeerConnection.instances = [];
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PeerLink recovery as initiator', () => {
  it('turns 7 s without a connection into an ICE restart, then a fresh connection, then a failure', async () => {
    const { link, pc, offers, channels } = setup();
    await link.start({ initiator: true, iceServers: stun, localStream: null });
    const first = pc();

    await vi.advanceTimersByTimeAsync(7_000);
    expect(link.getSnapshot()).toMatchObject({ state: 'connecting', recovery: 'ice_restart' });
    expect(first.offerOptions.at(-1)).toEqual({ iceRestart: true });
    expect(offers().at(-1)).toEqual({ sdp: 'offer-sdp restart-1' });
    expect(FakePeerConnection.instances).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(7_000);
    expect(link.getSnapshot()).toMatchObject({ state: 'connecting', recovery: 'renegotiation' });
    expect(first.closed).toBe(true);
    expect(FakePeerConnection.instances).toHaveLength(2);
    expect(pc().config.iceTransportPolicy).toBe('all');
    expect(pc().offerOptions).toEqual([undefined]);
    expect(channels).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(7_000);
    expect(link.getSnapshot()).toMatchObject({ state: 'failed', error: 'connection_timeout' });
    expect(pc().closed).toBe(true);
  });

  it('restarts ICE at once on an ICE failure, re-negotiates, and only then fails', async () => {
    const { link, pc, offers } = setup();
    await link.start({ initiator: true, iceServers: stun, localStream: null });
    await link.handleAnswer('answer-sdp');

    // Chrome reports the failure twice (ICE agent, then connection): one step, not two.
    pc().setIceConnectionState('failed');
    pc().setConnectionState('failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(link.getSnapshot()).toMatchObject({ state: 'connecting', recovery: 'ice_restart' });
    expect(offers()).toHaveLength(2);
    expect(FakePeerConnection.instances).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(7_000);
    expect(link.getSnapshot().recovery).toBe('renegotiation');
    expect(FakePeerConnection.instances).toHaveLength(2);
    expect(link.getSnapshot().state).toBe('connecting');

    pc().setConnectionState('failed');
    expect(link.getSnapshot()).toMatchObject({ state: 'failed', error: 'peer_connection_failed' });
  });

  it('goes through the relay on the re-negotiation when a TURN server is configured', async () => {
    const { link, pc } = setup();
    await link.start({ initiator: true, iceServers: withTurn, localStream: null });
    expect(pc().config.iceTransportPolicy).toBe('all');
    await vi.advanceTimersByTimeAsync(14_000);
    expect(FakePeerConnection.instances).toHaveLength(2);
    expect(pc().config.iceTransportPolicy).toBe('relay');
  });

  it('connects on the ICE restart and starts over with a full ladder next time', async () => {
    const { link, pc, offers } = setup();
    await link.start({ initiator: true, iceServers: stun, localStream: null });
    pc().setConnectionState('failed');
    await vi.advanceTimersByTimeAsync(0);
    await link.handleAnswer('restart-answer');
    expect(pc().remoteDescription).toEqual({ type: 'answer', sdp: 'restart-answer' });
    pc().setConnectionState('connected');
    expect(link.getSnapshot()).toMatchObject({ state: 'connected', recovery: null, error: null });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(link.getSnapshot().state).toBe('connected');

    pc().setConnectionState('failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(link.getSnapshot()).toMatchObject({ state: 'disconnected', recovery: 'ice_restart' });
    expect(offers().at(-1)).toEqual({ sdp: 'offer-sdp restart-2' });
  });

  it('rides out a momentary disconnect mid-call without touching the connection', async () => {
    const { link, pc, offers } = setup();
    await link.start({ initiator: true, iceServers: stun, localStream: null });
    await link.handleAnswer('answer-sdp');
    pc().setConnectionState('connected');

    pc().setConnectionState('disconnected');
    expect(link.getSnapshot()).toMatchObject({
      state: 'disconnected',
      error: 'connection_disconnected',
    });
    await vi.advanceTimersByTimeAsync(1_500);
    pc().setConnectionState('connected');
    await vi.advanceTimersByTimeAsync(60_000);

    expect(link.getSnapshot()).toMatchObject({ state: 'connected', recovery: null });
    expect(offers()).toHaveLength(1);
    expect(FakePeerConnection.instances).toHaveLength(1);
  });

  it('restarts ICE when a mid-call disconnect outlasts 2 s, and recovers through it', async () => {
    const { link, pc, offers } = setup();
    await link.start({ initiator: true, iceServers: stun, localStream: null });
    await link.handleAnswer('answer-sdp');
    pc().setConnectionState('connected');
    pc().setConnectionState('disconnected');

    await vi.advanceTimersByTimeAsync(1_999);
    expect(offers()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(link.getSnapshot()).toMatchObject({ state: 'disconnected', recovery: 'ice_restart' });
    expect(offers().at(-1)).toEqual({ sdp: 'offer-sdp restart-1' });

    await link.handleAnswer('restart-answer');
    pc().setConnectionState('connected');
    expect(link.getSnapshot()).toMatchObject({ state: 'connected', recovery: null });
  });

  it('keeps a call that stays disconnected for 2 + 7 + 7 s, then gives it up', async () => {
    const { link, pc } = setup();
    await link.start({ initiator: true, iceServers: stun, localStream: null });
    pc().setConnectionState('connected');
    pc().setConnectionState('disconnected');
    await vi.advanceTimersByTimeAsync(15_999);
    expect(link.getSnapshot()).toMatchObject({ state: 'disconnected', recovery: 'renegotiation' });
    await vi.advanceTimersByTimeAsync(1);
    expect(link.getSnapshot()).toMatchObject({ state: 'failed', error: 'connection_timeout' });
  });

  it('repeats a restart offer every 1.5 s until answered, for a socket that was down', async () => {
    let up = false;
    const { link, pc, offers } = setup(() => up);
    await link.start({ initiator: true, iceServers: stun, localStream: null });
    await link.handleAnswer('answer-sdp');
    pc().setConnectionState('failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(offers()).toHaveLength(2);
    up = true;
    await vi.advanceTimersByTimeAsync(1_500);
    expect(offers()).toHaveLength(3);
    expect(offers().at(-1)).toEqual({ sdp: 'offer-sdp restart-1' });
    await link.handleAnswer('restart-answer');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(offers()).toHaveLength(3);
  });
});

describe('PeerLink recovery as answerer', () => {
  it('answers a restart on the same connection and a fresh offer on a new one', async () => {
    const { link, pc, answers, channels } = setup();
    await link.start({ initiator: false, iceServers: withTurn, localStream: null });
    const first = pc();
    await link.handleOffer(offer('a', 'F1'));
    await link.handleOffer(offer('a', 'F1'));
    expect(answers()).toHaveLength(1);

    await link.handleOffer(offer('b', 'F1'));
    expect(answers()).toHaveLength(2);
    expect(first.remoteDescription).toEqual({ type: 'offer', sdp: offer('b', 'F1') });
    expect(link.getSnapshot()).toMatchObject({ state: 'connecting', recovery: 'ice_restart' });
    expect(FakePeerConnection.instances).toHaveLength(1);

    await link.handleOffer(offer('c', 'F2'));
    expect(first.closed).toBe(true);
    expect(FakePeerConnection.instances).toHaveLength(2);
    expect(pc().config.iceTransportPolicy).toBe('relay');
    expect(pc().remoteDescription).toEqual({ type: 'offer', sdp: offer('c', 'F2') });
    expect(answers()).toHaveLength(3);
    expect(link.getSnapshot().recovery).toBe('renegotiation');

    const channel = pc().emitDataChannel('chat');
    expect(channels).toEqual([channel]);
    pc().setConnectionState('connected');
    expect(link.getSnapshot()).toMatchObject({ state: 'connected', recovery: null });
  });

  it('sends no offer of its own and waits a step longer than the initiator', async () => {
    const { link, sent } = setup();
    await link.start({ initiator: false, iceServers: stun, localStream: null });
    await link.handleOffer(offer('a', 'F1'));
    await vi.advanceTimersByTimeAsync(21_000);
    expect(link.getSnapshot()).toMatchObject({ state: 'connecting', recovery: 'renegotiation' });
    await vi.advanceTimersByTimeAsync(7_000);
    expect(link.getSnapshot()).toMatchObject({ state: 'failed', error: 'connection_timeout' });
    expect(sent.filter((m) => m.type === 'offer')).toEqual([]);
    expect(FakePeerConnection.instances).toHaveLength(1);
  });

  it("restarts its clock on each of the initiator's recovery offers", async () => {
    const { link } = setup();
    await link.start({ initiator: false, iceServers: stun, localStream: null });
    await link.handleOffer(offer('a', 'F1'));
    await vi.advanceTimersByTimeAsync(13_000);
    await link.handleOffer(offer('b', 'F2'));
    await vi.advanceTimersByTimeAsync(13_000);
    expect(link.getSnapshot().state).toBe('connecting');
  });

  it('sends its answer again for a repeated offer when the first did not leave', async () => {
    let up = false;
    const { link, answers } = setup(() => up);
    await link.start({ initiator: false, iceServers: stun, localStream: null });
    await link.handleOffer(offer('a', 'F1'));
    up = true;
    await link.handleOffer(offer('a', 'F1'));
    await link.handleOffer(offer('a', 'F1'));
    expect(answers()).toHaveLength(2);
  });

  it('adds the candidates of a restart only after the restart offer they belong to', async () => {
    const { link, pc } = setup();
    await link.start({ initiator: false, iceServers: stun, localStream: null });
    await link.handleOffer(offer('a', 'F1'));
    const seenWith: (string | undefined)[] = [];
    const add = pc().addIceCandidate.bind(pc());
    vi.spyOn(pc(), 'addIceCandidate').mockImplementation((candidate) => {
      seenWith.push(pc().remoteDescription?.sdp);
      return add(candidate);
    });
    void link.handleOffer(offer('b', 'F1'));
    await link.handleCandidate({ candidate: 'candidate:restart', usernameFragment: 'b' });
    expect(seenWith).toEqual([offer('b', 'F1')]);
  });
});
