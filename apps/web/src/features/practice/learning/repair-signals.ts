import { REPAIR_SIGNAL_KINDS, type RepairSignalKind } from '@parlo/contract/peer-messages-learning';
import type { PeerChannel } from '@/features/practice/lib/peer-channel';
import { StateStore } from '@/lib/state-store';
import { RateLimiter } from './rate-limit';

/** At most this many signals in SIGNAL_WINDOW_MS, each at least SIGNAL_MIN_GAP_MS apart. */
export const SIGNAL_MAX_PER_WINDOW = 4;
export const SIGNAL_WINDOW_MS = 30_000;
export const SIGNAL_MIN_GAP_MS = 3_000;
/** How long the partner's signal stays on screen: long enough to read, short enough not to nag. */
export const SIGNAL_NOTICE_MS = 5_000;

export type SignalCounts = Record<RepairSignalKind, number>;

export type RepairNotice = { key: number; kind: RepairSignalKind };

export type RepairSignalsSnapshot = {
  /** The partner's latest signal while it is on screen. */
  notice: RepairNotice | null;
  /** Until when sending is refused (ms since the epoch); 0 when a tap would send now. */
  blockedUntil: number;
  given: SignalCounts;
  received: SignalCounts;
};

export type RepairSignalsDeps = {
  /** A short cue at the spec's volume when the partner's signal arrives. */
  playSound: () => void;
  now?: () => number;
};

const zeroCounts = (): SignalCounts =>
  Object.fromEntries(REPAIR_SIGNAL_KINDS.map((kind) => [kind, 0])) as SignalCounts;

/**
 * One-tap repair signals (issue 21 §3): "slower, please", "could you repeat?", … sent over the
 * data channel and shown to the partner as a short notice in the partner's own interface language
 * (the wire carries only the kind). Rate-limited on both ends.
 */
export class RepairSignals extends StateStore<RepairSignalsSnapshot> {
  readonly #channel: PeerChannel;
  readonly #deps: RepairSignalsDeps;
  readonly #sendLimit = new RateLimiter(SIGNAL_MAX_PER_WINDOW, SIGNAL_WINDOW_MS, SIGNAL_MIN_GAP_MS);
  // The receiver allows a little slack over the sender's limit (clock and delivery jitter).
  readonly #receiveLimit = new RateLimiter(
    SIGNAL_MAX_PER_WINDOW,
    SIGNAL_WINDOW_MS,
    SIGNAL_MIN_GAP_MS / 2,
  );
  #unsubscribe: (() => void) | null = null;
  #hideTimer: ReturnType<typeof setTimeout> | null = null;
  #unblockTimer: ReturnType<typeof setTimeout> | null = null;
  #key = 0;

  constructor(channel: PeerChannel, deps: RepairSignalsDeps) {
    super({ notice: null, blockedUntil: 0, given: zeroCounts(), received: zeroCounts() });
    this.#channel = channel;
    this.#deps = deps;
  }

  #now() {
    return this.#deps.now?.() ?? Date.now();
  }

  start() {
    this.#unsubscribe ??= this.#channel.on('repair_signal', ({ kind }) => this.#receive(kind));
  }

  /** Sends a signal; false when the limit or a closed channel refused it. */
  send(kind: RepairSignalKind): boolean {
    const now = this.#now();
    if (this.#now() < this.getSnapshot().blockedUntil) return false;
    if (!this.#sendLimit.tryTake(now)) return false;
    if (!this.#channel.send({ type: 'repair_signal', kind })) return false;
    const { given } = this.getSnapshot();
    this.setState({ given: { ...given, [kind]: given[kind] + 1 } });
    this.#block(this.#sendLimit.nextAllowedAt(now), now);
    return true;
  }

  #block(until: number, now: number) {
    if (until <= now) return;
    this.setState({ blockedUntil: until });
    if (this.#unblockTimer) clearTimeout(this.#unblockTimer);
    this.#unblockTimer = setTimeout(() => this.setState({ blockedUntil: 0 }), until - now);
  }

  #receive(kind: RepairSignalKind) {
    if (!this.#receiveLimit.tryTake(this.#now())) return;
    const { received } = this.getSnapshot();
    this.#key += 1;
    this.setState({
      notice: { key: this.#key, kind },
      received: { ...received, [kind]: received[kind] + 1 },
    });
    this.#deps.playSound();
    if (this.#hideTimer) clearTimeout(this.#hideTimer);
    this.#hideTimer = setTimeout(() => this.dismiss(), SIGNAL_NOTICE_MS);
  }

  dismiss() {
    this.setState({ notice: null });
  }

  stop() {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (this.#hideTimer) clearTimeout(this.#hideTimer);
    if (this.#unblockTimer) clearTimeout(this.#unblockTimer);
    this.setState({ notice: null, blockedUntil: 0 });
  }
}
