import type { Luminance } from '@/features/practice/safety/frame-guard-policy';

/**
 * Frame pixels and their brightness: the light half of the guard, used on the page; the model
 * itself stays in the worker (frame-classifier.ts).
 */

/** The model's input side: frames are drawn at this size before they reach the worker. */
export const FRAME_SIZE = 224;

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
