/** Test doubles for the WebRTC objects of the call; just enough behaviour for the call classes. */

export class FakeTrack {
  enabled = true;
  stopped = false;
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.stopped = true;
  }
}

export class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
}

export function fakeStream(kinds: ('audio' | 'video')[] = ['audio', 'video']) {
  return new FakeStream(kinds.map((kind) => new FakeTrack(kind)));
}

export class FakeDataChannel {
  readyState: RTCDataChannelState = 'connecting';
  sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly label: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 'closed';
  }
  open() {
    this.readyState = 'open';
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

export class FakePeerConnection {
  static instances: FakePeerConnection[] = [];
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: { type: string; sdp: string } | null = null;
  addedTracks: FakeTrack[] = [];
  addedCandidates: unknown[] = [];
  channels: FakeDataChannel[] = [];
  closed = false;
  failNext: 'createOffer' | 'setRemoteDescription' | null = null;
  statsReport = new Map<string, Record<string, unknown>>();
  onicecandidate: ((event: { candidate: unknown }) => void) | null = null;
  ontrack: ((event: { streams: unknown[]; track: unknown }) => void) | null = null;
  ondatachannel: ((event: { channel: FakeDataChannel }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;

  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.instances.push(this);
  }

  addTrack(track: FakeTrack) {
    this.addedTracks.push(track);
  }
  createDataChannel(label: string) {
    const channel = new FakeDataChannel(label);
    this.channels.push(channel);
    return channel;
  }
  /** The options of every createOffer call, in order. */
  offerOptions: (RTCOfferOptions | undefined)[] = [];
  createOffer(options?: RTCOfferOptions) {
    if (this.failNext === 'createOffer') return Promise.reject(new Error('nope'));
    this.offerOptions.push(options);
    const restarts = this.offerOptions.filter((o) => o?.iceRestart).length;
    // An ICE restart's offer differs from the first one, as a browser's does.
    const sdp = restarts > 0 ? `offer-sdp restart-${restarts}` : 'offer-sdp';
    return Promise.resolve({ type: 'offer', sdp });
  }
  createAnswer() {
    return Promise.resolve({ type: 'answer', sdp: 'answer-sdp' });
  }
  setLocalDescription(description: { type: string; sdp: string }) {
    this.localDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
    return Promise.resolve();
  }
  setRemoteDescription(description: { type: string; sdp: string }) {
    if (this.failNext === 'setRemoteDescription') return Promise.reject(new Error('bad sdp'));
    this.remoteDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
    return Promise.resolve();
  }
  addIceCandidate(candidate: unknown) {
    this.addedCandidates.push(candidate);
    return Promise.resolve();
  }
  getStats() {
    return Promise.resolve(this.statsReport);
  }
  close() {
    this.closed = true;
    this.connectionState = 'closed';
  }

  /** Moves the connection to `state` and tells the listener, as the browser would. */
  setConnectionState(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
  setIceConnectionState(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }
  emitCandidate(candidate: string) {
    this.onicecandidate?.({
      candidate: { candidate, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'u' },
    });
  }
  emitTrack(stream: FakeStream) {
    this.ontrack?.({ streams: [stream], track: stream.tracks[0] });
  }
  emitDataChannel(label = 'chat') {
    const channel = new FakeDataChannel(label);
    this.ondatachannel?.({ channel });
    return channel;
  }
}

export const asPeerConnection = (config: RTCConfiguration) =>
  new FakePeerConnection(config) as unknown as RTCPeerConnection;
