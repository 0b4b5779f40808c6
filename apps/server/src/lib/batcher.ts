/**
 * Gathers calls made while earlier ones are still running into one batch, like a database's
 * group commit: under load, many calls share one round trip; alone, a call runs at once (no timer,
 * no added wait). At most `maxInFlight` batches run at a time, each of at most `maxSize` items.
 * `run` answers one result per item, in order; if it throws, every item of the batch rejects.
 */
export function createBatcher<In, Out>({
  run,
  maxInFlight,
  maxSize,
}: {
  run: (items: In[]) => Promise<Out[]>;
  maxInFlight: number;
  maxSize: number;
}): (item: In) => Promise<Out> {
  type Waiting = { item: In; resolve: (out: Out) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  function flush() {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.slice(0, maxSize);
      queue = queue.slice(batch.length);
      inFlight += 1;
      run(batch.map((waiting) => waiting.item))
        .then(
          (results) => batch.forEach((waiting, i) => waiting.resolve(results[i]!)),
          (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
        )
        .finally(() => {
          inFlight -= 1;
          flush();
        });
    }
  }

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // Calls made in the same turn of the event loop go out together.
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        queueMicrotask(flush);
      }
    });
}
