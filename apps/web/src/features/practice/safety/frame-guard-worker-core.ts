import type { FrameClassifier } from '@/features/practice/safety/frame-classifier';
import { luminanceOf } from '@/features/practice/safety/frame-pixels';
import {
  workerRequestSchema,
  type WorkerReply,
} from '@/features/practice/safety/frame-guard-protocol';

/**
 * The worker's message handling, apart from the worker global so it runs in Node tests with the
 * real model: `init` loads the classifier once; each `frame` is answered with a verdict. A frame
 * that arrives before the model is ready waits for it; a malformed request is ignored.
 */
export function createWorkerCore(
  loadClassifier: (modelUrl: string) => Promise<FrameClassifier>,
  reply: (message: WorkerReply) => void,
  now: () => number = () => performance.now(),
) {
  let classifier: Promise<FrameClassifier> | null = null;

  return async function handle(data: unknown) {
    const request = workerRequestSchema.safeParse(data);
    if (!request.success) return;
    const message = request.data;
    if (message.type === 'init') {
      if (classifier) return;
      const started = now();
      classifier = loadClassifier(message.modelUrl);
      try {
        const ready = await classifier;
        reply({ type: 'ready', backend: ready.backend, loadMs: now() - started });
      } catch (error) {
        reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
      return;
    }
    if (!classifier) return;
    const ready = await classifier.catch(() => null);
    if (!ready) return;
    const frame = {
      width: message.width,
      height: message.height,
      data: new Uint8ClampedArray(message.pixels),
    };
    if (frame.data.length !== frame.width * frame.height * 4) return;
    const started = now();
    const scores = await ready.classify(frame);
    reply({
      type: 'verdict',
      id: message.id,
      side: message.side,
      scores,
      luminance: luminanceOf(frame),
      ms: now() - started,
    });
  };
}
