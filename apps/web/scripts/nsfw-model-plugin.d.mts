import type { Plugin } from 'vite';
export function nsfwModelPlugin(): Plugin;
