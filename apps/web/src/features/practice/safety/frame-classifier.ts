import * as tf from '@tensorflow/tfjs';
import { load, type NSFWJS } from 'nsfwjs';
import type { ClassScores } from '@/features/practice/safety/frame-guard-policy';
import { FRAME_SIZE, type FramePixels } from '@/features/practice/safety/frame-pixels';

/** nsfwjs class names → the policy's keys. */
const CLASS_KEYS: Record<string, keyof ClassScores> = {
  Drawing: 'drawing',
  Hentai: 'hentai',
  Neutral: 'neutral',
  Porn: 'porn',
  Sexy: 'sexy',
};

export type FrameClassifier = {
  /** The TensorFlow.js backend in use ('wasm', 'webgl' or 'cpu'). */
  backend: string;
  classify: (frame: FramePixels) => Promise<ClassScores>;
};

/**
 * Chooses the first backend of `backends` that starts, cpu last: wasm is the fastest on the
 * machines without a GPU that most calls run on, and needs no GPU context in a worker.
 */
async function chooseBackend(backends: readonly string[]) {
  for (const name of backends) {
    try {
      if (await tf.setBackend(name)) {
        await tf.ready();
        return name;
      }
    } catch {
      // Not available here (no WebAssembly, no WebGL in a worker): try the next one.
    }
  }
  throw new Error('no TensorFlow.js backend could start');
}

/**
 * Loads nsfwjs's MobileNetV2 from `model` (a same-origin URL in the browser; any TensorFlow.js
 * IOHandler in Node tests) on the first backend that starts.
 */
export async function createFrameClassifier(options: {
  model: string | tf.io.IOHandler;
  backends: readonly string[];
}): Promise<FrameClassifier> {
  const backend = await chooseBackend(options.backends);
  // nsfwjs types the model as a URL; an IOHandler goes straight to tf.loadLayersModel.
  const model: NSFWJS = await load(options.model as string, { size: FRAME_SIZE });
  return {
    backend,
    async classify(frame) {
      // RGBA bytes → an RGB tensor; built directly so it works the same in a worker and in Node.
      const input = tf.tidy(() =>
        tf
          .tensor3d(new Int32Array(frame.data), [frame.height, frame.width, 4], 'int32')
          .slice([0, 0, 0], [frame.height, frame.width, 3]),
      );
      try {
        const predictions = await model.classify(input, 5);
        const scores: ClassScores = { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 0 };
        for (const { className, probability } of predictions) {
          const key = CLASS_KEYS[className];
          if (key) scores[key] = probability;
        }
        return scores;
      } finally {
        input.dispose();
      }
    },
  };
}
