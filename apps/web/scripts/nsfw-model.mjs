// The frame guard's model (issue 18): nsfwjs's MobileNetV2, which ships inside the npm package as
// two JS modules (the layers model's JSON and its weights in base64). This turns them into the
// files TensorFlow.js loads over HTTP, a model.json and one binary shard, so Parlo serves them
// from its own origin as cacheable assets: 2.6 MB of weights instead of 3.5 MB of base64 script.
// Used by the Vite build (vite.config.ts) and by the tests that run the real model in Node.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
/** Where the bundled model modules live: nsfwjs's ESM build, beside its entry. */
const modelDir = path.join(
  path.dirname(require.resolve('nsfwjs')),
  '..',
  'esm',
  'models',
  'mobilenet_v2',
);
const SHARD_FILE = 'group1-shard1of1.bin';

/**
 * The model as files: `modelJson` (text, pointing at the shard by its relative name), `weights`
 * (the shard's bytes) and `hash` (of both, so the folder name changes when the model does).
 */
export async function readNsfwModel() {
  const topology = (await import(pathToFileURL(path.join(modelDir, 'model.min.js')).href)).default;
  const shard = (await import(pathToFileURL(path.join(modelDir, 'group1-shard1of1.min.js')).href))
    .default;
  const weights = Buffer.from(shard, 'base64');
  const modelJson = JSON.stringify({
    format: 'layers-model',
    generatedBy: 'nsfwjs (MobileNetV2), repackaged by Parlo',
    modelTopology: topology.modelTopology,
    weightsManifest: topology.weightsManifest.map((group) => ({
      ...group,
      paths: [SHARD_FILE],
    })),
  });
  const hash = createHash('sha256').update(modelJson).update(weights).digest('hex').slice(0, 10);
  return { modelJson, weights, hash, shardFile: SHARD_FILE };
}
