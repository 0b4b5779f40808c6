// Bundles the server into dist/main.js and the admin CLI into dist/admin.js (both one level below
// the package root, which src/paths.ts relies on). Only @parlo/contract is bundled (it ships as TypeScript
// source); every other dependency stays external and is loaded from node_modules at run time.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => name !== '@parlo/contract')
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: {
    main: fileURLToPath(new URL('./src/main.ts', import.meta.url)),
    admin: fileURLToPath(new URL('./src/admin/main.ts', import.meta.url)),
  },
  outdir: fileURLToPath(new URL('./dist', import.meta.url)),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'info',
});
