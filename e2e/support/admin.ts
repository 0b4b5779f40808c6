import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const adminScript = fileURLToPath(new URL('../../apps/server/dist/admin.js', import.meta.url));

/**
 * Runs the operator tool (`npm run admin`, built) against the server's PostgreSQL database, as an
 * operator would: roles are granted only there. PGlite allows one process at a time, so this needs
 * the run's E2E_DATABASE_URL.
 */
export async function runAdmin(...args: string[]): Promise<string> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error('runAdmin needs E2E_DATABASE_URL');
  const { stdout } = await promisify(execFile)(process.execPath, [adminScript, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
  });
  return stdout;
}
