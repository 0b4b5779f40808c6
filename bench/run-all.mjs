// Runs every harness in turn; each prints one JSON line. Build first: `npm run build`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const harnesses = readdirSync(here).filter(
  (f) => f.endsWith('.mjs') && !['run-all.mjs', 'lib.mjs'].includes(f),
);
/** Node arguments of the harnesses that need them: session-writes imports the server's TypeScript. */
const NODE_ARGS = { 'session-writes.mjs': ['--import', 'tsx'] };
const only = process.argv[2];
let failed = 0;
for (const file of harnesses.filter((f) => !only || f.includes(only))) {
  const args = [...(NODE_ARGS[file] ?? []), file];
  const res = spawnSync(process.execPath, args, { cwd: here, stdio: 'inherit' });
  if (res.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
