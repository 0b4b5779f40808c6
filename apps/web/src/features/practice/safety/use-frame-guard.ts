import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SAFETY_ADULT_AGE } from '@parlo/contract/safety-settings';
import { modelUrl } from 'virtual:nsfw-model';
import { currentUserQueryOptions } from '@/lib/current-user';
import { getSafetySettings, safetySettingsQueryKey } from '@/lib/safety-settings';
import type { CallSession } from '@/features/practice/lib/call-session';
import { createVideoFrameGrabber } from '@/features/practice/safety/frame-grabber';
import { FrameGuard } from '@/features/practice/safety/frame-guard';
import { sendFrameFlag } from '@/features/practice/safety/frame-guard-api';

/** The worker is its own chunk: TensorFlow.js and nsfwjs load only when a call samples a frame. */
const createWorker = () =>
  new Worker(new URL('./frame-guard.worker.ts', import.meta.url), {
    type: 'module',
    name: 'frame-guard',
  });

/** Whether the signed-in user is 16–17 (no profile yet: treated as a minor, the safe side). */
function useSelfMinor() {
  const { data: user } = useQuery(currentUserQueryOptions());
  const age = user?.profile?.age;
  return age === undefined || age < SAFETY_ADULT_AGE;
}

/**
 * The frame guard of a call, started with it and stopped when the page leaves. The account's
 * reveal-together setting is read once; the call does not wait for it (off until it arrives).
 */
export function useFrameGuard(call: CallSession): FrameGuard {
  const selfMinor = useSelfMinor();
  const settings = useQuery({ queryKey: safetySettingsQueryKey, queryFn: getSafetySettings });
  const [guard] = useState(
    () =>
      new FrameGuard(call, {
        createWorker,
        modelUrl,
        grabber: createVideoFrameGrabber(),
        sendFlag: sendFrameFlag,
        selfMinor,
        revealByDefault: settings.data?.revealTogether ?? false,
      }),
  );

  useEffect(() => {
    if (settings.data?.revealTogether) guard.policy.requireReveal();
  }, [guard, settings.data?.revealTogether]);

  useEffect(() => {
    guard.start();
    return () => guard.stop();
  }, [guard]);

  return guard;
}
