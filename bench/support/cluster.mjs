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
 * DATABASE_URL and REDIS_URL there); PUBLIC_URL and TRUST_PROXY are the cluster's.
 */
export async function startCluster({ instances = 2, env = {} } = {}) {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const servers = [];
  for (let i = 0; i < instances; i++) {
    servers.push(await startServer({ ...env, PUBLIC_URL: publicUrl, TRUST_PROXY: 'loopback' }, {}));
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
  const nginxExited = new Promise((resolve) => nginx.once('exit', resolve));
  await Promise.race([
    waitFor(`${publicUrl}/health`),
    nginxExited.then((code) => {
      throw new Error(`nginx exited with ${code}`);
    }),
  ]);
  return {
    baseUrl: publicUrl,
    publicUrl,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    servers,
    /** Kills one instance outright (no graceful shutdown). */
    kill(index, signal = 'SIGKILL') {
      process.kill(servers[index].pid, signal);
    },
    async stop() {
      await Promise.all(servers.map((server) => server.stop().catch(() => undefined)));
      nginx.kill('SIGQUIT');
      await nginxExited;
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}
