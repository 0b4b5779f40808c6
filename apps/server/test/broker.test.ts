import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createMemoryBroker } from '../src/broker/memory-broker.ts';
import { createRedisBroker } from '../src/broker/redis-broker.ts';
import { describeBroker } from './helpers/broker-contract.ts';
import { deleteRedisKeys, redisTestUrl } from './helpers/redis.ts';
import { manualClock } from './helpers/test-app.ts';

const clock = manualClock();
describeBroker('memory', {
  create: () => createMemoryBroker(clock),
  // One process: the other "instance" is the same broker, which it must not close.
  peer: (broker) => ({ ...broker, close: () => Promise.resolve() }),
  elapse: (ms) => Promise.resolve(clock.advance(ms)),
});

if (redisTestUrl) {
  const url = redisTestUrl;
  let keyPrefix = '';
  describeBroker('redis', {
    create() {
      keyPrefix = `parlo-test:${randomBytes(6).toString('hex')}:`;
      return createRedisBroker({ url, keyPrefix });
    },
    peer: () => createRedisBroker({ url, keyPrefix }),
    elapse: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    async cleanUp() {
      const redis = new Redis(url);
      try {
        await deleteRedisKeys(redis, keyPrefix);
      } finally {
        redis.disconnect();
      }
    },
  });
}

describe('redis broker without a reachable Redis', () => {
  it('fails commands within a second instead of hanging, and does not throw', async () => {
    const broker = createRedisBroker({ url: 'redis://127.0.0.1:1', keyPrefix: 'parlo-test:' });
    try {
      const started = Date.now();
      await expect(broker.hit('k', 1000)).rejects.toThrow();
      await expect(broker.claimPresence('u1', 'i1')).rejects.toThrow();
      await expect(broker.ping()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await broker.close();
    }
  });
});
