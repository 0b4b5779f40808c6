import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DeviceRecorder,
  type PlayerLike,
  type RecorderLike,
  type RecorderStatus,
} from '@/features/device-test/lib/recorder';

class FakeRecorder implements RecorderLike {
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  calls: string[] = [];
  start() {
    this.calls.push('start');
  }
  pause() {
    this.calls.push('pause');
  }
  resume() {
    this.calls.push('resume');
  }
  stop() {
    this.calls.push('stop');
    this.ondataavailable?.({ data: new Blob(['sound']) });
    this.onstop?.();
  }
}

class FakePlayer implements PlayerLike {
  onended: (() => void) | null = null;
  paused = false;
  constructor(readonly url: string) {}
  play() {
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
}

const stream = {} as MediaStream;
let recorders: FakeRecorder[];
let players: FakePlayer[];
let revoked: string[];
let recorder: DeviceRecorder;
let statuses: RecorderStatus[];

beforeEach(() => {
  vi.useFakeTimers();
  recorders = [];
  players = [];
  revoked = [];
  let urls = 0;
  recorder = new DeviceRecorder({
    createRecorder: () => {
      const created = new FakeRecorder();
      recorders.push(created);
      return created;
    },
    createPlayer: (url) => {
      const created = new FakePlayer(url);
      players.push(created);
      return created;
    },
    createUrl: () => `blob:${(urls += 1)}`,
    revokeUrl: (url) => revoked.push(url),
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  statuses = [];
  recorder.subscribe(() => statuses.push(recorder.snapshot().status));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('DeviceRecorder', () => {
  it('records, pauses, resumes, stops with a webm take, plays it back and resets', async () => {
    recorder.record(stream);
    recorder.pause();
    recorder.resume();
    recorder.stop();
    expect(recorders[0]!.calls).toEqual(['start', 'pause', 'resume', 'stop']);
    expect(recorder.snapshot()).toEqual({ status: 'recorded', recordingUrl: 'blob:1' });

    recorder.play();
    expect(players[0]!.url).toBe('blob:1');
    expect(recorder.snapshot().status).toBe('playing');
    players[0]!.onended?.();
    expect(recorder.snapshot().status).toBe('recorded');

    recorder.reset();
    expect(recorder.snapshot()).toEqual({ status: 'idle', recordingUrl: null });
    expect(revoked).toEqual(['blob:1']);
    expect(statuses).toEqual([
      'recording',
      'paused',
      'recording',
      'recorded',
      'playing',
      'recorded',
      'idle',
    ]);
    await Promise.resolve();
  });

  it('stops by itself after 10 s of recording, not counting pauses', () => {
    recorder.record(stream);
    vi.advanceTimersByTime(4_000);
    recorder.pause();
    vi.advanceTimersByTime(30_000);
    expect(recorder.snapshot().status).toBe('paused');
    recorder.resume();
    vi.advanceTimersByTime(5_999);
    expect(recorder.snapshot().status).toBe('recording');
    vi.advanceTimersByTime(1);
    expect(recorder.snapshot().status).toBe('recorded');
  });

  it('ignores actions that do not fit the state', () => {
    recorder.pause();
    recorder.stop();
    recorder.play();
    recorder.stopPlayback();
    expect(recorder.snapshot().status).toBe('idle');
    recorder.record(stream);
    recorder.record(stream);
    recorder.play();
    expect(recorders).toHaveLength(1);
    expect(recorder.snapshot().status).toBe('recording');
  });

  it('stops playback on request and records a new take over the old one', () => {
    recorder.record(stream);
    recorder.stop();
    recorder.play();
    recorder.stopPlayback();
    expect(players[0]!.paused).toBe(true);
    expect(recorder.snapshot().status).toBe('recorded');
    recorder.record(stream);
    expect(revoked).toEqual(['blob:1']);
    expect(recorder.snapshot()).toEqual({ status: 'recording', recordingUrl: null });
  });

  it('falls back to recorded when playback is refused', async () => {
    recorder.record(stream);
    recorder.stop();
    vi.spyOn(FakePlayer.prototype, 'play').mockRejectedValueOnce(new Error('autoplay'));
    recorder.play();
    await vi.advanceTimersByTimeAsync(0);
    expect(recorder.snapshot().status).toBe('recorded');
  });

  it('stops the recorder and forgets the take when disposed', () => {
    recorder.record(stream);
    recorder.dispose();
    expect(recorders[0]!.calls).toContain('stop');
    expect(recorder.snapshot().status).toBe('idle');
    vi.advanceTimersByTime(20_000);
    expect(statuses.at(-1)).toBe('idle');
  });
});
