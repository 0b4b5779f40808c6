// Vite plugin for the frame guard's model (issue 18). It
// - emits nsfwjs's MobileNetV2 as assets/nsfw-mobilenet-v2-<hash>/{model.json,group1-shard1of1.bin}
//   (served from Parlo's origin, immutable and cached by the service worker like every asset);
// - serves the same files in dev;
// - exposes their URL as `virtual:nsfw-model` (`modelUrl`, `modelBytes`);
// - replaces nsfwjs's own bundled-model imports with a module that refuses, so the build never
//   emits the 38 MB of base64 models the package carries (Parlo always loads by URL).
import { readNsfwModel } from './nsfw-model.mjs';

const VIRTUAL_ID = 'virtual:nsfw-model';
const RESOLVED_VIRTUAL_ID = '\0virtual:nsfw-model';
const NO_BUNDLED_MODEL_ID = '\0nsfwjs-no-bundled-model';

export function nsfwModelPlugin({ emit = true } = {}) {
  const isClientPage = emit;
  let model;
  const load = async () => (model ??= await readNsfwModel());
  const folder = (m) => `assets/nsfw-mobilenet-v2-${m.hash}`;

  return {
    name: 'parlo-nsfw-model',
    // Before Vite's own resolver, which would otherwise resolve nsfwjs's relative imports first.
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === VIRTUAL_ID) return RESOLVED_VIRTUAL_ID;
      if (
        importer &&
        /[\\/]nsfwjs[\\/]dist[\\/]/.test(importer) &&
        source.includes('model_imports')
      )
        return NO_BUNDLED_MODEL_ID;
      return null;
    },
    async load(id) {
      if (id === NO_BUNDLED_MODEL_ID) {
        return [
          "const refuse = () => Promise.reject(new Error('Parlo loads the nsfwjs model by URL'));",
          'export const modelJson = refuse;',
          'export const weightBundles = [refuse];',
        ].join('\n');
      }
      if (id !== RESOLVED_VIRTUAL_ID) return null;
      const m = await load();
      return [
        `export const modelUrl = ${JSON.stringify(`/${folder(m)}/model.json`)};`,
        `export const modelBytes = ${m.modelJson.length + m.weights.length};`,
      ].join('\n');
    },
    async generateBundle(options) {
      // Once, from the page's build: not from the worker's nor the prerender's server build.
      if (this.environment?.config.consumer === 'server' || options.format === 'iife') return;
      if (!isClientPage) return;
      const m = await load();
      this.emitFile({ type: 'asset', fileName: `${folder(m)}/model.json`, source: m.modelJson });
      this.emitFile({
        type: 'asset',
        fileName: `${folder(m)}/${m.shardFile}`,
        source: new Uint8Array(m.weights),
      });
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const m = await load();
        const base = `/${folder(m)}/`;
        if (!req.url?.startsWith(base)) return next();
        const file = req.url.slice(base.length);
        if (file === 'model.json') {
          res.setHeader('Content-Type', 'application/json');
          res.end(m.modelJson);
        } else if (file === m.shardFile) {
          res.setHeader('Content-Type', 'application/octet-stream');
          res.end(m.weights);
        } else next();
      });
    },
  };
}
