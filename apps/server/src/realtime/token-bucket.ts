/**
 * A per-socket message budget: `perSecond` refill up to `burst`. `take` answers 'first-drop' for
 * the first refused message since the last accepted one, so the sender is told once per flood.
 */
export function createTokenBucket(perSecond: number, burst: number, now = () => performance.now()) {
  let tokens = burst;
  let last = now();
  let dropping = false;
  return {
    take(): 'ok' | 'first-drop' | 'drop' {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - last) / 1000) * perSecond);
      last = t;
      if (tokens >= 1) {
        tokens -= 1;
        dropping = false;
        return 'ok';
      }
      if (dropping) return 'drop';
      dropping = true;
      return 'first-drop';
    },
  };
}
