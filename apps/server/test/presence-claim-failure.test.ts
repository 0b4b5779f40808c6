import { afterAll, describe, expect, it } from 'vitest';
import type { Broker } from '../src/broker/broker.ts';
import { createMemoryBroker } from '../src/broker/memory-broker.ts';
import { systemClock } from '../src/lib/clock.ts';
import { eventually, useLiveApp } from './helpers/live-app.ts';
import { drivers } from './helpers/test-app.ts';

/**
 * A presence claim that fails after the data store carried it out (a Redis command timing out on
 * its way back): the socket is closed with 1013 so the client tries again, and the claim it never
 * got must not stay behind, or every retry is refused as a second connection.
 */
describe.each(drivers)('a presence claim that fails on its way back (%s)', (driver) => {
  let failures = 0;
  let broker: Broker;
  const ctx = useLiveApp(driver, {}, () => {
    broker = createMemoryBroker(systemClock);
    const claim = broker.claimPresence.bind(broker);
    broker.claimPresence = async (userId, instanceId) => {
      const claimed = await claim(userId, instanceId);
      if (failures > 0) {
        failures -= 1;
        throw new Error('Command timed out');
      }
      return claimed;
    };
    return { broker };
  });
  afterAll(() => broker.close());

  it('closes with 1013, leaves no presence, and the retry connects', async () => {
    const user = await ctx.account();
    failures = 1;
    const refused = ctx.rawSocket(['bearer', await ctx.tokenFor(user)]);
    expect((await refused.closed).code).toBe(1013);
    await eventually(async () => !(await broker.isOnline(user)));
    const retry = await ctx.connect(user);
    expect(retry.ws.readyState).toBe(retry.ws.OPEN);
  });

  it('keeps the presence of a socket the user already holds here', async () => {
    const user = await ctx.account();
    const first = await ctx.connect(user);
    failures = 1;
    const second = ctx.rawSocket(['bearer', await ctx.tokenFor(user)]);
    expect((await second.closed).code).toBe(1013);
    expect(await broker.isOnline(user)).toBe(true);
    expect(first.ws.readyState).toBe(first.ws.OPEN);
  });
});
