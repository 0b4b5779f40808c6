import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { eventually } from './live-app.ts';

const REDIS_SERVER = '/usr/bin/redis-server';
export const hasRedisServer = spawnSync(REDIS_SERVER, ['--version']).status === 0;

/**
 * A Redis of this test's own, so it can be killed and started again without touching the
 * machine's. It writes every command to its append-only file, so a restart on the same
 * directory comes back with everything, and one on a new directory comes back empty.
 */
export function privateRedis(port: number) {
  let child: ChildProcess | undefined;
  const dirs: string[] = [];
  return {
    url: `redis://127.0.0.1:${port}`,
    async start({ keepData }: { keepData: boolean }) {
      if (!keepData || dirs.length === 0)
        dirs.push(mkdtempSync(path.join(tmpdir(), 'parlo-redis-')));
      const started = spawn(
        REDIS_SERVER,
        [
          ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dirs.at(-1)!],
          ...['--save', '', '--appendonly', 'yes', '--appendfsync', 'always'],
        ],
        { stdio: 'ignore' },
      );
      child = started;
      const probe = new Redis(this.url, { lazyConnect: true, retryStrategy: () => 50 });
      probe.on('error', () => {});
      try {
        await eventually(
          () =>
            probe.ping().then(
              () => true,
              () => false,
            ),
          10_000,
        );
      } finally {
        probe.disconnect();
      }
    },
    /** Killed outright, as a crashed or restarted Redis is. */
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    async stop() {
      await this.kill();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
