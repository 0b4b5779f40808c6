import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Drops the run's PostgreSQL database, when the run made one. */
export default function globalTeardown() {
  const url = process.env.E2E_DATABASE_URL;
  if (!url || process.env.E2E_DATABASE_KEEP) return;
  const script = fileURLToPath(new URL('./database.mjs', import.meta.url));
  execFileSync(process.execPath, [script, 'drop', url], { stdio: 'inherit' });
}
