import type { Clock } from './clock.ts';

export interface CounterHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window closes and the count starts again. */
  resetInMs: number;
}

/**
 * Fixed-window counters behind rate limits. The in-memory implementation serves one process;
 * several instances need a shared one (a Redis INCR + PEXPIRE adapter fits this interface).
 */
export interface RateCounter {
  hit(key: string, windowMs: number): Promise<CounterHit>;
}

interface Window {
  count: number;
  endsAt: number;
}

/** Expired windows are swept at most once per this interval, so memory follows active keys. */
const SWEEP_INTERVAL_MS = 60_000;

export function createMemoryRateCounter(clock: Clock): RateCounter {
  const windows = new Map<string, Window>();
  let nextSweepAt = 0;

  function sweep(now: number) {
    if (now < nextSweepAt) return;
    nextSweepAt = now + SWEEP_INTERVAL_MS;
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
  }

  return {
    hit(key, windowMs) {
      const now = clock.now().getTime();
      sweep(now);
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { count: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return Promise.resolve({ count: window.count, resetInMs: window.endsAt - now });
    },
  };
}
