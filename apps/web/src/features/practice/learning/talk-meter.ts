import { StateStore } from '@/lib/state-store';
import { SideMeter, TalkTally, type Side, type TalkShares } from './talk-balance';

/** How often the levels are read: ten frames a second is enough for turns, and cheap. */
export const TALK_METER_INTERVAL_MS = 100;
/** Speaking time is published at least this often while it grows (for the log). */
const PUBLISH_EVERY_MS = 1_000;
/** Samples per frame: ~21 ms at 48 kHz, one analyser read. */
const FRAME_SIZE = 1024;

export type TalkMeterSnapshot = {
  shares: TalkShares;
  /** Speaking time so far, ms. */
  totalMs: number;
  speaking: Record<Side, boolean>;
};

export type TalkMeterDeps = {
  /** Web Audio; absent (tests, old browsers) means the meter stays at zero. */
  createAudioContext?: () => AudioContext;
  /** Whether a side is muted now: muted time never counts as speaking. */
  isMuted: (side: Side) => boolean;
};

type Tap = { stream: MediaStream; source: MediaStreamAudioSourceNode; analyser: AnalyserNode };

/**
 * Talk-time balance from the local microphone and the partner's audio track (issue 21 §2). Each
 * stream is read by an AnalyserNode (nothing is played or sent anywhere); every 100 ms the frame's
 * energy goes through the side's detector and the tally.
 */
export class TalkMeter extends StateStore<TalkMeterSnapshot> {
  readonly tally = new TalkTally();
  readonly #deps: TalkMeterDeps;
  readonly #meters: Record<Side, SideMeter>;
  readonly #taps: Partial<Record<Side, Tap>> = {};
  readonly #buffer = new Float32Array(FRAME_SIZE);
  #context: AudioContext | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;
  #last = 0;

  constructor(deps: TalkMeterDeps) {
    super({ shares: { me: 0, partner: 0 }, totalMs: 0, speaking: { me: false, partner: false } });
    this.#deps = deps;
    this.#meters = {
      me: new SideMeter('me', this.tally),
      partner: new SideMeter('partner', this.tally),
    };
  }

  /** Measures `stream`'s audio for `side` (the same stream again changes nothing). */
  setStream(side: Side, stream: MediaStream | null) {
    const tap = this.#taps[side];
    if (tap?.stream === stream) return;
    if (tap) {
      tap.source.disconnect();
      delete this.#taps[side];
    }
    if (!stream || stream.getAudioTracks().length === 0) return;
    const context = this.#audioContext();
    if (!context) return;
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = FRAME_SIZE;
    source.connect(analyser);
    this.#taps[side] = { stream, source, analyser };
    this.#startTimer();
  }

  #audioContext() {
    if (this.#context) return this.#context;
    try {
      this.#context = this.#deps.createAudioContext?.() ?? null;
    } catch {
      this.#context = null;
    }
    return this.#context;
  }

  /** A context made before any user gesture starts suspended; a tap or key resumes it. */
  resume() {
    if (this.#context?.state === 'suspended') void this.#context.resume().catch(() => {});
  }

  #startTimer() {
    if (this.#timer) return;
    this.#last = performance.now();
    this.#timer = setInterval(() => this.#sample(), TALK_METER_INTERVAL_MS);
  }

  #sample() {
    const now = performance.now();
    // A throttled background tab fires late: count at most one interval's worth per read.
    const elapsed = Math.min(now - this.#last, TALK_METER_INTERVAL_MS * 2);
    this.#last = now;
    const speaking = { me: false, partner: false };
    for (const side of ['me', 'partner'] as const) {
      const tap = this.#taps[side];
      if (!tap) continue;
      tap.analyser.getFloatTimeDomainData(this.#buffer);
      speaking[side] = this.#meters[side].feed(this.#buffer, this.#deps.isMuted(side), elapsed);
    }
    // Ten reads a second, but the bar and the log only need to hear of a visible change.
    const previous = this.getSnapshot();
    const shares = this.tally.shares();
    const totalMs = this.tally.totalMs();
    const changed =
      Math.round(shares.me * 100) !== Math.round(previous.shares.me * 100) ||
      speaking.me !== previous.speaking.me ||
      speaking.partner !== previous.speaking.partner ||
      totalMs - previous.totalMs >= PUBLISH_EVERY_MS;
    if (changed) this.setState({ shares, totalMs, speaking });
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    for (const side of ['me', 'partner'] as const) {
      this.#taps[side]?.source.disconnect();
      delete this.#taps[side];
    }
    void this.#context?.close().catch(() => {});
    this.#context = null;
    this.setState({ speaking: { me: false, partner: false } });
  }
}
