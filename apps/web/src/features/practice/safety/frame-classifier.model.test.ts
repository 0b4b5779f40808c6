// @vitest-environment node
// The real model, in Node on TensorFlow.js's cpu backend: nsfwjs's MobileNetV2 from the files the
// build serves, on neutral images drawn here (nothing explicit is ever committed or generated).
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readNsfwModel } from '../../../../scripts/nsfw-model.mjs';
import { createFrameClassifier, type FrameClassifier } from './frame-classifier';
import { FRAME_SIZE, luminanceOf, type FramePixels } from './frame-pixels';
import {
  EXPLICIT_FRAME_THRESHOLD,
  explicitScore,
  FrameGuardPolicy,
  isCovered,
} from './frame-guard-policy';
import type { WorkerReply } from './frame-guard-protocol';
import { createWorkerCore } from './frame-guard-worker-core';

function image(paint: (x: number, y: number) => [number, number, number]): FramePixels {
  const data = new Uint8ClampedArray(FRAME_SIZE * FRAME_SIZE * 4);
  for (let y = 0; y < FRAME_SIZE; y++) {
    for (let x = 0; x < FRAME_SIZE; x++) {
      const [r, g, b] = paint(x, y);
      const i = (y * FRAME_SIZE + x) * 4;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  }
  return { width: FRAME_SIZE, height: FRAME_SIZE, data };
}

const gradient = image((x, y) => [x, y, 255 - x]);
const black = image(() => [0, 0, 0]);
/** A cartoon face: a grey room, an oval face, two eyes and a mouth, a blue shirt. */
const face = image((x, y) => {
  const inside = (cx: number, cy: number, rx: number, ry: number) =>
    ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
  if (inside(84, 90, 10, 6) || inside(140, 90, 10, 6)) return [40, 30, 30];
  if (inside(112, 140, 24, 6)) return [150, 60, 60];
  if (inside(112, 105, 55, 70)) return [224, 180, 150];
  if (y > 180) return [40, 80, 170];
  return [150, 150, 145];
});

async function loadModel() {
  const { modelJson, weights } = await readNsfwModel();
  const json = JSON.parse(modelJson) as {
    modelTopology: object;
    weightsManifest: { weights: tf.io.WeightsManifestEntry[] }[];
  };
  const handler = tf.io.fromMemory({
    modelTopology: json.modelTopology,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  });
  return createFrameClassifier({ model: handler, backends: ['cpu'] });
}

describe('the real frame guard model (cpu backend)', () => {
  let classifier: FrameClassifier;
  beforeAll(async () => {
    classifier = await loadModel();
  }, 120_000);

  it('runs on the cpu backend', () => {
    expect(classifier.backend).toBe('cpu');
  });

  it.each([
    ['a gradient', gradient],
    ['a drawn face', face],
    ['a black frame', black],
  ])(
    '%s is neutral',
    async (_name, frame) => {
      const scores = await classifier.classify(frame);
      const sum = Object.values(scores).reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(1, 2);
      expect(explicitScore(scores)).toBeLessThan(EXPLICIT_FRAME_THRESHOLD);
    },
    60_000,
  );

  it('tells a black frame as covered and the others not', () => {
    expect(isCovered(luminanceOf(black))).toBe(true);
    expect(isCovered(luminanceOf(gradient))).toBe(false);
    expect(isCovered(luminanceOf(face))).toBe(false);
  });

  it('through the worker seam: three real black frames leave no flag and note a covered camera', async () => {
    const replies: WorkerReply[] = [];
    const handle = createWorkerCore(
      () => Promise.resolve(classifier),
      (message) => replies.push(message),
    );
    await handle({ type: 'init', modelUrl: '/unused-in-node' });
    const policy = new FrameGuardPolicy(
      { selfMinor: false, revealByDefault: false },
      { now: () => 0, onFlag: () => {}, onStopOwnVideo: () => {}, onLocalStateChange: () => {} },
    );
    for (let id = 0; id < 3; id++) {
      await handle({
        type: 'frame',
        id,
        side: 'outgoing',
        width: FRAME_SIZE,
        height: FRAME_SIZE,
        pixels: black.data.slice().buffer,
      });
    }
    const verdicts = replies.filter((r) => r.type === 'verdict');
    expect(verdicts).toHaveLength(3);
    for (const verdict of verdicts) policy.addOutgoing(verdict);
    expect(policy.getSnapshot()).toMatchObject({ outgoing: 'sending', ownCameraNote: 'covered' });
  }, 60_000);
});
