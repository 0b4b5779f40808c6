import { fileURLToPath } from 'node:url';

/**
 * The server package root (apps/server/). This file sits one level below it both as source
 * (src/paths.ts) and once bundled (dist/main.js), so the same expression works in either form.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
