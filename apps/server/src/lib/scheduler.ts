/**
 * Timers behind one small interface, so the session limit, reconnect grace, offer expiry and the
 * matching sweep run on a clock tests move by hand. `dispose` cancels everything (app close).
 */
export interface Scheduler {
  /** Runs `task` once after `ms`; the answer cancels it. */
  after(ms: number, task: () => void): () => void;
  /** Runs `task` every `ms`; the answer stops it. */
  every(ms: number, task: () => void): () => void;
  dispose(): void;
}

export function createTimerScheduler(): Scheduler {
  const timers = new Set<NodeJS.Timeout>();
  return {
    after(ms, task) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        task();
      }, ms);
      timer.unref();
      timers.add(timer);
      return () => {
        clearTimeout(timer);
        timers.delete(timer);
      };
    },
    every(ms, task) {
      const timer = setInterval(task, ms);
      timer.unref();
      timers.add(timer);
      return () => {
        clearInterval(timer);
        timers.delete(timer);
      };
    },
    dispose() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
