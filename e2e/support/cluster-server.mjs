// Two Parlo servers (the production build) behind nginx with deploy/nginx/parlo.conf.template, for
// the end-to-end run's call across instances. The Playwright config starts it as a web server
// with DATABASE_URL, REDIS_URL, REDIS_KEY_PREFIX and CLUSTER_PORT set; it stops everything it
// started on SIGTERM or SIGINT.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startNginx } from '../../deploy/nginx/run.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const listen = `127.0.0.1:${process.env.CLUSTER_PORT}`;
// The instances sign and check each other's access tokens.
const jwtSecret = randomBytes(32).toString('hex');
const children = [];
const dirs = [];
let nginx;

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startInstance(index) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlo-e2e-cluster-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://${listen}`,
      TRUST_PROXY: 'loopback',
      JWT_SECRET: jwtSecret,
      DATA_DIR: dataDir,
      // One instance runs the background jobs, as in a deployment.
      JOBS_ENABLED: index === 0 ? 'true' : 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${index} exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return `127.0.0.1:${port}`;
    if (Date.now() > deadline) throw new Error(`instance ${index} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop() {
  await nginx?.stop();
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
process.once('SIGINT', () => void stop().then(() => process.exit(0)));

try {
  // The first migrates the database; the second starts on it.
  const servers = [await startInstance(0), await startInstance(1)];
  nginx = await startNginx({ listen, servers });
  console.log(`cluster: nginx on ${listen} in front of ${servers.join(' and ')}`);
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}
