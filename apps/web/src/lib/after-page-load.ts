/**
 * Calls `callback` `delayMs` after the page's load event, at once if that is already longer ago
 * (an app that took over a prerendered page late). Returns a function that cancels it.
 */
export function afterPageLoad(delayMs: number, callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
    // Inside the load event its end is still 0: the page loads now.
    const loadEnd = (navigation as PerformanceNavigationTiming | undefined)?.loadEventEnd;
    const sinceLoad = loadEnd ? performance.now() - loadEnd : 0;
    timer = setTimeout(callback, Math.max(0, delayMs - sinceLoad));
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    clearTimeout(timer);
  };
}
