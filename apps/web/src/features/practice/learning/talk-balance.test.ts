import { describe, expect, it } from 'vitest';
import {
  dominantSide,
  NUDGE_MIN_SPEAKING_MS,
  rms,
  SideMeter,
  TalkTally,
  VOICE_ATTACK_FRAMES,
  VOICE_RELEASE_FRAMES,
  VoiceDetector,
} from './talk-balance';

const FRAME = 1024;
const FRAME_MS = 100;
const silence = () => new Float32Array(FRAME);
/** A 220 Hz sine at `amplitude`, like a voice's fundamental, sampled at 48 kHz. */
const tone = (amplitude: number) =>
  Float32Array.from(
    { length: FRAME },
    (_, i) => amplitude * Math.sin((2 * Math.PI * 220 * i) / 48_000),
  );
/** Low noise under the thresholds: a room, a fan. */
const hiss = () => Float32Array.from({ length: FRAME }, (_, i) => (i % 2 ? 0.004 : -0.004));

function run(meter: SideMeter, frames: Float32Array[], muted = false) {
  return frames.map((frame) => meter.feed(frame, muted, FRAME_MS));
}
const repeat = <T>(count: number, make: () => T) => Array.from({ length: count }, make);

describe('rms', () => {
  it('is 0 for silence and amplitude/√2 for a sine', () => {
    expect(rms(silence())).toBe(0);
    expect(rms([])).toBe(0);
    expect(rms(tone(0.2))).toBeCloseTo(0.2 / Math.SQRT2, 2);
  });
});

describe('VoiceDetector', () => {
  it('switches on after the attack frames and off after the release frames', () => {
    const detector = new VoiceDetector();
    const loud = rms(tone(0.2));
    const states = [
      ...repeat(VOICE_ATTACK_FRAMES, () => detector.update(loud)),
      ...repeat(VOICE_RELEASE_FRAMES, () => detector.update(0)),
    ];
    expect(states).toEqual([
      ...repeat(VOICE_ATTACK_FRAMES - 1, () => false),
      true,
      ...repeat(VOICE_RELEASE_FRAMES - 1, () => true),
      false,
    ]);
  });

  it('ignores a single click and holds its state between the thresholds', () => {
    const detector = new VoiceDetector();
    expect(detector.update(0.5)).toBe(false);
    expect(detector.update(0)).toBe(false);
    expect(detector.update(0.5)).toBe(false);
    // Between the thresholds: neither starts nor, once speaking, stops speech.
    expect(repeat(10, () => detector.update(0.015)).some(Boolean)).toBe(false);
    detector.update(0.5);
    detector.update(0.5);
    expect(repeat(10, () => detector.update(0.015)).every(Boolean)).toBe(true);
  });
});

describe('SideMeter and TalkTally on synthetic buffers', () => {
  it('counts nothing in silence or room noise', () => {
    const tally = new TalkTally();
    const me = new SideMeter('me', tally);
    const partner = new SideMeter('partner', tally);
    run(me, repeat(50, silence));
    run(partner, repeat(50, hiss));
    expect(tally.totalMs()).toBe(0);
    expect(tally.shares()).toEqual({ me: 0, partner: 0 });
  });

  it('gives one speaker all the time', () => {
    const tally = new TalkTally();
    const me = new SideMeter('me', tally);
    const partner = new SideMeter('partner', tally);
    run(
      me,
      repeat(100, () => tone(0.2)),
    );
    run(partner, repeat(100, silence));
    expect(tally.shares()).toEqual({ me: 1, partner: 0 });
    expect(tally.speakingMs('me')).toBe((100 - VOICE_ATTACK_FRAMES + 1) * FRAME_MS);
    expect(dominantSide(tally)).toBe(null); // 10 s: too little to judge
  });

  it('splits the time when both speak in turns', () => {
    const tally = new TalkTally();
    const me = new SideMeter('me', tally);
    const partner = new SideMeter('partner', tally);
    for (let turn = 0; turn < 6; turn += 1) {
      const mine = turn % 2 === 0;
      const speech = repeat(60, () => tone(0.15));
      const quiet = repeat(60, silence);
      run(me, mine ? speech : quiet);
      run(partner, mine ? quiet : speech);
    }
    expect(tally.shares().me).toBeCloseTo(0.5, 1);
    expect(tally.shares().partner).toBeCloseTo(0.5, 1);
    expect(dominantSide(tally)).toBe(null);
  });

  it('does not count muted time as speaking', () => {
    const tally = new TalkTally();
    const me = new SideMeter('me', tally);
    const partner = new SideMeter('partner', tally);
    run(
      me,
      repeat(300, () => tone(0.2)),
      true,
    );
    run(
      partner,
      repeat(100, () => tone(0.2)),
    );
    expect(tally.speakingMs('me')).toBe(0);
    expect(tally.shares()).toEqual({ me: 0, partner: 1 });
  });

  it('names the side past 70 % once enough was said', () => {
    const tally = new TalkTally();
    tally.add('me', true, false, NUDGE_MIN_SPEAKING_MS * 0.75);
    tally.add('partner', true, false, NUDGE_MIN_SPEAKING_MS * 0.25);
    expect(dominantSide(tally)).toBe('me');
    tally.add('partner', true, false, NUDGE_MIN_SPEAKING_MS * 0.1);
    expect(dominantSide(tally)).toBe(null);
    tally.add('partner', true, false, NUDGE_MIN_SPEAKING_MS * 2);
    expect(dominantSide(tally)).toBe('partner');
  });
});
