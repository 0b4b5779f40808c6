import {
  SESSION_LENGTH_SECONDS,
  SESSION_TIMER_EMPHASIS_SECONDS,
  type LocalEndReason,
  type SessionEndReason,
} from '@parlo/contract/constants';
import type { ClientMessage, SessionCreatedPayload } from '@parlo/contract/realtime';
import type { RealtimeSocket } from '@/lib/realtime/socket-client';
import { ChatChannel } from '@/features/practice/lib/chat-channel';
import { PeerChannel } from '@/features/practice/lib/peer-channel';
import { secondsLeft } from '@/features/practice/lib/countdown';
import { MediaController } from '@/features/practice/lib/media-controller';
import { PeerLink } from '@/features/practice/lib/peer-link';
import type { PeerError } from '@/features/practice/lib/peer-types';
import {
  connectionTypeOf,
  QualityMonitor,
  type QualityReading,
} from '@/features/practice/lib/quality-monitor';
import { StateStore } from '@/lib/state-store';

export type CallEndReason = LocalEndReason;

/** The socket as the call uses it (the app's realtime socket in production, a fake in tests). */
export type CallSocket = Pick<RealtimeSocket, 'send' | 'on'>;

export type CallSessionDeps = {
  socket: CallSocket;
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  createPeerConnection: (config: RTCConfiguration) => RTCPeerConnection;
  reportConnectionType: (
    sessionId: string,
    type: 'direct' | 'turn' | 'unknown',
  ) => Promise<unknown>;
  playSound: (name: 'message' | 'ending') => void;
  /** `peerError` says why the peer link failed, when it did. */
  onEnded: (reason: CallEndReason, peerError?: PeerError | null) => void;
  /** The server's end of this session if it came before the call started (or null). */
  endedBeforeStart?: (sessionId: string) => SessionEndReason | null;
  now?: () => number;
  peerTimeoutMs?: number;
};

export type CallPhase = 'idle' | 'connecting' | 'live' | 'ended';

export type CallSnapshot = {
  phase: CallPhase;
  secondsLeft: number;
  peerCameraEnabled: boolean;
  peerMicrophoneEnabled: boolean;
  endReason: CallEndReason | null;
};

const TICK_MS = 250;
/** Sent every fifth reading: every ten seconds with readings every two. */
const QUALITY_REPORT_EVERY = 5;
/** If the server's time_limit_reached does not come this long after zero, end anyway. */
const TIME_LIMIT_GRACE_MS = 5_000;

const endedSessions = new Set<string>();

/** Whether a call in this tab ended the session, so the practice page knows where to go next. */
export function endedByCall(sessionId: string) {
  return endedSessions.has(sessionId);
}

/**
 * One live session in the browser: media, peer link, chat, quality and the countdown, tied to the
 * realtime socket. Constructing it does nothing; `start` begins the call and `end*` finishes it
 * exactly once, whichever side, timer or failure gets there first.
 */
export class CallSession extends StateStore<CallSnapshot> {
  readonly payload: SessionCreatedPayload;
  readonly media: MediaController;
  readonly peer: PeerLink;
  /** The `chat` data channel every peer message crosses; features subscribe by message type. */
  readonly channel: PeerChannel;
  readonly chat: ChatChannel;
  readonly quality: QualityMonitor;
  readonly #deps: CallSessionDeps;
  readonly #endsAt: number;
  #started = false;
  #unsubscribers: (() => void)[] = [];
  #tick: ReturnType<typeof setInterval> | null = null;
  #leaveTimer: ReturnType<typeof setTimeout> | null = null;
  #zeroSince: number | null = null;
  #endingSoundPlayed = false;
  #mediaReported = false;
  #connectionReported = false;
  #readings = 0;

  constructor(payload: SessionCreatedPayload, deps: CallSessionDeps) {
    const now = deps.now?.() ?? Date.now();
    const endsAt = Date.parse(payload.endsAt);
    super({
      phase: 'idle',
      secondsLeft: secondsLeft(
        Number.isFinite(endsAt) ? endsAt : now + SESSION_LENGTH_SECONDS * 1000,
        now,
      ),
      peerCameraEnabled: false,
      peerMicrophoneEnabled: true,
      endReason: null,
    });
    this.payload = payload;
    this.#deps = deps;
    this.#endsAt = Number.isFinite(endsAt) ? endsAt : now + SESSION_LENGTH_SECONDS * 1000;
    const send = (message: ClientMessage) => deps.socket.send(message);
    this.media = new MediaController({ getUserMedia: deps.getUserMedia, send });
    this.channel = new PeerChannel();
    this.chat = new ChatChannel(this.channel, { onUnreadMessage: () => deps.playSound('message') });
    this.peer = new PeerLink({
      createPeerConnection: deps.createPeerConnection,
      send,
      onDataChannel: (channel) => this.channel.attach(channel),
      timeoutMs: deps.peerTimeoutMs,
    });
    this.quality = new QualityMonitor({
      getStats: () => this.peer.getStats(),
      videoExpected: () => this.getSnapshot().peerCameraEnabled,
      onReading: (reading) => this.#onReading(reading),
    });
  }

  get sessionId() {
    return this.payload.session.id;
  }

  #now() {
    return this.#deps.now?.() ?? Date.now();
  }

  async start() {
    this.cancelLeave();
    if (this.#started) return;
    this.#started = true;
    this.setState({ phase: 'connecting' });
    this.#subscribe();
    const early = this.#deps.endedBeforeStart?.(this.sessionId);
    if (early) {
      this.#finish(early, null);
      return;
    }
    this.#tick = setInterval(() => this.#onTick(), TICK_MS);
    this.#onTick();

    const stream = await this.media.start();
    if (this.isEnded()) return;
    if (!stream) {
      this.#finish('connection_issue', 'connection_issue');
      return;
    }
    await this.peer.start({
      initiator: this.payload.initiator,
      iceServers: this.payload.iceServers,
      iceTransportPolicy: this.payload.iceTransportPolicy ?? 'all',
      localStream: stream,
    });
  }

  #subscribe() {
    const { socket } = this.#deps;
    const peer = this.peer;
    this.#unsubscribers.push(
      socket.on('offer', ({ sdp }) => void peer.handleOffer(sdp)),
      socket.on('answer', ({ sdp }) => void peer.handleAnswer(sdp)),
      socket.on('candidate', (candidate) => void peer.handleCandidate(candidate)),
      socket.on('peer_camera_toggled', ({ enabled }) =>
        this.setState({ peerCameraEnabled: enabled }),
      ),
      socket.on('peer_microphone_toggled', ({ enabled }) =>
        this.setState({ peerMicrophoneEnabled: enabled }),
      ),
      socket.on('session_ended', ({ sessionId, reason }) => {
        if (sessionId === this.sessionId) this.#finish(reason, null);
      }),
      peer.subscribe(() => this.#onPeer()),
    );
  }

  #onPeer() {
    const { state, remoteStream } = this.peer.getSnapshot();
    if (remoteStream && !this.#mediaReported) {
      this.#mediaReported = true;
      this.#deps.socket.send({ type: 'media_connected' });
    }
    if (state === 'connected') {
      if (this.getSnapshot().phase === 'connecting') this.setState({ phase: 'live' });
      this.quality.start();
      this.#onConnected();
    } else if (state === 'failed') {
      this.#finish('connection_issue', 'connection_issue', this.peer.getSnapshot().error);
    }
  }

  #onConnected() {
    if (this.#connectionReported) return;
    this.#connectionReported = true;
    // The partner may have missed toggles sent while its page was still loading.
    const { cameraEnabled, microphoneEnabled } = this.media.getSnapshot();
    this.#deps.socket.send({ type: 'camera_toggled', payload: { enabled: cameraEnabled } });
    this.#deps.socket.send({ type: 'microphone_toggled', payload: { enabled: microphoneEnabled } });
    void this.#reportConnectionType();
  }

  async #reportConnectionType() {
    try {
      const report = await this.peer.getStats();
      const type = report ? connectionTypeOf(report) : 'unknown';
      await this.#deps.reportConnectionType(this.sessionId, type);
    } catch {
      // A statistic the server can live without; the call goes on.
    }
  }

  #onReading(reading: QualityReading) {
    this.#readings += 1;
    if (this.#readings % QUALITY_REPORT_EVERY !== 1) return;
    this.#deps.socket.send({
      type: 'connection_quality',
      // Clamped to the contract's bounds: an outlandish sample must not get the report refused.
      payload: {
        strength: reading.strength,
        packetLoss: Math.min(100, reading.packetLoss),
        roundTripTimeMs: Math.min(60_000, reading.roundTripTimeMs),
        jitterMs: Math.min(60_000, reading.jitterMs),
        bitrateKbps: Math.min(1_000_000, reading.bitrateKbps),
      },
    });
  }

  #onTick() {
    if (this.isEnded()) return;
    const now = this.#now();
    const left = secondsLeft(this.#endsAt, now);
    this.setState({ secondsLeft: left });
    if (left <= SESSION_TIMER_EMPHASIS_SECONDS && left > 0 && !this.#endingSoundPlayed) {
      this.#endingSoundPlayed = true;
      this.#deps.playSound('ending');
    }
    if (left === 0) {
      this.#zeroSince ??= now;
      if (now - this.#zeroSince >= TIME_LIMIT_GRACE_MS) this.#finish('time_limit_reached', null);
    }
  }

  toggleCamera() {
    this.media.toggleCamera();
  }

  toggleMicrophone() {
    this.media.toggleMicrophone();
  }

  isEnded() {
    return this.getSnapshot().phase === 'ended';
  }

  /** The user ends the call: the server hears user_ended, this browser records self_ended. */
  endSelf() {
    this.#finish('self_ended', 'user_ended');
  }

  /**
   * Leaving the page ends the call, but not at once: React's development double mount unmounts
   * and remounts in the same task, and `start` on the remount cancels the pending end.
   */
  scheduleLeave() {
    if (this.isEnded() || this.#leaveTimer) return;
    this.#leaveTimer = setTimeout(() => {
      this.#leaveTimer = null;
      this.endSelf();
    }, 0);
  }

  cancelLeave() {
    if (this.#leaveTimer) clearTimeout(this.#leaveTimer);
    this.#leaveTimer = null;
  }

  #finish(
    reason: CallEndReason,
    sendReason: 'user_ended' | 'connection_issue' | null,
    peerError: PeerError | null = null,
  ) {
    if (this.isEnded()) return;
    this.cancelLeave();
    if (sendReason) {
      this.#deps.socket.send({ type: 'end_session', payload: { reason: sendReason } });
    }
    for (const unsubscribe of this.#unsubscribers) unsubscribe();
    this.#unsubscribers = [];
    if (this.#tick) clearInterval(this.#tick);
    this.#tick = null;
    this.quality.stop();
    this.chat.close();
    this.channel.close();
    this.peer.close();
    this.media.stop();
    endedSessions.add(this.sessionId);
    this.setState({ phase: 'ended', endReason: reason });
    this.#deps.onEnded(reason, peerError);
  }
}
