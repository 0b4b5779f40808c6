import { PEER_CONNECTION_TIMEOUT_MS } from '@parlo/contract/constants';
import type { ClientMessage, IceServer } from '@parlo/contract/realtime';
import { StateStore } from '@/features/practice/lib/state-store';

export type PeerState = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed';

/** The peer errors of spec §8, as i18n keys under `practice:peer_errors`. */
export type PeerError =
  | 'start_failed'
  | 'answer_failed'
  | 'handle_answer_failed'
  | 'peer_connection_failed'
  | 'connection_disconnected'
  | 'ice_failed'
  | 'data_channel_unavailable'
  | 'connection_timeout';

export type PeerSnapshot = {
  state: PeerState;
  error: PeerError | null;
  remoteStream: MediaStream | null;
};

export type CandidatePayload = {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
};

export type PeerLinkDeps = {
  createPeerConnection: (config: RTCConfiguration) => RTCPeerConnection;
  send: (message: ClientMessage) => void;
  onDataChannel: (channel: RTCDataChannel) => void;
  timeoutMs?: number;
  /** How often the initiator repeats its offer until an answer comes (see `start`). */
  offerRetryMs?: number;
};

export type PeerLinkStart = {
  initiator: boolean;
  iceServers: IceServer[];
  iceTransportPolicy?: RTCIceTransportPolicy;
  localStream: MediaStream | null;
};

export const CHAT_CHANNEL_LABEL = 'chat';
const DEFAULT_OFFER_RETRY_MS = 1_500;

/**
 * One RTCPeerConnection with the signalling of the server protocol: the initiator creates the
 * `chat` data channel and the offer, the other side answers, both trickle candidates. Remote
 * candidates wait until a remote description exists. A link not connected within
 * PEER_CONNECTION_TIMEOUT_MS fails (spec §4).
 */
export class PeerLink extends StateStore<PeerSnapshot> {
  readonly #deps: PeerLinkDeps;
  #pc: RTCPeerConnection | null = null;
  #initiator = false;
  #pendingCandidates: CandidatePayload[] = [];
  #pendingOffer: string | null = null;
  #answered = false;
  #connectTimer: ReturnType<typeof setTimeout> | null = null;
  #offerTimer: ReturnType<typeof setInterval> | null = null;

  constructor(deps: PeerLinkDeps) {
    super({ state: 'idle', error: null, remoteStream: null });
    this.#deps = deps;
  }

  get connection() {
    return this.#pc;
  }

  async start({ initiator, iceServers, iceTransportPolicy = 'all', localStream }: PeerLinkStart) {
    if (this.getSnapshot().state !== 'idle') return;
    this.#initiator = initiator;
    this.setState({ state: 'connecting' });
    this.#armTimer();
    try {
      const pc = this.#deps.createPeerConnection({ iceServers, iceTransportPolicy });
      this.#pc = pc;
      this.#listen(pc);
      if (localStream) {
        for (const track of localStream.getTracks()) pc.addTrack(track, localStream);
      }
      if (initiator) {
        this.#deps.onDataChannel(pc.createDataChannel(CHAT_CHANNEL_LABEL, { ordered: true }));
        await this.#sendOffer(pc);
      } else if (this.#pendingOffer) {
        const sdp = this.#pendingOffer;
        this.#pendingOffer = null;
        await this.handleOffer(sdp);
      }
    } catch {
      this.#fail(initiator ? 'start_failed' : 'answer_failed');
    }
  }

  async #sendOffer(pc: RTCPeerConnection) {
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    this.#deps.send({
      type: 'offer',
      payload: { sdp: pc.localDescription?.sdp ?? offer.sdp ?? '' },
    });
    // The partner's page may still be loading when the first offer goes out, and the server
    // does not keep it. Repeating the (candidate-rich) local description until an answer arrives
    // costs nothing; the answerer ignores every offer after the first.
    this.#offerTimer = setInterval(() => {
      const sdp = this.#pc?.localDescription?.sdp;
      if (sdp && this.#pc?.signalingState === 'have-local-offer') {
        this.#deps.send({ type: 'offer', payload: { sdp } });
      } else {
        this.#stopOfferRetry();
      }
    }, this.#deps.offerRetryMs ?? DEFAULT_OFFER_RETRY_MS);
  }

  async handleOffer(sdp: string) {
    if (this.#initiator || this.#answered || this.#isOver()) return;
    const pc = this.#pc;
    if (!pc) {
      this.#pendingOffer = sdp;
      return;
    }
    this.#answered = true;
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp });
      await this.#flushCandidates(pc);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      this.#deps.send({
        type: 'answer',
        payload: { sdp: pc.localDescription?.sdp ?? answer.sdp ?? '' },
      });
    } catch {
      this.#fail('answer_failed');
    }
  }

  async handleAnswer(sdp: string) {
    const pc = this.#pc;
    if (!this.#initiator || !pc || pc.signalingState !== 'have-local-offer') return;
    this.#stopOfferRetry();
    try {
      await pc.setRemoteDescription({ type: 'answer', sdp });
      await this.#flushCandidates(pc);
    } catch {
      this.#fail('handle_answer_failed');
    }
  }

  async handleCandidate(candidate: CandidatePayload) {
    const pc = this.#pc;
    if (this.#isOver()) return;
    if (!pc || !pc.remoteDescription) {
      this.#pendingCandidates.push(candidate);
      return;
    }
    await this.#addCandidate(pc, candidate);
  }

  async #flushCandidates(pc: RTCPeerConnection) {
    const queued = this.#pendingCandidates;
    this.#pendingCandidates = [];
    for (const candidate of queued) await this.#addCandidate(pc, candidate);
  }

  async #addCandidate(pc: RTCPeerConnection, candidate: CandidatePayload) {
    try {
      await pc.addIceCandidate(candidate);
    } catch {
      // One bad candidate is not a failed call; the others may still connect.
    }
  }

  #listen(pc: RTCPeerConnection) {
    pc.onicecandidate = (event) => {
      if (!event.candidate) return;
      const { candidate, sdpMid, sdpMLineIndex, usernameFragment } = event.candidate;
      this.#deps.send({
        type: 'candidate',
        payload: { candidate, sdpMid, sdpMLineIndex, usernameFragment },
      });
    };
    pc.ontrack = (event) => {
      const stream = event.streams[0] ?? this.#remoteStreamWith(event.track);
      this.setState({ remoteStream: stream });
    };
    pc.ondatachannel = (event) => {
      if (event.channel.label === CHAT_CHANNEL_LABEL) this.#deps.onDataChannel(event.channel);
    };
    pc.onconnectionstatechange = () => this.#onConnectionState(pc.connectionState);
    pc.oniceconnectionstatechange = () => {
      if (pc.iceConnectionState === 'failed') this.#fail('ice_failed');
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
      this.#clearTimer();
      this.setState({ state: 'connected', error: null });
    } else if (state === 'disconnected') {
      // Often a blip the ICE agent recovers from; give it the same grace as the first connect.
      this.setState({ state: 'disconnected', error: 'connection_disconnected' });
      this.#armTimer();
    } else if (state === 'failed') {
      this.#fail('peer_connection_failed');
    }
  }

  #armTimer() {
    this.#clearTimer();
    this.#connectTimer = setTimeout(() => {
      if (this.getSnapshot().state !== 'connected') this.#fail('connection_timeout');
    }, this.#deps.timeoutMs ?? PEER_CONNECTION_TIMEOUT_MS);
  }

  #clearTimer() {
    if (this.#connectTimer) clearTimeout(this.#connectTimer);
    this.#connectTimer = null;
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
    this.setState({ state: 'failed', error });
  }

  /** The stats of the live connection, or null before it exists and after it closed. */
  getStats(): Promise<RTCStatsReport> | null {
    return this.#pc && !this.#isOver() ? this.#pc.getStats() : null;
  }

  close() {
    if (this.getSnapshot().state === 'closed') return;
    this.#teardown();
    this.setState({ state: 'closed' });
  }

  #teardown() {
    this.#clearTimer();
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
