/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input
 * between the two: a long start-up split into short tasks keeps a slow phone's main thread free.
 * scheduler.yield() resumes ahead of other queued tasks where the browser has it; elsewhere a
 * zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
