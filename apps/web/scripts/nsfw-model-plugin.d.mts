import type { Plugin } from 'vite';
/** `emit: false` for the worker's build: the page's build emits the model files once. */
export function nsfwModelPlugin(options?: { emit?: boolean }): Plugin;
