import type { IceServer } from '@parlo/contract/realtime';
import { PEER_CHANNEL_LABEL } from '@parlo/contract/peer-messages';
import {
  descriptionIdentity,
  hasRelay,
  offerKind,
  type DescriptionIdentity,
} from '@/features/practice/lib/session-description';
import { CandidateBuffer } from '@/features/practice/lib/candidate-buffer';
import type {
  CandidatePayload,
  PeerError,
  PeerLinkDeps,
  PeerLinkStart,
  PeerSnapshot,
  RecoveryStep,
} from '@/features/practice/lib/peer-types';
import { RecoveryLadder } from '@/features/practice/lib/recovery-ladder';
import { StateStore } from '@/lib/state-store';

const DEFAULT_OFFER_RETRY_MS = 1_500;

/**
 * One RTCPeerConnection with the signalling of the server protocol: the initiator creates the
 * `chat` data channel and the offer, the other side answers, both trickle candidates.
 *
 * An attempt that does not connect within PEER_CONNECTION_TIMEOUT_MS (spec §4) is recovered
 * before the link fails (RecoveryLadder): an ICE restart, then one re-negotiation on a fresh
 * connection, through the relay when a TURN server is configured. The initiator drives each step
 * with an ordinary offer; the answerer tells the steps apart by the offer's ICE credentials and
 * DTLS fingerprint.
 */
export class PeerLink extends StateStore<PeerSnapshot> {
  readonly #deps: PeerLinkDeps;
  #pc: RTCPeerConnection | null = null;
  #initiator = false;
  #iceServers: IceServer[] = [];
  #policy: RTCIceTransportPolicy = 'all';
  #localStream: MediaStream | null = null;
  readonly #candidates = new CandidateBuffer();
  #pendingOffer: string | null = null;
  #remoteIdentity: DescriptionIdentity | null = null;
  #answerUndelivered = false;
  #ladder: RecoveryLadder | null = null;
  #everConnected = false;
  #offerTimer: ReturnType<typeof setInterval> | null = null;
  /** Signalling runs one operation at a time, so a candidate never overtakes its description. */
  #ops: Promise<void> = Promise.resolve();

  constructor(deps: PeerLinkDeps) {
    super({ state: 'idle', error: null, remoteStream: null, recovery: null });
    this.#deps = deps;
  }

  get connection() {
    return this.#pc;
  }

  start({ initiator, iceServers, iceTransportPolicy = 'all', localStream }: PeerLinkStart) {
    if (this.getSnapshot().state !== 'idle') return Promise.resolve();
    this.#initiator = initiator;
    this.#iceServers = iceServers;
    this.#policy = iceTransportPolicy;
    this.#localStream = localStream;
    this.setState({ state: 'connecting' });
    this.#ladder = new RecoveryLadder({
      initiator,
      timeoutMs: this.#deps.timeoutMs,
      disconnectGraceMs: this.#deps.disconnectGraceMs,
      connectedNow: () => this.#pc?.connectionState === 'connected',
      onStep: (step, trouble) => this.#onStep(step, trouble),
      onGiveUp: (trouble) => this.#fail(trouble),
      onConnected: () => this.#onConnected(),
    });
    this.#ladder.begin();
    return this.#enqueue(async () => {
      try {
        const pc = this.#build(this.#policy);
        if (initiator) {
          await this.#offer(pc, false);
        } else if (this.#pendingOffer) {
          const sdp = this.#pendingOffer;
          this.#pendingOffer = null;
          await this.#receiveOffer(sdp);
        }
      } catch {
        this.#fail(initiator ? 'start_failed' : 'answer_failed');
      }
    });
  }

  #build(policy: RTCIceTransportPolicy) {
    const pc = this.#deps.createPeerConnection({
      iceServers: this.#iceServers,
      iceTransportPolicy: policy,
    });
    this.#pc = pc;
    this.#listen(pc);
    const stream = this.#localStream;
    if (stream) for (const track of stream.getTracks()) pc.addTrack(track, stream);
    if (this.#initiator) {
      this.#deps.onDataChannel(pc.createDataChannel(PEER_CHANNEL_LABEL, { ordered: true }));
    }
    return pc;
  }

  /** The re-negotiation step: a fresh connection, relayed when a relay exists. */
  #rebuild() {
    this.#detach();
    this.#candidates.clear();
    this.#remoteIdentity = null;
    return this.#build(hasRelay(this.#iceServers) ? 'relay' : this.#policy);
  }

  async #offer(pc: RTCPeerConnection, iceRestart: boolean) {
    this.#stopOfferRetry();
    const offer = await pc.createOffer(iceRestart ? { iceRestart } : undefined);
    await pc.setLocalDescription(offer);
    if (pc !== this.#pc || this.#isOver()) return;
    this.#deps.send({
      type: 'offer',
      payload: { sdp: pc.localDescription?.sdp ?? offer.sdp ?? '' },
    });
    // The partner's page may still be loading, or a socket reconnecting, when an offer goes out,
    // and the server keeps nothing. Repeating the (candidate-rich) local description until an
    // answer arrives costs nothing; the answerer ignores repeats.
    this.#offerTimer = setInterval(() => {
      const sdp = this.#pc?.localDescription?.sdp;
      if (sdp && this.#pc?.signalingState === 'have-local-offer') {
        this.#deps.send({ type: 'offer', payload: { sdp } });
      } else {
        this.#stopOfferRetry();
      }
    }, this.#deps.offerRetryMs ?? DEFAULT_OFFER_RETRY_MS);
  }

  handleOffer(sdp: string) {
    return this.#enqueue(() => this.#receiveOffer(sdp));
  }

  async #receiveOffer(sdp: string) {
    if (this.#initiator || this.#isOver()) return;
    if (!this.#pc) {
      this.#pendingOffer = sdp;
      return;
    }
    const identity = descriptionIdentity(sdp);
    const kind = offerKind(identity, this.#remoteIdentity);
    if (kind === 'repeat') {
      if (this.#answerUndelivered) this.#sendAnswer(this.#pc);
      return;
    }
    if (kind === 'ice_restart') this.#follow('ice_restart');
    if (kind === 'fresh') {
      this.#follow('renegotiation');
      this.#rebuild();
    }
    const pc = this.#pc;
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp });
      this.#remoteIdentity = identity;
      await this.#candidates.flush(pc);
      await pc.setLocalDescription(await pc.createAnswer());
      if (pc === this.#pc && !this.#isOver()) this.#sendAnswer(pc);
    } catch {
      this.#fail('answer_failed');
    }
  }

  #sendAnswer(pc: RTCPeerConnection) {
    const sent = this.#deps.send({
      type: 'answer',
      payload: { sdp: pc.localDescription?.sdp ?? '' },
    });
    this.#answerUndelivered = sent === false;
  }

  handleAnswer(sdp: string) {
    return this.#enqueue(async () => {
      const pc = this.#pc;
      if (!this.#initiator || !pc || pc.signalingState !== 'have-local-offer') return;
      if (this.#isOver()) return;
      this.#stopOfferRetry();
      try {
        await pc.setRemoteDescription({ type: 'answer', sdp });
        await this.#candidates.flush(pc);
      } catch {
        this.#fail('handle_answer_failed');
      }
    });
  }

  handleCandidate(candidate: CandidatePayload) {
    return this.#enqueue(async () => {
      if (!this.#isOver()) await this.#candidates.add(this.#pc, candidate);
    });
  }

  #enqueue(operation: () => Promise<void>): Promise<void> {
    const run = this.#ops.then(operation).catch(() => undefined);
    this.#ops = run;
    return run;
  }

  #listen(pc: RTCPeerConnection) {
    const current = () => pc === this.#pc;
    pc.onicecandidate = (event) => {
      if (!event.candidate || !current()) return;
      const { candidate, sdpMid, sdpMLineIndex, usernameFragment } = event.candidate;
      this.#deps.send({
        type: 'candidate',
        payload: { candidate, sdpMid, sdpMLineIndex, usernameFragment },
      });
    };
    pc.ontrack = (event) => {
      if (!current()) return;
      const stream = event.streams[0] ?? this.#remoteStreamWith(event.track);
      this.setState({ remoteStream: stream });
    };
    pc.ondatachannel = (event) => {
      if (current() && event.channel.label === PEER_CHANNEL_LABEL) {
        this.#deps.onDataChannel(event.channel);
      }
    };
    pc.onconnectionstatechange = () => {
      if (current()) this.#onConnectionState(pc.connectionState);
    };
    pc.oniceconnectionstatechange = () => {
      if (current() && pc.iceConnectionState === 'failed') this.#ladder?.failed('ice_failed');
    };
  }

  #remoteStreamWith(track: MediaStreamTrack) {
    const stream = this.getSnapshot().remoteStream ?? new MediaStream();
    stream.addTrack(track);
    return stream;
  }

  #onConnectionState(state: RTCPeerConnectionState) {
    if (this.#isOver()) return;
    if (state === 'connected') {
      this.#ladder?.connected();
    } else if (state === 'disconnected' && this.getSnapshot().state === 'connected') {
      this.setState({ state: 'disconnected', error: 'connection_disconnected' });
      this.#ladder?.disconnected();
    } else if (state === 'failed') {
      this.#ladder?.failed('peer_connection_failed');
    }
  }

  #onConnected() {
    this.#everConnected = true;
    this.setState({ state: 'connected', error: null, recovery: null });
  }

  #onStep(step: RecoveryStep, trouble: PeerError) {
    if (this.#isOver()) return;
    this.setState({
      error: trouble,
      recovery: step,
      ...(this.#everConnected ? { state: 'disconnected' as const } : {}),
    });
    if (this.#initiator) void this.#enqueue(() => this.#runStep(step));
  }

  async #runStep(step: RecoveryStep) {
    if (this.#isOver() || !this.#pc) return;
    try {
      if (step === 'ice_restart') await this.#offer(this.#pc, true);
      else await this.#offer(this.#rebuild(), false);
    } catch {
      // The step's deadline moves on to the next one.
    }
  }

  /** The answerer takes up the step the initiator's offer shows, unless it is connected. */
  #follow(step: RecoveryStep) {
    if (this.getSnapshot().state === 'connected') return;
    this.#ladder?.follow(step);
    this.setState({ recovery: step });
  }

  #stopOfferRetry() {
    if (this.#offerTimer) clearInterval(this.#offerTimer);
    this.#offerTimer = null;
  }

  #isOver() {
    const { state } = this.getSnapshot();
    return state === 'failed' || state === 'closed';
  }

  #fail(error: PeerError) {
    if (this.#isOver()) return;
    this.#teardown();
    this.setState({ state: 'failed', error, recovery: null });
  }

  /** The stats of the live connection, or null before it exists and after it closed. */
  getStats(): Promise<RTCStatsReport> | null {
    return this.#pc && !this.#isOver() ? this.#pc.getStats() : null;
  }

  close() {
    if (this.getSnapshot().state === 'closed') return;
    this.#teardown();
    this.setState({ state: 'closed', recovery: null });
  }

  #teardown() {
    this.#ladder?.stop();
    this.#detach();
  }

  #detach() {
    this.#stopOfferRetry();
    const pc = this.#pc;
    if (!pc) return;
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.ondatachannel = null;
    pc.onconnectionstatechange = null;
    pc.oniceconnectionstatechange = null;
    pc.close();
  }
}
