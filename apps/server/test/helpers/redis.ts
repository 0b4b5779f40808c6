import type { Redis } from 'ioredis';

/** The Redis the tests may use (CI: redis://127.0.0.1:6379); Redis tests skip without it. */
export const redisTestUrl = process.env.TEST_REDIS_URL;

/** Deletes every key under `prefix`, which each test makes unique so runs never collide. */
export async function deleteRedisKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${escapeGlob(prefix)}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
}

const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');
