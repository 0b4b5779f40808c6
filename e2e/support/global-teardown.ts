import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';

/** Drops the run's PostgreSQL databases and the cluster's Redis keys, when the run made them. */
export default async function globalTeardown() {
  if (process.env.E2E_DATABASE_KEEP) return;
  const script = fileURLToPath(new URL('./database.mjs', import.meta.url));
  for (const url of [process.env.E2E_DATABASE_URL, process.env.E2E_CLUSTER_DATABASE_URL]) {
    if (url) execFileSync(process.execPath, [script, 'drop', url], { stdio: 'inherit' });
  }
  const prefix = process.env.E2E_CLUSTER_KEY_PREFIX;
  if (prefix && process.env.TEST_REDIS_URL) {
    const redis = new Redis(process.env.TEST_REDIS_URL);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }
}
