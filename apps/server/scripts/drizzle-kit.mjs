// Runs drizzle-kit with drizzle-orm resolved from this package. npm keeps drizzle-orm in
// apps/server/node_modules but hoists drizzle-kit to the root, where drizzle-kit's own
// `import('drizzle-orm/...')` and `require('drizzle-orm')` cannot see it ("Please install
// latest version of drizzle-orm"). Both module systems are pointed at this package's copy.
import Module, { createRequire, register } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const localModules = fileURLToPath(new URL('../node_modules', import.meta.url));

// CommonJS: extra lookup folder, read once by the loader at start-up, hence the re-init.
process.env.NODE_PATH = [localModules, process.env.NODE_PATH].filter(Boolean).join(delimiter);
Module._initPaths();

// ESM: resolve drizzle-orm as if imported from this package.
const hooks = `
const parentURL = ${JSON.stringify(new URL('../package.json', import.meta.url).href)};
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL });
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

// bin.cjs is not in drizzle-kit's exports map, so locate it beside the package entry.
const entry = createRequire(import.meta.url).resolve('drizzle-kit');
const bin = join(dirname(entry), 'bin.cjs');
process.argv = [process.argv[0], bin, ...process.argv.slice(2)];
await import(bin);
