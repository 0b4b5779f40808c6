import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallSession, endedByCall } from '@/features/practice/lib/call-session';
import {
  asPeerConnection,
  fakeStream,
  FakePeerConnection,
} from '@/features/practice/testing/fake-webrtc';
import { createFakeSocket } from '@/features/practice/testing/fake-socket';
import { sessionPayload } from '@/features/practice/testing/session-payload';

const START = Date.parse('2026-01-01T10:00:00Z');

function setup(
  options: {
    denied?: boolean;
    initiator?: boolean;
    id?: string;
    endedBeforeStart?: 'user_ended' | null;
  } = {},
) {
  const socket = createFakeSocket();
  const stream = fakeStream();
  const onEnded = vi.fn();
  const playSound = vi.fn();
  const reportConnectionType = vi.fn(() => Promise.resolve());
  const getUserMedia = vi.fn(() =>
    options.denied
      ? Promise.reject(Object.assign(new Error('no'), { name: 'NotAllowedError' }))
      : Promise.resolve(stream as unknown as MediaStream),
  );
  const call = new CallSession(
    sessionPayload({
      initiator: options.initiator ?? true,
      ...(options.id ? { session: { ...sessionPayload().session, id: options.id } } : {}),
    }),
    {
      socket,
      getUserMedia,
      createPeerConnection: asPeerConnection,
      reportConnectionType,
      playSound,
      onEnded,
      endedBeforeStart: () => options.endedBeforeStart ?? null,
      now: () => Date.now(),
    },
  );
  const pc = () => FakePeerConnection.instances.at(-1)!;
  return { call, socket, stream, onEnded, playSound, reportConnectionType, pc, getUserMedia };
}

beforeEach(() => {
  FakePeerConnection.instances = [];
  vi.useFakeTimers();
  vi.setSystemTime(START);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CallSession', () => {
  it('ends at once, without asking for the camera, when the server ended it before the start', async () => {
    const { call, socket, onEnded, getUserMedia } = setup({ endedBeforeStart: 'user_ended' });
    await call.start();
    expect(call.getSnapshot()).toMatchObject({ phase: 'ended', endReason: 'user_ended' });
    expect(onEnded).toHaveBeenCalledWith('user_ended', null);
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(socket.sent).toEqual([]);
    expect(FakePeerConnection.instances).toHaveLength(0);
  });

  it('starts media and the peer link, and goes live when connected', async () => {
    const { call, socket, pc, reportConnectionType } = setup();
    await call.start();
    expect(call.getSnapshot()).toMatchObject({ phase: 'connecting', secondsLeft: 420 });
    expect(socket.sent[0]).toEqual({ type: 'offer', payload: { sdp: 'offer-sdp' } });

    socket.emit('answer', { sdp: 'answer-sdp' });
    await vi.advanceTimersByTimeAsync(0);
    pc().statsReport.set('P', {
      id: 'P',
      type: 'candidate-pair',
      state: 'succeeded',
      nominated: true,
      localCandidateId: 'L',
    });
    pc().statsReport.set('L', { id: 'L', type: 'local-candidate', candidateType: 'relay' });
    pc().setConnectionState('connected');
    pc().emitTrack(fakeStream());
    await vi.advanceTimersByTimeAsync(0);

    expect(call.getSnapshot().phase).toBe('live');
    expect(socket.sent).toContainEqual({ type: 'media_connected' });
    expect(socket.sent).toContainEqual({ type: 'camera_toggled', payload: { enabled: false } });
    expect(reportConnectionType).toHaveBeenCalledWith('session-1', 'turn');
  });

  it('follows the partner toggles', async () => {
    const { call, socket } = setup();
    await call.start();
    expect(call.getSnapshot().peerCameraEnabled).toBe(false);
    socket.emit('peer_camera_toggled', { enabled: true });
    socket.emit('peer_microphone_toggled', { enabled: false });
    expect(call.getSnapshot()).toMatchObject({
      peerCameraEnabled: true,
      peerMicrophoneEnabled: false,
    });
  });

  it('counts down from endsAt and plays the ending sound once at 30 s left', async () => {
    const { call, playSound, pc } = setup();
    await call.start();
    pc().setConnectionState('connected');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(call.getSnapshot().secondsLeft).toBe(360);
    await vi.advanceTimersByTimeAsync(330_000);
    expect(call.getSnapshot().secondsLeft).toBe(30);
    expect(playSound).toHaveBeenCalledWith('ending');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(playSound.mock.calls.filter(([name]) => name === 'ending')).toHaveLength(1);
  });

  it('ends with time_limit_reached a little after zero if the server stays silent', async () => {
    const { call, pc, onEnded, socket } = setup();
    await call.start();
    pc().setConnectionState('connected');
    await vi.advanceTimersByTimeAsync(420_000);
    expect(call.getSnapshot().secondsLeft).toBe(0);
    expect(onEnded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onEnded).toHaveBeenCalledWith('time_limit_reached', null);
    expect(socket.sent.some((m) => m.type === 'end_session')).toBe(false);
  });

  it('ends once on self end: sends user_ended, records self_ended and stops the tracks', async () => {
    const { call, socket, stream, onEnded, pc } = setup();
    await call.start();
    call.endSelf();
    call.endSelf();
    socket.emit('session_ended', { sessionId: 'session-1', reason: 'user_ended' });

    expect(socket.sent.filter((m) => m.type === 'end_session')).toEqual([
      { type: 'end_session', payload: { reason: 'user_ended' } },
    ]);
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledWith('self_ended', null);
    expect(call.getSnapshot()).toMatchObject({ phase: 'ended', endReason: 'self_ended' });
    expect(stream.tracks.every((t) => t.stopped)).toBe(true);
    expect(pc().closed).toBe(true);
    expect(socket.listenerCount()).toBe(0);
    expect(endedByCall('session-1')).toBe(true);
  });

  it("takes the server's reason without sending anything, ignoring other sessions", async () => {
    const { call, socket, onEnded } = setup({ id: 'session-2' });
    await call.start();
    socket.emit('session_ended', { sessionId: 'other', reason: 'user_ended' });
    expect(call.isEnded()).toBe(false);
    socket.emit('session_ended', { sessionId: 'session-2', reason: 'time_limit_reached' });
    expect(onEnded).toHaveBeenCalledWith('time_limit_reached', null);
    expect(socket.sent.some((m) => m.type === 'end_session')).toBe(false);
  });

  it('tries an ICE restart and a re-negotiation before ending with connection_issue', async () => {
    const { call, socket, onEnded, pc } = setup();
    await call.start();
    const offers = () => socket.sent.filter((m) => m.type === 'offer');
    const ended = () => socket.sent.some((m) => m.type === 'end_session');

    pc().setIceConnectionState('failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(offers().at(-1)).toEqual({ type: 'offer', payload: { sdp: 'offer-sdp restart-1' } });
    expect(call.getSnapshot().phase).toBe('connecting');

    await vi.advanceTimersByTimeAsync(7_000);
    expect(FakePeerConnection.instances).toHaveLength(2);
    expect(offers().at(-1)).toEqual({ type: 'offer', payload: { sdp: 'offer-sdp' } });
    expect(ended()).toBe(false);
    expect(onEnded).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(7_000);
    expect(onEnded).toHaveBeenCalledWith('connection_issue', 'connection_timeout');
    expect(socket.sent).toContainEqual({
      type: 'end_session',
      payload: { reason: 'connection_issue' },
    });
  });

  it('stays live through a momentary disconnect mid-call', async () => {
    const { call, socket, onEnded, pc } = setup();
    await call.start();
    socket.emit('answer', { sdp: 'answer-sdp' });
    pc().setConnectionState('connected');
    await vi.advanceTimersByTimeAsync(0);

    pc().setConnectionState('disconnected');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(call.getSnapshot().phase).toBe('live');
    pc().setConnectionState('connected');
    await vi.advanceTimersByTimeAsync(30_000);

    expect(call.getSnapshot().phase).toBe('live');
    expect(call.peer.getSnapshot()).toMatchObject({ state: 'connected', recovery: null });
    expect(onEnded).not.toHaveBeenCalled();
    expect(socket.sent.some((m) => m.type === 'end_session')).toBe(false);
  });

  it('ends with connection_issue when the media cannot start', async () => {
    const { call, onEnded } = setup({ denied: true });
    await call.start();
    expect(onEnded).toHaveBeenCalledWith('connection_issue', null);
  });

  it('ends on leaving, unless the page mounts again in the same task', async () => {
    const { call, onEnded } = setup();
    await call.start();
    call.scheduleLeave();
    await call.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onEnded).not.toHaveBeenCalled();

    call.scheduleLeave();
    await vi.advanceTimersByTimeAsync(0);
    expect(onEnded).toHaveBeenCalledWith('self_ended', null);
  });

  it('answers as the non-initiator and sends quality reports every 10 s', async () => {
    const { call, socket, pc } = setup({ initiator: false });
    await call.start();
    socket.emit('offer', { sdp: 'remote-offer' });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toContainEqual({ type: 'answer', payload: { sdp: 'answer-sdp' } });
    pc().setConnectionState('connected');
    await vi.advanceTimersByTimeAsync(20_000);
    const reports = socket.sent.filter((m) => m.type === 'connection_quality');
    expect(reports).toHaveLength(2);
    expect(reports[0]).toMatchObject({ payload: { strength: 'none' } });
  });
});
