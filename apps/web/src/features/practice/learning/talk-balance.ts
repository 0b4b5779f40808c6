/**
 * Who is speaking, from audio levels alone (issue 21 §2): an energy detector with hysteresis per
 * side, and the tally of each side's speaking time. Pure math over sample buffers, so it is tested
 * on synthetic audio; `talk-meter.ts` feeds it from Web Audio. Nothing leaves the device.
 */

/** Level (RMS of samples in [-1, 1]) at or above which a frame counts as voice: about −34 dBFS. */
export const VOICE_ON_LEVEL = 0.02;
/** Level below which a frame counts as quiet; between the two the detector keeps its state. */
export const VOICE_OFF_LEVEL = 0.01;
/** Loud frames in a row before speech starts: a click or a cough is not a turn. */
export const VOICE_ATTACK_FRAMES = 2;
/** Quiet frames in a row before speech stops: the pauses between words stay speech. */
export const VOICE_RELEASE_FRAMES = 5;
/** One side "dominates" past this share of all speaking time (issue 21: more than 70 %). */
export const DOMINANT_SHARE = 0.7;
/** Below this much speaking in total, a share means nothing yet and no nudge is shown. */
export const NUDGE_MIN_SPEAKING_MS = 20_000;

export type Side = 'me' | 'partner';
export type TalkShares = Record<Side, number>;

/** Root mean square of one buffer of samples: its energy, 0 for silence. */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const sample = samples[i] as number;
    sum += sample * sample;
  }
  return Math.sqrt(sum / samples.length);
}

/**
 * Speech on/off from frame levels. It switches on only after VOICE_ATTACK_FRAMES loud frames and
 * off only after VOICE_RELEASE_FRAMES quiet ones; levels between the thresholds keep the state,
 * so a voice hovering near one threshold does not flicker.
 */
export class VoiceDetector {
  #speaking = false;
  #run = 0;

  get speaking() {
    return this.#speaking;
  }

  /** Feeds one frame's level; returns whether the side is speaking after it. */
  update(level: number): boolean {
    const pushing = this.#speaking ? level < VOICE_OFF_LEVEL : level >= VOICE_ON_LEVEL;
    this.#run = pushing ? this.#run + 1 : 0;
    const needed = this.#speaking ? VOICE_RELEASE_FRAMES : VOICE_ATTACK_FRAMES;
    if (this.#run >= needed) {
      this.#speaking = !this.#speaking;
      this.#run = 0;
    }
    return this.#speaking;
  }

  reset() {
    this.#speaking = false;
    this.#run = 0;
  }
}

/** Each side's speaking time, and the shares the balance bar shows. */
export class TalkTally {
  readonly #ms: Record<Side, number> = { me: 0, partner: 0 };

  /** Adds `elapsedMs` of speaking to `side`; a muted side never speaks, whatever the level. */
  add(side: Side, speaking: boolean, muted: boolean, elapsedMs: number) {
    if (speaking && !muted && elapsedMs > 0) this.#ms[side] += elapsedMs;
  }

  speakingMs(side: Side) {
    return this.#ms[side];
  }

  totalMs() {
    return this.#ms.me + this.#ms.partner;
  }

  /** Each side's fraction of all speaking so far; both 0 before anyone spoke. */
  shares(): TalkShares {
    const total = this.totalMs();
    if (total === 0) return { me: 0, partner: 0 };
    return { me: this.#ms.me / total, partner: this.#ms.partner / total };
  }
}

/** The side that spoke more than DOMINANT_SHARE of a long enough conversation, or null. */
export function dominantSide(tally: TalkTally): Side | null {
  if (tally.totalMs() < NUDGE_MIN_SPEAKING_MS) return null;
  const shares = tally.shares();
  if (shares.me > DOMINANT_SHARE) return 'me';
  if (shares.partner > DOMINANT_SHARE) return 'partner';
  return null;
}

/**
 * Detector and tally for one side fed frame by frame: the level of each frame, whether the side
 * was muted, and how long the frame lasted.
 */
export class SideMeter {
  readonly detector = new VoiceDetector();

  constructor(
    readonly side: Side,
    readonly tally: TalkTally,
  ) {}

  feed(samples: ArrayLike<number>, muted: boolean, elapsedMs: number): boolean {
    // A muted microphone sends silence anyway; reset so unmuting starts from quiet.
    if (muted) {
      this.detector.reset();
      return false;
    }
    const speaking = this.detector.update(rms(samples));
    this.tally.add(this.side, speaking, muted, elapsedMs);
    return speaking;
  }
}
