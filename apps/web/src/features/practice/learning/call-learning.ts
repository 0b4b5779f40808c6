import { SESSION_LENGTH_SECONDS } from '@parlo/contract/constants';
import type { TaskCardId } from '@parlo/contract/peer-messages-learning';
import type { CallSession } from '@/features/practice/lib/call-session';
import { StateStore } from '@/lib/state-store';
import { callLearningLog } from '@/lib/session/call-learning-log';
import { Corrections } from './corrections';
import { RepairSignals } from './repair-signals';
import { dominantSide } from './talk-balance';
import { TalkMeter } from './talk-meter';
import { cardLanguage, loadDeck } from './task-cards';
import { TaskDeck } from './task-deck';

/** The balance is judged once, at half time of the 7-minute call. */
export const NUDGE_AT_SECONDS_LEFT = SESSION_LENGTH_SECONDS / 2;

export type CallLearningSnapshot = {
  /** The card whose follow-up question is offered to hand the turn over; null when no nudge. */
  nudge: TaskCardId | null;
};

export type CallLearningDeps = {
  playSignalSound: () => void;
  createAudioContext?: () => AudioContext;
};

/**
 * Everything issue 21 adds to a call, tied to its CallSession: the task deck, the talk-time meter
 * and its half-time nudge, repair signals and corrections, and the device-side log of it all.
 * `start` subscribes (before the data channel opens, so the deal is not missed); the call's end
 * stops it and the log keeps the final figures.
 */
export class CallLearning extends StateStore<CallLearningSnapshot> {
  readonly deck: TaskDeck;
  readonly signals: RepairSignals;
  readonly corrections: Corrections;
  readonly meter: TalkMeter;
  readonly #call: CallSession;
  #unsubscribers: (() => void)[] = [];
  #judged = false;

  constructor(call: CallSession, deps: CallLearningDeps) {
    super({ nudge: null });
    this.#call = call;
    const { payload } = call;
    this.deck = new TaskDeck(call.channel, {
      initiator: payload.initiator,
      // Partners are matched on level; the initiator's deal settles any difference.
      level: payload.peerProfile.level,
      seed: payload.session.id,
    });
    // Fetched while the call connects, so the first card is there for the planning time.
    loadDeck(cardLanguage(payload.session.languageCode)).catch(() => {});
    this.signals = new RepairSignals(call.channel, { playSound: deps.playSignalSound });
    this.corrections = new Corrections(call.channel, call.chat);
    this.meter = new TalkMeter({
      createAudioContext: deps.createAudioContext,
      isMuted: (side) =>
        side === 'me'
          ? !call.media.getSnapshot().microphoneEnabled
          : !call.getSnapshot().peerMicrophoneEnabled,
    });
  }

  start() {
    if (this.#unsubscribers.length > 0 || this.#call.isEnded()) return;
    const call = this.#call;
    callLearningLog.begin(
      call.sessionId,
      call.payload.session.languageCode,
      call.payload.peerProfile.level,
    );
    this.deck.start();
    this.signals.start();
    this.corrections.start();
    const streams = () => {
      this.meter.setStream('me', call.media.getSnapshot().stream);
      this.meter.setStream('partner', call.peer.getSnapshot().remoteStream);
    };
    this.#unsubscribers.push(
      call.media.subscribe(streams),
      call.peer.subscribe(streams),
      call.subscribe(() => this.#onCall()),
      this.deck.subscribe(() => this.#log()),
      this.signals.subscribe(() => this.#log()),
      this.corrections.subscribe(() => this.#log()),
      this.meter.subscribe(() => this.#log()),
    );
    streams();
    this.#log();
  }

  #onCall() {
    const { phase, secondsLeft } = this.#call.getSnapshot();
    if (phase === 'ended') {
      this.stop();
      callLearningLog.record(this.#call.sessionId, { endedAt: Date.now() });
      return;
    }
    if (!this.#judged && phase === 'live' && secondsLeft <= NUDGE_AT_SECONDS_LEFT) {
      this.#judged = true;
      if (dominantSide(this.meter.tally) === 'me') this.setState({ nudge: this.deck.current() });
    }
  }

  dismissNudge() {
    this.setState({ nudge: null });
  }

  #log() {
    const deck = this.deck.getSnapshot();
    const signals = this.signals.getSnapshot();
    const meter = this.meter.getSnapshot();
    callLearningLog.record(this.#call.sessionId, {
      talkShares: meter.shares,
      talkMs: meter.totalMs,
      cardsDone: { count: deck.seen.length, ids: deck.seen },
      repairSignals: { given: signals.given, received: signals.received },
      corrections: this.corrections.getSnapshot().corrections.map((c) => ({
        original: c.original,
        corrected: c.corrected,
        note: c.note,
        by: c.by === 'self' ? 'me' : 'partner',
        thanked: c.thanked,
      })),
    });
  }

  stop() {
    this.#log();
    for (const unsubscribe of this.#unsubscribers) unsubscribe();
    this.#unsubscribers = [];
    this.deck.stop();
    this.signals.stop();
    this.corrections.stop();
    this.meter.stop();
  }
}
