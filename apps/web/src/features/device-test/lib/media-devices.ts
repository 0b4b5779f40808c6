/** Why the preview has no camera or microphone (spec §8 "Media"). */
export type PreviewProblem =
  'camera_not_found' | 'microphone_not_found' | 'devices_not_found' | 'denied' | 'generic';

export type DeviceLists = { cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] };

export type DeviceChoice = { cameraId: string | null; microphoneId: string | null };

/** Spec §9 "Media": up to 1280x720 at 30 fps, front-facing; voice processing on, mono, 48 kHz. */
export function previewConstraints({
  cameraId,
  microphoneId,
}: DeviceChoice): MediaStreamConstraints {
  return {
    video: {
      width: { ideal: 1280 },
      height: { ideal: 720 },
      frameRate: { ideal: 30 },
      facingMode: 'user',
      ...(cameraId ? { deviceId: { exact: cameraId } } : {}),
    },
    audio: microphoneConstraints(microphoneId),
  };
}

export function microphoneConstraints(microphoneId: string | null): MediaTrackConstraints {
  return {
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
    sampleRate: { ideal: 48_000 },
    channelCount: { ideal: 1 },
    ...(microphoneId ? { deviceId: { exact: microphoneId } } : {}),
  };
}

export function splitDevices(devices: readonly MediaDeviceInfo[]): DeviceLists {
  return {
    cameras: devices.filter((device) => device.kind === 'videoinput'),
    microphones: devices.filter((device) => device.kind === 'audioinput'),
  };
}

function errorName(error: unknown) {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
}

/** What a getUserMedia failure means, given which kinds of device the browser lists. */
export function previewProblem(error: unknown, lists: DeviceLists): PreviewProblem {
  const name = errorName(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    const hasCamera = lists.cameras.length > 0;
    const hasMicrophone = lists.microphones.length > 0;
    if (!hasCamera && !hasMicrophone) return 'devices_not_found';
    if (!hasCamera) return 'camera_not_found';
    if (!hasMicrophone) return 'microphone_not_found';
  }
  return 'generic';
}

export function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
