import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TALK_METER_INTERVAL_MS, TalkMeter } from './talk-meter';
import type { Side } from './talk-balance';

/** A Web Audio stand-in: each stream's analyser returns the level its test sets. */
function fakeAudio() {
  const levels = new Map<unknown, number>();
  const close = vi.fn(() => Promise.resolve());
  const context = {
    state: 'running',
    createMediaStreamSource: (stream: unknown) => ({
      stream,
      connect(analyser: { stream?: unknown }) {
        analyser.stream = stream;
      },
      disconnect: vi.fn(),
    }),
    createAnalyser: () => {
      const analyser = {
        fftSize: 0,
        stream: undefined as unknown,
        getFloatTimeDomainData(buffer: Float32Array) {
          const amplitude = levels.get(analyser.stream) ?? 0;
          for (let i = 0; i < buffer.length; i += 1) {
            buffer[i] = amplitude * Math.sin((2 * Math.PI * 200 * i) / 48_000);
          }
        },
      };
      return analyser;
    },
    close,
    resume: vi.fn(() => Promise.resolve()),
  };
  return { context: context as unknown as AudioContext, levels, close };
}

const stream = () => ({ getAudioTracks: () => [{}] }) as unknown as MediaStream;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('TalkMeter', () => {
  it('measures both streams and does not count a muted side', () => {
    const { context, levels, close } = fakeAudio();
    const muted: Record<Side, boolean> = { me: false, partner: false };
    const meter = new TalkMeter({
      createAudioContext: () => context,
      isMuted: (side) => muted[side],
    });
    const mine = stream();
    const theirs = stream();
    meter.setStream('me', mine);
    meter.setStream('partner', theirs);

    levels.set(mine, 0.3);
    vi.advanceTimersByTime(TALK_METER_INTERVAL_MS * 30);
    expect(meter.getSnapshot().shares).toEqual({ me: 1, partner: 0 });
    expect(meter.getSnapshot().speaking.me).toBe(true);

    // Muted: my loud microphone counts for nothing; the partner speaks.
    muted.me = true;
    levels.set(theirs, 0.3);
    vi.advanceTimersByTime(TALK_METER_INTERVAL_MS * 90);
    const { shares } = meter.getSnapshot();
    expect(shares.partner).toBeGreaterThan(0.7);
    const mineBefore = meter.tally.speakingMs('me');
    vi.advanceTimersByTime(TALK_METER_INTERVAL_MS * 10);
    expect(meter.tally.speakingMs('me')).toBe(mineBefore);

    meter.stop();
    expect(close).toHaveBeenCalled();
    expect(meter.getSnapshot().speaking).toEqual({ me: false, partner: false });
  });

  it('stays at zero without Web Audio', () => {
    const meter = new TalkMeter({ isMuted: () => false });
    meter.setStream('me', stream());
    vi.advanceTimersByTime(TALK_METER_INTERVAL_MS * 30);
    expect(meter.getSnapshot()).toMatchObject({ totalMs: 0, shares: { me: 0, partner: 0 } });
  });
});
