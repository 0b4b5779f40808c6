import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import {
  redisClusterAvailable,
  startRedisCluster,
  type RunningRedisCluster,
} from '../../../deploy/redis/cluster.mjs';
import type { BrokerEvent } from '../src/broker/broker.ts';
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

/**
 * The same contract on a Redis Cluster of three masters started for this file, with the presence
 * and each language's queue on a master of its own and the users' pointers spread over all.
 */
describe.runIf(Boolean(redisTestUrl) && redisClusterAvailable)('on a Redis Cluster', () => {
  let cluster: RunningRedisCluster;
  beforeAll(async () => {
    // The slots of `{q:fr}` (2556), `{live}` (3558) and `{q:en}` (3858) on three masters, so the
    // contract's queues and presence are on different nodes (an even split puts them on one).
    cluster = await startRedisCluster({
      masters: 3,
      slots: [[[0, 2999]], [[3000, 3599]], [[3600, 16383]]],
    });
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  let keyPrefix = '';
  const open = () => createRedisBroker({ clusterNodes: cluster.urls, keyPrefix });
  /** The index of the master serving `key`'s slot. */
  async function masterOf(key: string) {
    const node = new Redis(cluster.nodes[0]!);
    try {
      const slot = await node.cluster('KEYSLOT', key);
      const ranges = (await node.cluster('SLOTS')) as unknown as [
        number,
        number,
        [string, number],
      ][];
      const [, , [, port]] = ranges.find(([from, to]) => from <= slot && slot <= to)!;
      return cluster.nodes.findIndex((candidate) => candidate.port === port);
    } finally {
      node.disconnect();
    }
  }

  it('runs the contract with the presence and each queue on a master of its own', async () => {
    const masters = await Promise.all(
      ['{live}:presence', '{q:en}:order', '{q:fr}:order'].map((name) => masterOf(`p:${name}`)),
    );
    expect(new Set(masters).size).toBe(3);
  });

  it('hears its channel again, and says so, when the node of the presence restarts empty', async () => {
    keyPrefix = `parlo-test:${randomBytes(6).toString('hex')}:`;
    const broker = open();
    try {
      const events: BrokerEvent[] = [];
      broker.subscribe('i1', (event) => events.push(event));
      expect(await broker.claimPresence('u1', 'i1')).toBe(true);
      const index = await masterOf(`${keyPrefix}{live}:presence`);
      await cluster.kill(index);
      await cluster.restart(index);
      await expect
        .poll(() => events.map((e) => e.kind), { timeout: 20_000 })
        .toContain('reconnected');
      // What the gateway does on `reconnected`: the presence, lost with the node, is back.
      expect(await broker.isOnline('u1')).toBe(false);
      expect(await broker.reassertPresence('i1', ['u1'])).toEqual([]);
      const message = { type: 'peer_camera_toggled', payload: { enabled: true } } as const;
      expect(await broker.deliver('u1', message)).toBe(true);
      await expect.poll(() => events.filter((e) => e.kind === 'message')).toHaveLength(1);
    } finally {
      await broker.close();
    }
  }, 40_000);

  describeBroker('redis cluster', {
    create() {
      keyPrefix = `parlo-test:${randomBytes(6).toString('hex')}:`;
      return open();
    },
    peer: open,
    elapse: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    async cleanUp() {
      // The cluster is this file's own: every test starts from empty masters.
      await Promise.all(
        cluster.nodes.map(async ({ host, port }) => {
          const node = new Redis({ host, port });
          try {
            await node.flushall();
          } finally {
            node.disconnect();
          }
        }),
      );
    },
  });
});

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
