// Runs nginx with parlo.conf.template in front of Parlo instances, without root rights and without
// a daemon: the template rendered into a temporary directory that holds the pid file and nginx's
// temporary files. The multi-instance tests, the end-to-end cluster and the benches all start
// nginx through here, so they exercise the configuration a deployment starts from.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const TEMPLATE = path.join(import.meta.dirname, 'parlo.conf.template');

/** Debian's nginx, or NGINX_PATH. */
export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const nginxFound = existsSync(nginxPath);

/** The template with its placeholders filled in. */
export function renderNginxConfig({ runDir, listen, servers }) {
  const lines = servers.map((server) => `server ${server} max_fails=1 fail_timeout=5s;`);
  return readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{LISTEN}}', listen)
    .replaceAll('{{SERVERS}}', lines.join('\n    '));
}

/**
 * Starts nginx listening on `listen` (host:port) in front of `servers` (host:port each) and
 * resolves once it answers `/health` through one of them. Rejects, leaving nothing running, when
 * nginx exits or is not up within `timeoutMs`.
 */
export async function startNginx({ listen, servers, timeoutMs = 20_000 }) {
  const runDir = mkdtempSync(path.join(tmpdir(), 'parlo-nginx-'));
  mkdirSync(path.join(runDir, 'logs'));
  const config = path.join(runDir, 'nginx.conf');
  writeFileSync(config, renderNginxConfig({ runDir, listen, servers }));
  const child = spawn(nginxPath, ['-p', runDir, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? code));
    child.once('error', (error) => resolve(error.message));
  });
  const running = () => Boolean(child.pid) && child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (running()) {
      // A graceful quit waits for open connections (sockets live up to an hour): fast after 5 s.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGTERM'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await exited;
    rmSync(runDir, { recursive: true, force: true });
  };
  const url = `http://${listen}`;
  try {
    await Promise.race([
      waitForHealth(`${url}/health`, timeoutMs),
      exited.then((code) => {
        throw new Error(`nginx exited with ${code}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, exited, stop };
}

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
