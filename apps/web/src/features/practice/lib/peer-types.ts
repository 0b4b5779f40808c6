import type { ClientMessage, IceCandidate, IceServer } from '@parlo/contract/realtime';

/** What is tried, in this order, before a link that does not connect is given up. */
export const RECOVERY_STEPS = ['ice_restart', 'renegotiation'] as const;
export type RecoveryStep = (typeof RECOVERY_STEPS)[number];

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
  /** The recovery step under way, or null while connecting the first time or connected. */
  recovery: RecoveryStep | null;
};

export type PeerLinkDeps = {
  createPeerConnection: (config: RTCConfiguration) => RTCPeerConnection;
  /** May answer false when the message could not leave (socket down). */
  send: (message: ClientMessage) => boolean | void;
  onDataChannel: (channel: RTCDataChannel) => void;
  /** How long each attempt (the first connect and every recovery step) may take. */
  timeoutMs?: number;
  /** How often the initiator repeats its offer until an answer comes (see `#offer`). */
  offerRetryMs?: number;
  /** How long a connected link may stay disconnected before recovery starts. */
  disconnectGraceMs?: number;
};

export type PeerLinkStart = {
  initiator: boolean;
  iceServers: IceServer[];
  iceTransportPolicy?: RTCIceTransportPolicy;
  localStream: MediaStream | null;
};

/** An ICE candidate as the socket carries it (the contract's `iceCandidateSchema`). */
export type CandidatePayload = IceCandidate;
