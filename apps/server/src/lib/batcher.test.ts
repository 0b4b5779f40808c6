import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

/** A run whose batches stay open until released, recording what each one held. */
function recordingRun() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve) => {
      releases.push(() => resolve(items.map((n) => n * 10)));
    });
  };
  return { batches, releases, run };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('batcher', () => {
  it('sends a lone call at once and gathers the calls made while it runs', async () => {
    const { batches, releases, run } = recordingRun();
    const call = createBatcher({ run, maxInFlight: 1, maxSize: 10 });
    const first = call(1);
    await tick();
    expect(batches).toEqual([[1]]);
    const later = [call(2), call(3), call(4)];
    await tick();
    expect(batches).toHaveLength(1);
    releases[0]!();
    await expect(first).resolves.toBe(10);
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    releases[1]!();
    await expect(Promise.all(later)).resolves.toEqual([20, 30, 40]);
  });

  it('keeps batches within maxSize and maxInFlight', async () => {
    const { batches, releases, run } = recordingRun();
    const call = createBatcher({ run, maxInFlight: 2, maxSize: 2 });
    const all = [1, 2, 3, 4, 5].map((n) => call(n));
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    releases[0]!();
    await tick();
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    releases[1]!();
    releases[2]!();
    await expect(Promise.all(all)).resolves.toEqual([10, 20, 30, 40, 50]);
  });

  it('rejects every call of a batch that fails, and goes on with the next', async () => {
    let fail = true;
    const call = createBatcher({
      run: (items: number[]) => (fail ? Promise.reject(new Error('down')) : Promise.resolve(items)),
      maxInFlight: 1,
      maxSize: 10,
    });
    const failed = [call(1), call(2)];
    await expect(Promise.all(failed)).rejects.toThrow('down');
    fail = false;
    await expect(call(3)).resolves.toBe(3);
  });
});
