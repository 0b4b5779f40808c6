/// <reference lib="webworker" />
// The frame guard's worker (issue 18): TensorFlow.js and nsfwjs load here, off the page's thread
// and only when a call starts, so no other page pays for them. The WebAssembly binaries come
// from the npm package through the build, served from Parlo's origin like every asset.
import '@tensorflow/tfjs-backend-wasm';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import wasmUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimdUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreadedUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { createFrameClassifier } from '@/features/practice/safety/frame-classifier';
import { createWorkerCore } from '@/features/practice/safety/frame-guard-worker-core';

declare const self: DedicatedWorkerGlobalScope;

setWasmPaths({
  'tfjs-backend-wasm.wasm': wasmUrl,
  'tfjs-backend-wasm-simd.wasm': wasmSimdUrl,
  'tfjs-backend-wasm-threaded-simd.wasm': wasmThreadedUrl,
});

/** wasm first (fast on CPUs, no GPU context needed), then webgl, then the plain cpu backend. */
const BACKENDS = ['wasm', 'webgl', 'cpu'] as const;

const handle = createWorkerCore(
  (modelUrl) => createFrameClassifier({ model: modelUrl, backends: BACKENDS }),
  (message) => self.postMessage(message),
);
self.onmessage = (event: MessageEvent) => void handle(event.data);
