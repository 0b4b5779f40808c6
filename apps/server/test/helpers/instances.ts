import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverRoot } from '../../src/paths.ts';
import { eventually } from './live-app.ts';
import { freePort } from './ports.ts';
import { redisTestUrl } from './redis.ts';
import { TEST_API_KEY } from './test-app.ts';

/**
 * One server process (src/main.ts through tsx), as deployed, so it can be killed outright or
 * put behind nginx. `env` comes on top of this process's environment; the port and data
 * directory are its own.
 */
export async function startInstance(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlo-instance-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    () =>
      fetch(`${url}/health`).then(
        (res) => res.ok,
        () => false,
      ),
    60_000,
  );
  return {
    url,
    host: `127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    child,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill(signal);
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type Instance = Awaited<ReturnType<typeof startInstance>>;

/**
 * What the instances of one test share, as a deployment's do: the test's PostgreSQL database,
 * Redis under the test's key prefix, one JWT secret and one public address.
 */
export function sharedInstanceEnv(shared: {
  databaseUrl: string;
  keyPrefix: string;
  jwtSecret: string;
  publicUrl: string;
}) {
  return {
    DATABASE_URL: shared.databaseUrl,
    REDIS_URL: redisTestUrl!,
    REDIS_KEY_PREFIX: shared.keyPrefix,
    JWT_SECRET: shared.jwtSecret,
    API_KEY: TEST_API_KEY,
    PUBLIC_URL: shared.publicUrl,
    LOG_LEVEL: 'error',
    RATE_LIMIT_MAX: '100000',
  };
}
