import { RECORDING_AUTO_STOP_MS } from '@parlo/contract/constants';

/** Spec §4 "Recorder": idle → recording ⇄ paused → recorded ⇄ playing; reset from anywhere. */
export type RecorderStatus = 'idle' | 'recording' | 'paused' | 'recorded' | 'playing';

export type RecorderSnapshot = {
  status: RecorderStatus;
  /** Object URL of the last recording, while there is one. */
  recordingUrl: string | null;
};

/** The part of MediaRecorder used here. */
export interface RecorderLike {
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: (() => void) | null;
  start(): void;
  pause(): void;
  resume(): void;
  stop(): void;
}

/** The part of HTMLAudioElement used for playback. */
export interface PlayerLike {
  onended: (() => void) | null;
  play(): Promise<void>;
  pause(): void;
}

export type RecorderDeps = {
  createRecorder: (stream: MediaStream) => RecorderLike;
  createPlayer: (url: string) => PlayerLike;
  createUrl: (blob: Blob) => string;
  revokeUrl: (url: string) => void;
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export const RECORDING_MIME_TYPE = 'audio/webm';

/**
 * The device test's recorder as a plain class (DESIGN §3: call logic outside components): records
 * the microphone as webm, stops by itself after 10 s of recording (pauses excluded) and plays the
 * take back. Read from React through `subscribe` / `snapshot`.
 */
export class DeviceRecorder {
  private state: RecorderSnapshot = { status: 'idle', recordingUrl: null };
  private readonly listeners = new Set<() => void>();
  private recorder: RecorderLike | null = null;
  private player: PlayerLike | null = null;
  private chunks: Blob[] = [];
  private timer: unknown = null;
  /** Recording time before the current stretch, and when that stretch began. */
  private recordedMs = 0;
  private stretchStart = 0;

  constructor(private readonly deps: RecorderDeps) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  snapshot = () => this.state;

  record(stream: MediaStream) {
    if (this.state.status !== 'idle' && this.state.status !== 'recorded') return;
    this.clearRecording();
    const recorder = this.deps.createRecorder(stream);
    this.recorder = recorder;
    this.chunks = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.chunks.push(event.data);
    };
    recorder.onstop = () => {
      if (recorder !== this.recorder) return;
      this.recorder = null;
      const blob = new Blob(this.chunks, { type: RECORDING_MIME_TYPE });
      this.chunks = [];
      this.set({ status: 'recorded', recordingUrl: this.deps.createUrl(blob) });
    };
    recorder.start();
    this.recordedMs = 0;
    this.startStretch();
    this.set({ status: 'recording', recordingUrl: null });
  }

  pause() {
    if (this.state.status !== 'recording' || !this.recorder) return;
    this.recorder.pause();
    this.recordedMs += this.deps.now() - this.stretchStart;
    this.clearTimer();
    this.set({ ...this.state, status: 'paused' });
  }

  resume() {
    if (this.state.status !== 'paused' || !this.recorder) return;
    this.recorder.resume();
    this.startStretch();
    this.set({ ...this.state, status: 'recording' });
  }

  /** Ends the take; the state turns `recorded` once the recorder has handed over its data. */
  stop() {
    if (this.state.status !== 'recording' && this.state.status !== 'paused') return;
    this.clearTimer();
    this.recorder?.stop();
  }

  play() {
    const url = this.state.recordingUrl;
    if (this.state.status !== 'recorded' || !url) return;
    const player = this.deps.createPlayer(url);
    this.player = player;
    player.onended = () => {
      if (player !== this.player) return;
      this.player = null;
      this.set({ ...this.state, status: 'recorded' });
    };
    this.set({ ...this.state, status: 'playing' });
    player.play().catch(() => {
      if (player !== this.player) return;
      this.player = null;
      this.set({ ...this.state, status: 'recorded' });
    });
  }

  stopPlayback() {
    if (this.state.status !== 'playing') return;
    this.stopPlayer();
    this.set({ ...this.state, status: 'recorded' });
  }

  reset() {
    this.clearTimer();
    const recorder = this.recorder;
    this.recorder = null;
    recorder?.stop();
    this.stopPlayer();
    this.clearRecording();
    this.set({ status: 'idle', recordingUrl: null });
  }

  dispose() {
    this.reset();
    this.listeners.clear();
  }

  private startStretch() {
    this.stretchStart = this.deps.now();
    this.clearTimer();
    this.timer = this.deps.setTimeout(() => {
      this.timer = null;
      this.stop();
    }, RECORDING_AUTO_STOP_MS - this.recordedMs);
  }

  private clearTimer() {
    if (this.timer !== null) this.deps.clearTimeout(this.timer);
    this.timer = null;
  }

  private stopPlayer() {
    const player = this.player;
    this.player = null;
    player?.pause();
  }

  private clearRecording() {
    if (this.state.recordingUrl) this.deps.revokeUrl(this.state.recordingUrl);
  }

  private set(next: RecorderSnapshot) {
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}

export function pickRecordingMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  for (const type of ['audio/webm;codecs=opus', RECORDING_MIME_TYPE]) {
    if (MediaRecorder.isTypeSupported(type)) return type;
  }
  return undefined;
}

/** The browser's recorder and audio element. */
export function browserRecorderDeps(): RecorderDeps {
  return {
    createRecorder: (stream) => {
      const mimeType = pickRecordingMimeType();
      const recorder = new MediaRecorder(
        new MediaStream(stream.getAudioTracks()),
        mimeType ? { mimeType } : undefined,
      );
      const adapter: RecorderLike = {
        ondataavailable: null,
        onstop: null,
        start: () => recorder.start(),
        pause: () => recorder.pause(),
        resume: () => recorder.resume(),
        stop: () => {
          if (recorder.state !== 'inactive') recorder.stop();
        },
      };
      recorder.ondataavailable = (event) => adapter.ondataavailable?.(event);
      recorder.onstop = () => adapter.onstop?.();
      return adapter;
    },
    createPlayer: (url) => {
      const audio = new Audio(url);
      const adapter: PlayerLike = {
        onended: null,
        play: () => audio.play(),
        pause: () => audio.pause(),
      };
      audio.onended = () => adapter.onended?.();
      return adapter;
    },
    createUrl: (blob) => URL.createObjectURL(blob),
    revokeUrl: (url) => URL.revokeObjectURL(url),
    now: () => Date.now(),
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}
