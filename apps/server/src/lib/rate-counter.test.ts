import { describe, expect, it } from 'vitest';
import { createMemoryRateCounter } from './rate-counter.ts';

function clockAt(start: number) {
  const clock = { time: start, now: () => new Date(clock.time) };
  return clock;
}

describe('memory rate counter', () => {
  it('counts hits per key within a fixed window and restarts after it', async () => {
    const clock = clockAt(1_000_000);
    const counter = createMemoryRateCounter(clock);

    expect(await counter.hit('a', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    clock.time += 400;
    expect(await counter.hit('a', 1_000)).toEqual({ count: 2, resetInMs: 600 });
    expect(await counter.hit('b', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });

    clock.time += 600;
    expect(await counter.hit('a', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
  });
});
