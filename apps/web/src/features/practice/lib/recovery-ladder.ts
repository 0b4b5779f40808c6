import { PEER_CONNECTION_TIMEOUT_MS } from '@parlo/contract/constants';
import {
  RECOVERY_STEPS,
  type PeerError,
  type RecoveryStep,
} from '@/features/practice/lib/peer-types';

/** Chrome reports a 2.5 s silence as `disconnected` and often recovers by itself within a second. */
export const DISCONNECT_GRACE_MS = 2_000;

/** Why an attempt counts as failed; the reason the link gives when the last one does. */
export type Trouble = Extract<
  PeerError,
  'connection_timeout' | 'connection_disconnected' | 'ice_failed' | 'peer_connection_failed'
>;

export type RecoveryLadderDeps = {
  /** The initiator acts on each step; the answerer waits one step longer for its decision. */
  initiator: boolean;
  /** Each attempt's time: the first connect and every recovery step (spec §4: 7 s). */
  timeoutMs?: number;
  disconnectGraceMs?: number;
  /** The connection says it is connected even though no event told so. */
  connectedNow: () => boolean;
  onStep: (step: RecoveryStep, trouble: Trouble) => void;
  onGiveUp: (trouble: Trouble) => void;
  onConnected: () => void;
};

/**
 * When a peer link tries again and when it gives up. An attempt that does not connect within its
 * time, or fails, or a connected link that stays disconnected for the grace, moves to the next
 * recovery step; after the last step the link is given up.
 */
export class RecoveryLadder {
  readonly #deps: RecoveryLadderDeps;
  /** 0 for the first attempt and while connected, then 1 + the index in RECOVERY_STEPS. */
  #step = 0;
  /** The step a failure already moved to: the ICE and connection events report it twice. */
  #failedAt = -1;
  #deadline: ReturnType<typeof setTimeout> | null = null;
  #grace: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;

  constructor(deps: RecoveryLadderDeps) {
    this.#deps = deps;
  }

  get step() {
    return this.#step;
  }

  /** The first attempt begins. */
  begin() {
    this.#armDeadline();
  }

  connected() {
    this.#clear();
    this.#step = 0;
    this.#failedAt = -1;
    this.#deps.onConnected();
  }

  /** A connected link lost its partner: it may come back by itself within the grace. */
  disconnected() {
    if (this.#step !== 0 || this.#grace) return;
    this.#grace = setTimeout(() => {
      this.#grace = null;
      this.#next('connection_disconnected');
    }, this.#deps.disconnectGraceMs ?? DISCONNECT_GRACE_MS);
  }

  failed(trouble: Trouble) {
    if (this.#failedAt === this.#step) return;
    this.#next(trouble);
    this.#failedAt = this.#step;
  }

  /** The answerer takes up the step the initiator's offer shows. */
  follow(step: RecoveryStep) {
    this.#step = RECOVERY_STEPS.indexOf(step) + 1;
    this.#clearGrace();
    this.#armDeadline();
  }

  stop() {
    this.#stopped = true;
    this.#clear();
  }

  #next(trouble: Trouble) {
    if (this.#stopped) return;
    const lastStep = RECOVERY_STEPS.length + (this.#deps.initiator ? 0 : 1);
    if (this.#step >= lastStep) {
      this.stop();
      this.#deps.onGiveUp(trouble);
      return;
    }
    this.#step += 1;
    this.#clearGrace();
    this.#armDeadline();
    this.#deps.onStep(RECOVERY_STEPS[Math.min(this.#step, RECOVERY_STEPS.length) - 1]!, trouble);
  }

  #armDeadline() {
    if (this.#deadline) clearTimeout(this.#deadline);
    this.#deadline = setTimeout(() => {
      this.#deadline = null;
      // A restart can complete without a state change to report.
      if (this.#deps.connectedNow()) this.connected();
      else this.#next('connection_timeout');
    }, this.#deps.timeoutMs ?? PEER_CONNECTION_TIMEOUT_MS);
  }

  #clearGrace() {
    if (this.#grace) clearTimeout(this.#grace);
    this.#grace = null;
  }

  #clear() {
    this.#clearGrace();
    if (this.#deadline) clearTimeout(this.#deadline);
    this.#deadline = null;
  }
}
