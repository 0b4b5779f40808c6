import {
  FRAME_FLAG_MIN_FRAMES,
  FRAME_FLAG_WINDOW,
  type FrameFlagBody,
  type FrameFlagCategory,
  type FrameFlagSide,
} from '@parlo/contract/frame-flags';
import type { CameraNote } from '@parlo/contract/peer-messages-safety';
import { StateStore } from '@/lib/state-store';

/** The five class probabilities nsfwjs gives one frame (they sum to about 1). */
export type ClassScores = {
  drawing: number;
  hentai: number;
  neutral: number;
  porn: number;
  sexy: number;
};

/** Brightness of one sampled frame, 0..255, from the same pixels the model sees. */
export type Luminance = { mean: number; stdDev: number };

export type FrameSample = { scores: ClassScores; luminance: Luminance };

/**
 * A frame counts toward a flag when its explicit probability (porn + hentai) reaches this. 0.7,
 * not 0.5: MobileNetV2 puts 0.3–0.6 on skin-heavy but harmless frames (a close face, a bare arm,
 * a warm-lit room), and the 3-of-5 rule below then asks for that in most of five seconds. "Sexy"
 * (swimwear, a bare chest) never counts: it is not abuse, and it is common on a summer call.
 * docs/decisions.md, Issue 18.
 */
export const EXPLICIT_FRAME_THRESHOLD = 0.7;

/**
 * A covered or black camera: a dark frame with almost no detail. Mean below 24 of 255 and a
 * spread under 10 catches a lens under a finger or tape and a black feed, while a dim room with a
 * face in it still has edges well above that spread.
 */
export const COVERED_MAX_MEAN = 24;
export const COVERED_MAX_STD_DEV = 10;

/** How long the user's own camera stays off after an outgoing flag; doubled on each repeat. */
export const OUTGOING_PAUSE_MS = 15_000;

/**
 * Device labels of software cameras: a feed that may be a recording or a filter, not a person in
 * front of a lens. Matched case-insensitively anywhere in the label.
 */
export const VIRTUAL_CAMERA_LABELS = [
  'obs',
  'manycam',
  'snap camera',
  'xsplit',
  'virtual',
  'droidcam',
  'camtwist',
  'splitcam',
  'e2esoft',
] as const;

/** True when a camera's device label names a known virtual camera. */
export function isVirtualCameraLabel(label: string) {
  const lower = label.toLowerCase();
  return VIRTUAL_CAMERA_LABELS.some((name) =>
    name === 'obs' ? /\bobs\b/.test(lower) : lower.includes(name),
  );
}

export const explicitScore = (scores: ClassScores) => scores.porn + scores.hentai;
export const isCovered = ({ mean, stdDev }: Luminance) =>
  mean < COVERED_MAX_MEAN && stdDev < COVERED_MAX_STD_DEV;

/** The last FRAME_FLAG_WINDOW samples of one side and whether FRAME_FLAG_MIN_FRAMES of them agree. */
export class SampleWindow<T> {
  readonly #samples: T[] = [];

  push(sample: T) {
    this.#samples.push(sample);
    if (this.#samples.length > FRAME_FLAG_WINDOW) this.#samples.shift();
  }

  matching(predicate: (sample: T) => boolean) {
    return this.#samples.filter(predicate);
  }

  clear() {
    this.#samples.length = 0;
  }
}

export type IncomingState = 'clear' | 'flagged' | 'confirming_unblur' | 'unblurred';

export type FrameGuardSnapshot = {
  /** The partner's video, as this side sees it. */
  incoming: IncomingState;
  /** This side's own video: `paused` after an outgoing flag, until `resumeAt`. */
  outgoing: 'sending' | 'paused';
  resumeAt: number | null;
  /** True when either side is 16–17: no unblur, reveal together always on. */
  minor: boolean;
  /** Reveal together: on for this call, and who tapped Reveal. */
  revealRequired: boolean;
  selfRevealed: boolean;
  partnerRevealed: boolean;
  /** Notes about this side's own camera (sent to the partner) and about the partner's. */
  ownCameraNote: CameraNote;
  partnerCameraNote: CameraNote;
  /** Whether the partner's video is drawn blurred right now. */
  partnerBlurred: boolean;
};

export type FrameGuardPolicyDeps = {
  now: () => number;
  /** Called once per side and call when a flag fires: the score goes to the server. */
  onFlag: (flag: Omit<FrameFlagBody, 'sessionId'>) => void;
  /** Called when this side's camera must go off at once (an outgoing flag). */
  onStopOwnVideo: () => void;
  /** Called when this side's reveal state or camera note changes, for the partner. */
  onLocalStateChange: (change: LocalGuardState) => void;
};

/** What this side tells the partner. */
export type LocalGuardState = {
  revealed: boolean;
  required: boolean;
  minor: boolean;
  note: CameraNote;
};

type Flagged = { category: FrameFlagCategory; score: number; frameCount: number };

/**
 * The frame guard's decisions for one call, with no browser in it: samples in, what to blur, stop
 * and tell out. A side is flagged when FRAME_FLAG_MIN_FRAMES of its last FRAME_FLAG_WINDOW samples
 * reach EXPLICIT_FRAME_THRESHOLD. Incoming flagged: the partner is blurred until the user confirms
 * twice, which a call with a 16–17-year-old never allows. Outgoing flagged: the camera goes off
 * for a pause that doubles each time. Reveal together keeps the partner blurred until both tapped.
 */
export class FrameGuardPolicy extends StateStore<FrameGuardSnapshot> {
  readonly #deps: FrameGuardPolicyDeps;
  readonly #incoming = new SampleWindow<FrameSample>();
  readonly #outgoing = new SampleWindow<FrameSample>();
  readonly #reported = new Set<FrameFlagSide>();
  #selfMinor: boolean;
  #partnerMinor = false;
  #pauseMs = OUTGOING_PAUSE_MS;
  #virtualCamera = false;

  constructor(
    options: { selfMinor: boolean; revealByDefault: boolean },
    deps: FrameGuardPolicyDeps,
  ) {
    const revealRequired = options.selfMinor || options.revealByDefault;
    super({
      incoming: 'clear',
      outgoing: 'sending',
      resumeAt: null,
      minor: options.selfMinor,
      revealRequired,
      selfRevealed: false,
      partnerRevealed: false,
      ownCameraNote: 'none',
      partnerCameraNote: 'none',
      partnerBlurred: revealRequired,
    });
    this.#selfMinor = options.selfMinor;
    this.#deps = deps;
  }

  /** One classified frame of the partner's video. */
  addIncoming(sample: FrameSample) {
    this.#incoming.push(sample);
    const state = this.getSnapshot().incoming;
    if (state === 'flagged') return;
    const flagged = this.#flagged(this.#incoming);
    if (!flagged) return;
    this.#incoming.clear();
    this.#update({ incoming: 'flagged' });
    this.#report('incoming', flagged);
  }

  /** One classified frame of this side's own camera. */
  addOutgoing(sample: FrameSample) {
    if (this.getSnapshot().outgoing === 'paused') return;
    this.#outgoing.push(sample);
    const covered = this.#outgoing.matching((s) => isCovered(s.luminance)).length;
    this.#setOwnNote(covered >= FRAME_FLAG_MIN_FRAMES);
    const flagged = this.#flagged(this.#outgoing);
    if (!flagged) return;
    this.#outgoing.clear();
    const resumeAt = this.#deps.now() + this.#pauseMs;
    this.#pauseMs *= 2;
    this.#deps.onStopOwnVideo();
    this.#update({ outgoing: 'paused', resumeAt });
    this.#report('outgoing', flagged);
  }

  /** Whether the user may turn their camera back on (after the pause of an outgoing flag). */
  canResume() {
    const { outgoing, resumeAt } = this.getSnapshot();
    return outgoing === 'sending' || (resumeAt !== null && this.#deps.now() >= resumeAt);
  }

  /** Ends the pause once it is over; false (and still paused) before that. */
  resume() {
    if (!this.canResume()) return false;
    this.#update({ outgoing: 'sending', resumeAt: null });
    return true;
  }

  /** The own camera stopped sending frames (turned off, or audio only): forget its samples. */
  ownCameraOff() {
    this.#outgoing.clear();
    this.#setOwnNote(false);
  }

  /** The camera's device label, once known. */
  setCameraLabel(label: string) {
    this.#virtualCamera = isVirtualCameraLabel(label);
    this.#setOwnNote(this.getSnapshot().ownCameraNote === 'covered');
  }

  /** First step of unblurring a flagged partner; refused when either side is 16–17. */
  requestUnblur() {
    const { incoming, minor } = this.getSnapshot();
    if (incoming !== 'flagged' || minor) return false;
    this.#update({ incoming: 'confirming_unblur' });
    return true;
  }

  /** Second step: the partner is shown again. */
  confirmUnblur() {
    const { incoming, minor } = this.getSnapshot();
    if (incoming !== 'confirming_unblur' || minor) return false;
    this.#update({ incoming: 'unblurred' });
    return true;
  }

  cancelUnblur() {
    if (this.getSnapshot().incoming === 'confirming_unblur') this.#update({ incoming: 'flagged' });
  }

  /** Turns reveal together on (the account setting arrived after the call started). */
  requireReveal() {
    if (this.getSnapshot().revealRequired) return;
    this.#update({ revealRequired: true });
    this.#announce();
  }

  /** This side tapped Reveal (reveal together). */
  reveal() {
    if (this.getSnapshot().selfRevealed) return;
    this.#update({ selfRevealed: true });
    this.#announce();
  }

  /** The partner's reveal state from the data channel. */
  partnerReveal(message: { revealed: boolean; required: boolean; minor: boolean }) {
    this.#partnerMinor = this.#partnerMinor || message.minor;
    const minor = this.#selfMinor || this.#partnerMinor;
    const patch: Partial<FrameGuardSnapshot> = { partnerRevealed: message.revealed, minor };
    // Either side wanting reveal together (or 16–17 on either side) turns it on for both, and a
    // 16–17-year-old takes back any unblur.
    const wasRequired = this.getSnapshot().revealRequired;
    if (minor || message.required) patch.revealRequired = true;
    if (minor && this.getSnapshot().incoming !== 'clear') patch.incoming = 'flagged';
    this.#update(patch);
    // Tell the partner it is on here too, so both show the Reveal button.
    if (!wasRequired && patch.revealRequired) this.#announce();
  }

  /** The partner's note about their own camera. */
  partnerCameraNote(note: CameraNote) {
    this.#update({ partnerCameraNote: note });
  }

  /** What the partner should know of this side now (sent when the channel opens). */
  localState(): LocalGuardState {
    const { selfRevealed, ownCameraNote, revealRequired } = this.getSnapshot();
    return {
      revealed: selfRevealed,
      required: revealRequired,
      minor: this.#selfMinor,
      note: ownCameraNote,
    };
  }

  #flagged(window: SampleWindow<FrameSample>): Flagged | null {
    const over = window.matching((s) => explicitScore(s.scores) >= EXPLICIT_FRAME_THRESHOLD);
    if (over.length < FRAME_FLAG_MIN_FRAMES) return null;
    let score = 0;
    let porn = 0;
    let hentai = 0;
    for (const { scores } of over) {
      score = Math.max(score, explicitScore(scores));
      porn += scores.porn;
      hentai += scores.hentai;
    }
    return {
      category: hentai > porn ? 'hentai' : 'porn',
      score: Math.min(1, score),
      frameCount: over.length,
    };
  }

  #report(side: FrameFlagSide, flagged: Flagged) {
    // One flag per side and call reaches the server; the blur or pause happens every time.
    if (this.#reported.has(side)) return;
    this.#reported.add(side);
    this.#deps.onFlag({ side, ...flagged });
  }

  #setOwnNote(covered: boolean) {
    const note: CameraNote = covered ? 'covered' : this.#virtualCamera ? 'virtual' : 'none';
    if (note === this.getSnapshot().ownCameraNote) return;
    this.#update({ ownCameraNote: note });
    this.#announce();
  }

  #announce() {
    this.#deps.onLocalStateChange(this.localState());
  }

  #update(patch: Partial<FrameGuardSnapshot>) {
    const next = { ...this.getSnapshot(), ...patch };
    const flaggedBlur = next.incoming === 'flagged' || next.incoming === 'confirming_unblur';
    const revealBlur = next.revealRequired && !(next.selfRevealed && next.partnerRevealed);
    this.setState({ ...patch, partnerBlurred: flaggedBlur || revealBlur });
  }
}
