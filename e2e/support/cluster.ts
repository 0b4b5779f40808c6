import { Redis } from 'ioredis';

const mainPort = Number(process.env.E2E_PORT ?? 3100);

/**
 * Two servers behind nginx (support/cluster-server.mjs), sharing a PostgreSQL database and Redis:
 * started only when the run has both (CI does). Its Redis keys live under a prefix of the run's.
 */
export const CLUSTER = {
  port: mainPort + 3,
  baseURL: `http://127.0.0.1:${mainPort + 3}`,
};

// Read when asked: the config sets these after this module is first imported.
export const clusterRunning = () =>
  Boolean(process.env.E2E_CLUSTER_DATABASE_URL && process.env.TEST_REDIS_URL);

/** Which instance holds each user's socket: the cluster's presence hash in Redis. */
export async function socketHolders(): Promise<Record<string, string>> {
  const redis = new Redis(process.env.TEST_REDIS_URL!);
  try {
    return await redis.hgetall(`${process.env.E2E_CLUSTER_KEY_PREFIX}presence`);
  } finally {
    redis.disconnect();
  }
}
