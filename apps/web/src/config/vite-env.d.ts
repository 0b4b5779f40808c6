/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The frame guard's model files, emitted by scripts/nsfw-model-plugin.mjs (issue 18). */
declare module 'virtual:nsfw-model' {
  /** Same-origin URL of model.json; its weight shard sits beside it. */
  export const modelUrl: string;
  /** model.json plus the shard, in bytes. */
  export const modelBytes: number;
}
