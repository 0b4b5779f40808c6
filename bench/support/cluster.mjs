// Several Parlo instances behind nginx, on this machine: what the multi-instance benches and
// fault runs start. Each instance is apps/server/dist/main.js (run `npm run build` first) with the
// same DATABASE_URL and REDIS_URL; nginx runs deploy/nginx/parlo.conf.template rendered into a
// temporary directory, with no root rights and no daemon.
import { startNginx } from '../../deploy/nginx/run.mjs';
import { freePort, startServer } from '../lib.mjs';

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
  let nginx;
  try {
    nginx = await startNginx({
      listen: `127.0.0.1:${port}`,
      servers: servers.map((server) => new URL(server.baseUrl).host),
    });
  } catch (error) {
    await stopServers();
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
      await Promise.all([stopServers(), nginx.stop()]);
    },
  };
}
