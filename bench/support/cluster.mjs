// Several Parlo instances behind nginx, on this machine: what the multi-instance benches and
// fault runs start. Each instance is apps/server/dist/main.js (run `npm run build` first) with the
// same DATABASE_URL and REDIS_URL; nginx runs deploy/nginx/parlo.conf.template rendered into a
// temporary directory, with no root rights and no daemon.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, root, startServer, waitFor } from '../lib.mjs';

const TEMPLATE = path.join(root, 'deploy/nginx/parlo.conf.template');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The template with its placeholders filled in. */
export function renderNginxConfig({ runDir, listen, servers }) {
  const lines = servers.map((server) => `server ${server} max_fails=1 fail_timeout=5s;`);
  return readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{LISTEN}}', listen)
    .replaceAll('{{SERVERS}}', lines.join('\n    '));
}

/**
 * Starts `instances` servers and nginx in front of them. `env` goes to every instance (set
 * DATABASE_URL and REDIS_URL there); PUBLIC_URL and TRUST_PROXY are the cluster's. With `probe`,
 * each instance is started with startServer's `{ probe: true }` (its `memory()` works).
 */
export async function startCluster({ instances = 2, env = {}, probe = false } = {}) {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const servers = [];
  const stopServers = () =>
    Promise.all(servers.map((server) => server.stop().catch(() => undefined)));
  try {
    for (let i = 0; i < instances; i++) {
      const clusterEnv = { ...env, PUBLIC_URL: publicUrl, TRUST_PROXY: 'loopback' };
      servers.push(await startServer(clusterEnv, { probe }));
    }
  } catch (error) {
    // Whichever instances did start must not outlive a failed start.
    await stopServers();
    throw error;
  }
  const runDir = mkdtempSync(path.join(tmpdir(), 'parlo-nginx-'));
  mkdirSync(path.join(runDir, 'logs'));
  const config = path.join(runDir, 'nginx.conf');
  writeFileSync(
    config,
    renderNginxConfig({
      runDir,
      listen: `127.0.0.1:${port}`,
      servers: servers.map((server) => new URL(server.baseUrl).host),
    }),
  );
  const nginx = spawn(NGINX, ['-p', runDir, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const nginxExited = new Promise((resolve) => {
    nginx.once('exit', resolve);
    nginx.once('error', (error) => resolve(error.message));
  });
  const stopNginx = async () => {
    if (nginx.pid && nginx.exitCode === null && nginx.signalCode === null) {
      // Graceful quit waits for open connections (sockets live up to an hour): fast after 5 s.
      nginx.kill('SIGQUIT');
      const timer = setTimeout(() => nginx.kill('SIGTERM'), 5_000);
      await nginxExited;
      clearTimeout(timer);
    }
    await nginxExited;
    rmSync(runDir, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      waitFor(`${publicUrl}/health`),
      nginxExited.then((code) => {
        throw new Error(`nginx exited with ${code}`);
      }),
    ]);
  } catch (error) {
    await Promise.all([stopServers(), stopNginx()]);
    throw error;
  }
  return {
    baseUrl: publicUrl,
    publicUrl,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    servers,
    /** The nginx master process (its workers are its children). */
    nginxPid: nginx.pid,
    /** Kills one instance outright (no graceful shutdown). */
    kill(index, signal = 'SIGKILL') {
      process.kill(servers[index].pid, signal);
    },
    async stop() {
      await Promise.all([stopServers(), stopNginx()]);
    },
  };
}
