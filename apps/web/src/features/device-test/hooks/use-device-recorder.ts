import { useEffect, useState, useSyncExternalStore } from 'react';
import { DeviceRecorder, browserRecorderDeps } from '@/features/device-test/lib/recorder';

/** One recorder per dialog, disposed (recording stopped, URL revoked) when it closes. */
export function useDeviceRecorder() {
  const [recorder] = useState(() => new DeviceRecorder(browserRecorderDeps()));
  useEffect(() => () => recorder.dispose(), [recorder]);
  const snapshot = useSyncExternalStore(recorder.subscribe, recorder.snapshot, recorder.snapshot);
  return { recorder, snapshot };
}
