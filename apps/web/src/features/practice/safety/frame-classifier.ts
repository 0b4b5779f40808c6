import * as tf from '@tensorflow/tfjs';
import { load, type NSFWJS } from 'nsfwjs';
import type { ClassScores, Luminance } from '@/features/practice/safety/frame-guard-policy';

/** The model's input side: frames are drawn at this size before they reach the worker. */
export const FRAME_SIZE = 224;

/** nsfwjs class names → the policy's keys. */
const CLASS_KEYS: Record<string, keyof ClassScores> = {
  Drawing: 'drawing',
  Hentai: 'hentai',
  Neutral: 'neutral',
  Porn: 'porn',
  Sexy: 'sexy',
};

/** RGBA pixels of one frame, as a canvas gives them. */
export type FramePixels = { width: number; height: number; data: Uint8ClampedArray };

/** Mean and spread of the luma (BT.601) of a frame: what tells a covered or black camera. */
export function luminanceOf({ data }: FramePixels): Luminance {
  const pixels = data.length / 4;
  if (pixels === 0) return { mean: 0, stdDev: 0 };
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < data.length; i += 4) {
    const y = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    sum += y;
    sumSquares += y * y;
  }
  const mean = sum / pixels;
  return { mean, stdDev: Math.sqrt(Math.max(0, sumSquares / pixels - mean * mean)) };
}

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
        const predictions = await model.classify(input as tf.Tensor3D, 5);
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
