import type { FrameFlag, FrameFlagBody } from '@parlo/contract/frame-flags';
import type { CallSession } from '@/features/practice/lib/call-session';
import { StateStore } from '@/lib/state-store';
import type { FrameGrabber } from '@/features/practice/safety/frame-grabber';
import {
  FrameGuardPolicy,
  type FrameGuardSnapshot,
} from '@/features/practice/safety/frame-guard-policy';
import {
  workerReplySchema,
  type GuardSide,
  type WorkerRequest,
} from '@/features/practice/safety/frame-guard-protocol';

/** One sample a second per side: enough for 3-of-5 within five seconds, cheap on a laptop. */
export const SAMPLE_INTERVAL_MS = 1_000;

/** The worker as the guard uses it (a real Worker in the browser, a fake port in tests). */
export type GuardWorkerPort = {
  postMessage: (message: WorkerRequest, transfer: Transferable[]) => void;
  onmessage: ((event: MessageEvent) => void) | null;
  terminate: () => void;
};

/** The slice of a call the guard reads and acts on. */
export type GuardCall = Pick<
  CallSession,
  'sessionId' | 'channel' | 'media' | 'peer' | 'getSnapshot' | 'subscribe'
>;

export type FrameGuardDeps = {
  createWorker: () => GuardWorkerPort;
  modelUrl: string;
  grabber: FrameGrabber;
  sendFlag: (body: FrameFlagBody) => Promise<FrameFlag>;
  /** True when the signed-in user is 16–17. */
  selfMinor: boolean;
  /** The account's "reveal together" setting (adults; always on for 16–17). */
  revealByDefault: boolean;
  now?: () => number;
};

export type GuardStatus = {
  /** 'idle' until the first frame needs the model; 'failed' leaves the call unguarded. */
  model: 'idle' | 'loading' | 'ready' | 'failed';
  backend: string | null;
  verdicts: number;
  /** ms from the first remote frame seen to its first verdict (the bench reads it). */
  firstVerdictMs: number | null;
  /** The id of the incoming flag the server stored, for a report filed from it. */
  incomingFlagId: string | null;
};

/**
 * The frame guard of one call: samples the partner's and the user's own video once a second
 * into the worker, feeds verdicts to the policy and does what it decides (stop the camera, send
 * the server a score, tell the partner about reveal and camera notes). Nothing is sampled while a
 * side's camera is off, so an audio-only call costs nothing and never loads the model.
 */
export class FrameGuard extends StateStore<GuardStatus> {
  readonly policy: FrameGuardPolicy;
  readonly #call: GuardCall;
  readonly #deps: FrameGuardDeps;
  readonly #inFlight = new Set<GuardSide>();
  #worker: GuardWorkerPort | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;
  #unsubscribers: (() => void)[] = [];
  #nextId = 0;
  #firstRemoteFrameAt: number | null = null;

  constructor(call: GuardCall, deps: FrameGuardDeps) {
    super({
      model: 'idle',
      backend: null,
      verdicts: 0,
      firstVerdictMs: null,
      incomingFlagId: null,
    });
    this.#call = call;
    this.#deps = deps;
    this.policy = new FrameGuardPolicy(
      { selfMinor: deps.selfMinor, revealByDefault: deps.revealByDefault },
      {
        now: () => this.#now(),
        onFlag: (flag) => this.#sendFlag({ ...flag, sessionId: call.sessionId }),
        onStopOwnVideo: () => call.media.setCamera(false),
        onLocalStateChange: (state) => this.#announce(state),
      },
    );
  }

  get snapshot(): FrameGuardSnapshot {
    return this.policy.getSnapshot();
  }

  start() {
    if (this.#timer) return;
    const { channel, media } = this.#call;
    this.#unsubscribers.push(
      channel.on('guard_reveal', (message) => this.policy.partnerReveal(message)),
      channel.on('guard_camera_note', ({ note }) => this.policy.partnerCameraNote(note)),
      // The partner may have missed what was said before the channel opened.
      channel.subscribe(() => {
        if (channel.getSnapshot().ready) this.#announce(this.policy.localState());
      }),
      media.subscribe(() => this.#onMedia()),
    );
    this.#onMedia();
    this.#timer = setInterval(() => this.#sample(), SAMPLE_INTERVAL_MS);
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    for (const unsubscribe of this.#unsubscribers.splice(0)) unsubscribe();
    this.#worker?.terminate();
    this.#worker = null;
    this.#deps.grabber.dispose();
  }

  /** The user turns the camera back on after an outgoing flag's pause. */
  resumeCamera() {
    if (this.policy.resume()) this.#call.media.setCamera(true);
  }

  #now() {
    return this.#deps.now?.() ?? Date.now();
  }

  #onMedia() {
    const { stream, cameraEnabled } = this.#call.media.getSnapshot();
    const track = stream?.getVideoTracks()[0];
    // A stand-in track may have no label at all.
    if (track) this.policy.setCameraLabel(track.label ?? '');
    if (!cameraEnabled) this.policy.ownCameraOff();
    // The camera stays off during an outgoing flag's pause, however it was turned on.
    if (cameraEnabled && this.policy.getSnapshot().outgoing === 'paused') {
      this.#call.media.setCamera(false);
    }
  }

  #announce(state: ReturnType<FrameGuardPolicy['localState']>) {
    const { channel } = this.#call;
    channel.send({
      type: 'guard_reveal',
      revealed: state.revealed,
      required: state.required,
      minor: state.minor,
    });
    channel.send({ type: 'guard_camera_note', note: state.note });
  }

  /** The stream of a side when it has live video to look at, else null. */
  #streamOf(side: GuardSide): MediaStream | null {
    if (side === 'incoming') {
      const stream = this.#call.peer.getSnapshot().remoteStream;
      if (!this.#call.getSnapshot().peerCameraEnabled) return null;
      return stream?.getVideoTracks().some((t) => t.readyState === 'live') ? stream : null;
    }
    const { stream, cameraEnabled, hasCamera } = this.#call.media.getSnapshot();
    if (!stream || !cameraEnabled || !hasCamera) return null;
    if (this.policy.getSnapshot().outgoing === 'paused') return null;
    return stream;
  }

  #sample() {
    for (const side of ['incoming', 'outgoing'] as const) {
      if (this.#inFlight.has(side)) continue;
      const stream = this.#streamOf(side);
      if (!stream) continue;
      const frame = this.#deps.grabber.grab(side, stream);
      if (!frame) continue;
      if (side === 'incoming') this.#firstRemoteFrameAt ??= this.#now();
      const worker = this.#ensureWorker();
      if (!worker) return;
      this.#inFlight.add(side);
      const pixels = frame.data.buffer as ArrayBuffer;
      worker.postMessage(
        {
          type: 'frame',
          id: this.#nextId++,
          side,
          width: frame.width,
          height: frame.height,
          pixels,
        },
        [pixels],
      );
    }
  }

  #ensureWorker() {
    if (this.getSnapshot().model === 'failed') return null;
    if (this.#worker) return this.#worker;
    const worker = this.#deps.createWorker();
    worker.onmessage = (event) => this.#onReply(event.data);
    worker.postMessage({ type: 'init', modelUrl: this.#deps.modelUrl }, []);
    this.#worker = worker;
    this.setState({ model: 'loading' });
    return worker;
  }

  #onReply(data: unknown) {
    const reply = workerReplySchema.safeParse(data);
    if (!reply.success) return;
    const message = reply.data;
    if (message.type === 'ready') {
      this.setState({ model: 'ready', backend: message.backend });
      return;
    }
    if (message.type === 'failed') {
      // The call goes on unguarded rather than not at all; reports still work.
      this.setState({ model: 'failed' });
      this.#inFlight.clear();
      return;
    }
    this.#inFlight.delete(message.side);
    const { verdicts, firstVerdictMs } = this.getSnapshot();
    this.setState({
      verdicts: verdicts + 1,
      firstVerdictMs:
        firstVerdictMs ??
        (message.side === 'incoming' && this.#firstRemoteFrameAt !== null
          ? this.#now() - this.#firstRemoteFrameAt
          : null),
    });
    const sample = { scores: message.scores, luminance: message.luminance };
    if (message.side === 'incoming') this.policy.addIncoming(sample);
    else this.policy.addOutgoing(sample);
  }

  #sendFlag(body: FrameFlagBody) {
    this.#deps
      .sendFlag(body)
      .then((flag) => {
        if (body.side === 'incoming') this.setState({ incomingFlagId: flag.id });
      })
      // The blur or pause already happened; a lost score only costs the moderators a data point.
      .catch(() => {});
  }
}
