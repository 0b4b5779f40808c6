import { useEffect, useState } from 'react';
import type { CallSession } from '@/features/practice/lib/call-session';
import { playSound } from '@/lib/sounds';
import { CallLearning } from './call-learning';

/**
 * The meter only reads levels ten times a second, so the context asks for the largest buffers
 * ('playback'): fewer wake-ups of the audio thread for the whole call.
 */
function createAudioContext() {
  return new AudioContext({ latencyHint: 'playback' });
}

/** The learning layer of a call: started with the call view, stopped when it unmounts or ends. */
export function useCallLearning(call: CallSession): CallLearning {
  const [learning] = useState(
    () =>
      new CallLearning(call, {
        playSignalSound: () => playSound('signal'),
        createAudioContext: typeof AudioContext === 'undefined' ? undefined : createAudioContext,
      }),
  );

  useEffect(() => {
    learning.start();
    // Browsers keep an AudioContext made before a gesture suspended; any tap or key wakes it.
    const resume = () => learning.meter.resume();
    window.addEventListener('pointerdown', resume);
    window.addEventListener('keydown', resume);
    return () => {
      window.removeEventListener('pointerdown', resume);
      window.removeEventListener('keydown', resume);
      learning.stop();
    };
  }, [learning]);

  return learning;
}
