import type { ClientMessage } from '@parlo/contract/realtime';
import { StateStore } from '@/lib/state-store';

export type MediaStatus = 'idle' | 'requesting' | 'granted' | 'denied';

export type MediaSnapshot = {
  status: MediaStatus;
  stream: MediaStream | null;
  cameraEnabled: boolean;
  microphoneEnabled: boolean;
  /** False when the device has no camera and the call runs on audio alone. */
  hasCamera: boolean;
};

export type MediaControllerDeps = {
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  send: (message: ClientMessage) => void;
};

/** Spec §9: camera up to 1280x720 at 30 fps, front-facing; clean mono speech at 48 kHz. */
export const CALL_MEDIA_CONSTRAINTS = {
  video: {
    width: { ideal: 1280, max: 1280 },
    height: { ideal: 720, max: 720 },
    frameRate: { ideal: 30, max: 30 },
    facingMode: 'user',
  },
  audio: {
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
    sampleRate: { ideal: 48_000 },
    channelCount: 1,
  },
} satisfies MediaStreamConstraints;

function isPermissionError(error: unknown) {
  return (
    error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'SecurityError')
  );
}

/**
 * The local camera and microphone of a call. The camera starts off and the microphone on (spec
 * §4). The video track is still captured and sent, only disabled: turning the camera on later is a
 * flag on the track, with no renegotiation, and the partner sees frames at once.
 */
export class MediaController extends StateStore<MediaSnapshot> {
  readonly #deps: MediaControllerDeps;
  #stopped = false;

  constructor(deps: MediaControllerDeps) {
    super({
      status: 'idle',
      stream: null,
      cameraEnabled: false,
      microphoneEnabled: true,
      hasCamera: false,
    });
    this.#deps = deps;
  }

  async start(): Promise<MediaStream | null> {
    if (this.getSnapshot().status !== 'idle') return this.getSnapshot().stream;
    this.setState({ status: 'requesting' });
    try {
      const stream = await this.#capture();
      if (this.#stopped) {
        for (const track of stream.getTracks()) track.stop();
        return null;
      }
      for (const track of stream.getVideoTracks()) track.enabled = false;
      for (const track of stream.getAudioTracks()) track.enabled = true;
      this.setState({
        status: 'granted',
        stream,
        cameraEnabled: false,
        microphoneEnabled: true,
        hasCamera: stream.getVideoTracks().length > 0,
      });
      return stream;
    } catch {
      this.setState({ status: 'denied' });
      return null;
    }
  }

  async #capture() {
    try {
      return await this.#deps.getUserMedia(CALL_MEDIA_CONSTRAINTS);
    } catch (error) {
      // No camera (or a broken one) still allows an audio call; a refusal does not.
      if (isPermissionError(error)) throw error;
      return this.#deps.getUserMedia({ audio: CALL_MEDIA_CONSTRAINTS.audio });
    }
  }

  toggleCamera() {
    this.setCamera(!this.getSnapshot().cameraEnabled);
  }

  setCamera(enabled: boolean) {
    const { stream, hasCamera } = this.getSnapshot();
    if (!stream || !hasCamera) return;
    for (const track of stream.getVideoTracks()) track.enabled = enabled;
    this.setState({ cameraEnabled: enabled });
    this.#deps.send({ type: 'camera_toggled', payload: { enabled } });
  }

  toggleMicrophone() {
    this.setMicrophone(!this.getSnapshot().microphoneEnabled);
  }

  setMicrophone(enabled: boolean) {
    const { stream } = this.getSnapshot();
    if (!stream) return;
    for (const track of stream.getAudioTracks()) track.enabled = enabled;
    this.setState({ microphoneEnabled: enabled });
    this.#deps.send({ type: 'microphone_toggled', payload: { enabled } });
  }

  /** Releases the devices: the camera light goes off the moment the call ends. */
  stop() {
    this.#stopped = true;
    for (const track of this.getSnapshot().stream?.getTracks() ?? []) track.stop();
    this.setState({ stream: null, cameraEnabled: false });
  }
}
