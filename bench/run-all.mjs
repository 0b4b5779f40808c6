// Runs every harness in turn; each prints one JSON line. Build first: `npm run build`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const harnesses = readdirSync(here).filter(
  (f) => f.endsWith('.mjs') && !['run-all.mjs', 'lib.mjs'].includes(f),
);
const only = process.argv[2];
let failed = 0;
for (const file of harnesses.filter((f) => !only || f.includes(only))) {
  const res = spawnSync(process.execPath, [file], { cwd: here, stdio: 'inherit' });
  if (res.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
