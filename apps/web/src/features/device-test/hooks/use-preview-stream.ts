import { useEffect, useState } from 'react';
import {
  microphoneConstraints,
  previewConstraints,
  previewProblem,
  splitDevices,
  stopStream,
  type DeviceChoice,
  type DeviceLists,
  type PreviewProblem,
} from '@/features/device-test/lib/media-devices';

type PreviewState = {
  stream: MediaStream | null;
  problem: PreviewProblem | null;
  devices: DeviceLists;
  loading: boolean;
};

const NO_DEVICES: DeviceLists = { cameras: [], microphones: [] };

async function listDevices(): Promise<DeviceLists> {
  try {
    return splitDevices(await navigator.mediaDevices.enumerateDevices());
  } catch {
    return NO_DEVICES;
  }
}

/**
 * The camera and microphone of the preview for the chosen devices. Every stream it opened is
 * stopped when the choice changes and when the dialog closes.
 */
export function usePreviewStream(choice: DeviceChoice): PreviewState {
  const [state, setState] = useState<PreviewState>({
    stream: null,
    problem: null,
    devices: NO_DEVICES,
    loading: true,
  });
  const { cameraId, microphoneId } = choice;

  useEffect(() => {
    let current = true;
    let opened: MediaStream | null = null;
    const keep = (stream: MediaStream) => {
      if (current) opened = stream;
      else stopStream(stream);
      return current;
    };

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ stream: null, problem: 'generic', devices: NO_DEVICES, loading: false });
        return;
      }
      try {
        const stream = await navigator.mediaDevices.getUserMedia(
          previewConstraints({ cameraId, microphoneId }),
        );
        if (!keep(stream)) return;
        // Labels and every device appear only once access is granted.
        const devices = await listDevices();
        if (current) setState({ stream, problem: null, devices, loading: false });
      } catch (error) {
        const devices = await listDevices();
        if (!current) return;
        const problem = previewProblem(error, devices);
        // Without a camera the microphone can still be tested.
        if (problem === 'camera_not_found') {
          try {
            const stream = await navigator.mediaDevices.getUserMedia({
              audio: microphoneConstraints(microphoneId),
            });
            if (!keep(stream)) return;
            setState({ stream, problem, devices, loading: false });
            return;
          } catch {
            // Fall through to the camera message alone.
          }
        }
        setState({ stream: null, problem, devices, loading: false });
      }
    }

    void start();
    return () => {
      current = false;
      stopStream(opened);
    };
  }, [cameraId, microphoneId]);

  return state;
}
