// A Redis database of the bench's own. The server has no key-prefix setting (REDIS_URL only), so a
// run takes a whole database number instead: REDIS_URL ends in /<n>, the queue, presence and
// counters of the run live there, and FLUSHDB clears it before and after. Pub/sub channels are
// not per database, but the server names them by a random instance id, so runs never cross.
//
// Uses the server's own Redis client (ioredis, a dependency of apps/server).
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib.mjs';

const require = createRequire(path.join(root, 'apps/server/package.json'));
const { Redis } = require('ioredis');

export const ADMIN_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLAIM_KEY = 'parlo-bench:claimed-by';

/**
 * Takes database `db` when given (e.g. from CLUSTER_REDIS_DB; FLUSHDB first, whatever it holds),
 * or else the highest-numbered database that is empty, claimed with a marker key (kept until
 * release) so that two runs at once never share one. Returns its URL, `keys()` (DBSIZE, the
 * marker included) and `release()`, which flushes it.
 */
export async function claimRedisDatabase({ db, label = 'bench' } = {}) {
  const probe = new Redis(ADMIN_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await probe.connect();
  let chosen;
  try {
    const [, count] = await probe.config('GET', 'databases');
    const candidates =
      db === undefined
        ? Array.from({ length: Number(count) - 1 }, (_, i) => Number(count) - 1 - i)
        : [db];
    const marker = `${label} pid ${process.pid} ${new Date().toISOString()}`;
    for (const n of candidates) {
      await probe.select(n);
      if (db === undefined) {
        // Empty, and ours: the marker is set only where none was.
        if ((await probe.dbsize()) !== 0) continue;
        if ((await probe.set(CLAIM_KEY, marker, 'NX')) !== 'OK') continue;
        if ((await probe.dbsize()) !== 1) continue;
      }
      chosen = n;
      break;
    }
    if (chosen === undefined) {
      throw new Error('no empty Redis database to claim (set CLUSTER_REDIS_DB)');
    }
    if (db !== undefined) {
      await probe.flushdb();
      await probe.set(CLAIM_KEY, marker);
    }
  } finally {
    probe.disconnect();
  }

  const url = new URL(ADMIN_REDIS_URL);
  url.pathname = `/${chosen}`;
  const withClient = async (task) => {
    const client = new Redis(url.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    try {
      return await task(client);
    } finally {
      client.disconnect();
    }
  };
  return {
    db: chosen,
    url: url.toString(),
    keys: () => withClient((client) => client.dbsize()),
    release: () => withClient((client) => client.flushdb()),
  };
}

/**
 * The process id of the redis-server at `url` (INFO server's process_id), to read its CPU time
 * from /proc. The machine's shared Redis counts every client's work, not only the run's.
 */
export async function redisServerPid(url) {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  try {
    const match = /^process_id:(\d+)/m.exec(await client.info('server'));
    if (!match) throw new Error(`no process_id in INFO server at ${url}`);
    return Number(match[1]);
  } finally {
    client.disconnect();
  }
}
