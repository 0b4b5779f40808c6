import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisBroker, type RedisBroker } from '../src/broker/redis-broker.ts';
import { UNAVAILABLE_MESSAGE } from '../src/lib/unavailable.ts';
import { createChargedSession } from '../src/modules/tokens/session-charge-repo.ts';
import { eventually, useLiveApp } from './helpers/live-app.ts';
import { freePort } from './helpers/ports.ts';
import { hasRedisServer, privateRedis } from './helpers/private-redis.ts';
import { redisTestUrl } from './helpers/redis.ts';
import { captureLogs, drivers } from './helpers/test-app.ts';

/**
 * Socket messages while Redis is away (issue 17): they fail as HTTP does, with a retryable
 * `unavailable` and a warning, never `internal_error` and an error-level log.
 */
describe.runIf(Boolean(redisTestUrl) && hasRedisServer).each(drivers)(
  'socket messages while Redis is away (%s)',
  (driver) => {
    let redis: ReturnType<typeof privateRedis>;
    let broker: RedisBroker;
    const logs = captureLogs();

    beforeAll(async () => {
      redis = privateRedis(await freePort());
      await redis.start({ keepData: false });
      broker = createRedisBroker({ url: redis.url, keyPrefix: 'parlo-test:' });
    });
    const live = useLiveApp(driver, {}, () => ({
      broker,
      rateCounter: broker,
      redis: broker,
      logger: logs.logger,
    }));
    afterAll(async () => {
      await broker?.close();
      await redis?.stop();
    });

    it('answers unavailable with the message ref and a delay, warns, and relays once Redis is back', async () => {
      const a = await live.account();
      const b = await live.account();
      await createChargedSession(live.db, {
        user1Id: a,
        user2Id: b,
        languageCode: 'en',
        now: live.clock.now(),
      });
      const socketA = await live.connect(a);
      const socketB = await live.connect(b);
      await eventually(() => live.app.live.lifecycle.partnerOf(a) === b);

      await redis.kill();
      socketA.send({ type: 'camera_toggled', payload: { enabled: false }, ref: 7 });
      expect((await socketA.next('error')).payload).toEqual({
        code: 'unavailable',
        message: UNAVAILABLE_MESSAGE,
        ref: 7,
        retryAfterMs: 1_000,
      });
      const failed = logs.lines.filter((line) => String(line.msg).startsWith('socket message'));
      expect(failed).toEqual([
        expect.objectContaining({ level: 40, userId: a, type: 'camera_toggled' }),
      ]);
      expect(JSON.stringify(failed)).not.toContain('stack');

      // What the web client does with it: the same message again, once Redis answers.
      await redis.start({ keepData: true });
      await eventually(
        () =>
          broker.ping().then(
            () => true,
            () => false,
          ),
        10_000,
      );
      await eventually(async () => {
        socketA.send({ type: 'camera_toggled', payload: { enabled: false }, ref: 8 });
        await new Promise((resolve) => setTimeout(resolve, 200));
        return socketB.of('peer_camera_toggled').length > 0;
      }, 10_000);
      expect(socketB.of('peer_camera_toggled')[0]?.payload).toEqual({ enabled: false });
      expect(socketA.of('error').map((error) => error.payload.code)).not.toContain(
        'internal_error',
      );
    });
  },
);
