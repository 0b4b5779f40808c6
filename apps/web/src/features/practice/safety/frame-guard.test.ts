import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallSession } from '@/features/practice/lib/call-session';
import {
  asPeerConnection,
  fakeStream,
  FakePeerConnection,
  type FakeStream,
} from '@/features/practice/testing/fake-webrtc';
import { createFakeSocket } from '@/features/practice/testing/fake-socket';
import { sessionPayload } from '@/features/practice/testing/session-payload';
import type { FrameGrabber } from './frame-grabber';
import { FrameGuard, SAMPLE_INTERVAL_MS, type GuardWorkerPort } from './frame-guard';
import type { WorkerReply, WorkerRequest } from './frame-guard-protocol';

/**
 * The guard's positive path, fed through the worker's message seam: a fake worker answers each
 * frame with the class scores the test chooses. Nothing explicit is drawn or classified.
 */
class FakeWorker implements GuardWorkerPort {
  onmessage: ((event: MessageEvent) => void) | null = null;
  received: WorkerRequest[] = [];
  terminated = false;
  postMessage(message: WorkerRequest) {
    this.received.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  reply(message: WorkerReply | Record<string, unknown>) {
    this.onmessage?.({ data: message } as MessageEvent);
  }
  /** Answers every frame not answered yet with the given explicit score. */
  answerFrames(explicit: number, mean = 120) {
    for (const request of this.received.splice(0)) {
      if (request.type !== 'frame') continue;
      this.reply({
        type: 'verdict',
        id: request.id,
        side: request.side,
        scores: { porn: explicit, hentai: 0, neutral: 1 - explicit, sexy: 0, drawing: 0 },
        luminance: { mean, stdDev: mean < 24 ? 1 : 40 },
        ms: 40,
      });
    }
  }
}

const live = (stream: FakeStream, label = 'Integrated Camera') => {
  for (const track of stream.tracks) Object.assign(track, { readyState: 'live', label });
  return stream;
};

async function setup(options: { selfMinor?: boolean; cameraLabel?: string } = {}) {
  const socket = createFakeSocket();
  const local = live(fakeStream(), options.cameraLabel);
  const call = new CallSession(sessionPayload(), {
    socket,
    getUserMedia: () => Promise.resolve(local as unknown as MediaStream),
    createPeerConnection: asPeerConnection,
    reportConnectionType: () => Promise.resolve(),
    playSound: () => {},
    onEnded: () => {},
  });
  await call.start();
  const pc = FakePeerConnection.instances.at(-1)!;
  const worker = new FakeWorker();
  const grabber: FrameGrabber = {
    grab: () => ({ width: 2, height: 2, data: new Uint8ClampedArray(16) }),
    dispose: vi.fn(),
  };
  const sendFlag = vi.fn(() => Promise.resolve({ id: 'flag-1', createdAt: 'now' }));
  const guard = new FrameGuard(call, {
    createWorker: () => worker,
    modelUrl: '/assets/nsfw/model.json',
    grabber,
    sendFlag,
    selfMinor: options.selfMinor ?? false,
    revealByDefault: false,
  });
  guard.start();
  const channel = pc.channels[0]!;
  channel.open();
  const partnerVideo = () => {
    pc.emitTrack(live(fakeStream()));
    socket.emit('peer_camera_toggled', { enabled: true });
  };
  return { call, guard, worker, sendFlag, socket, channel, partnerVideo };
}

beforeEach(() => {
  FakePeerConnection.instances = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('FrameGuard', () => {
  it('costs nothing while both cameras are off: no worker, no model', async () => {
    const { worker, guard } = await setup();
    await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS * 10);
    expect(worker.received).toEqual([]);
    expect(guard.getSnapshot().model).toBe('idle');
  });

  it('loads the model on the first frame and samples the partner once a second', async () => {
    const { worker, guard, partnerVideo } = await setup();
    partnerVideo();
    await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS);
    expect(worker.received.map((m) => m.type)).toEqual(['init', 'frame']);
    expect(worker.received[0]).toEqual({ type: 'init', modelUrl: '/assets/nsfw/model.json' });
    worker.reply({ type: 'ready', backend: 'wasm', loadMs: 900 });
    expect(guard.getSnapshot()).toMatchObject({ model: 'ready', backend: 'wasm' });
    // One frame in flight per side: no second frame before the first verdict.
    worker.received.splice(0);
    await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS);
    expect(worker.received).toEqual([]);
  });

  it('blurs the partner and sends the server a score after 3 explicit verdicts of 5', async () => {
    const { worker, guard, sendFlag, partnerVideo } = await setup();
    partnerVideo();
    for (const score of [0.9, 0.1, 0.85]) {
      await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS);
      worker.answerFrames(score);
    }
    expect(guard.policy.getSnapshot().partnerBlurred).toBe(false);
    await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS);
    worker.answerFrames(0.95);
    expect(guard.policy.getSnapshot()).toMatchObject({ incoming: 'flagged', partnerBlurred: true });
    expect(sendFlag).toHaveBeenCalledWith({
      sessionId: 'session-1',
      side: 'incoming',
      category: 'porn',
      score: 0.95,
      frameCount: 3,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(guard.getSnapshot().incomingFlagId).toBe('flag-1');
  });

  it('turns the own camera off at once on an outgoing flag and keeps it off for the pause', async () => {
    const { call, worker, guard, sendFlag } = await setup();
    call.media.setCamera(true);
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS);
      worker.answerFrames(0.92);
    }
    expect(call.media.getSnapshot().cameraEnabled).toBe(false);
    expect(call.media.getSnapshot().stream!.getVideoTracks()[0]!.enabled).toBe(false);
    expect(sendFlag).toHaveBeenCalledWith(expect.objectContaining({ side: 'outgoing' }));
    call.media.setCamera(true);
    expect(call.media.getSnapshot().cameraEnabled).toBe(false);
    guard.resumeCamera();
    expect(call.media.getSnapshot().cameraEnabled).toBe(false);
    vi.setSystemTime(Date.now() + 15_000);
    guard.resumeCamera();
    expect(call.media.getSnapshot().cameraEnabled).toBe(true);
  });

  it('tells the partner about a covered camera and a virtual one, and hears theirs', async () => {
    const { call, worker, channel, guard } = await setup({ cameraLabel: 'OBS Virtual Camera' });
    const sent = () => channel.sent.map((frame) => JSON.parse(frame) as Record<string, unknown>);
    expect(sent()).toContainEqual({ type: 'guard_camera_note', note: 'virtual' });
    call.media.setCamera(true);
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS);
      worker.answerFrames(0, 3);
    }
    expect(sent().at(-1)).toEqual({ type: 'guard_camera_note', note: 'covered' });
    channel.receive(JSON.stringify({ type: 'guard_camera_note', note: 'covered' }));
    expect(guard.policy.getSnapshot().partnerCameraNote).toBe('covered');
  });

  it('reveals together over the data channel, and a 16–17 partner turns it on', async () => {
    const { channel, guard } = await setup();
    expect(guard.policy.getSnapshot().partnerBlurred).toBe(false);
    channel.receive(
      JSON.stringify({ type: 'guard_reveal', revealed: false, required: true, minor: true }),
    );
    expect(guard.policy.getSnapshot().partnerBlurred).toBe(true);
    guard.policy.reveal();
    expect(channel.sent.map((f) => JSON.parse(f) as unknown)).toContainEqual({
      type: 'guard_reveal',
      revealed: true,
      required: true,
      minor: false,
    });
    channel.receive(
      JSON.stringify({ type: 'guard_reveal', revealed: true, required: true, minor: true }),
    );
    expect(guard.policy.getSnapshot().partnerBlurred).toBe(false);
  });

  it('ignores a malformed worker reply and goes on unguarded when the model fails', async () => {
    const { worker, guard, partnerVideo } = await setup();
    partnerVideo();
    await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS);
    worker.reply({ type: 'verdict', id: 0, side: 'incoming', scores: { porn: 7 } });
    expect(guard.getSnapshot().verdicts).toBe(0);
    worker.reply({ type: 'failed', message: 'no backend' });
    expect(guard.getSnapshot().model).toBe('failed');
    worker.received.splice(0);
    await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS * 3);
    expect(worker.received).toEqual([]);
  });

  it('stops the worker when the call ends', async () => {
    const { worker, guard, partnerVideo } = await setup();
    partnerVideo();
    await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS);
    guard.stop();
    expect(worker.terminated).toBe(true);
  });
});
