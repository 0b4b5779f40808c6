/**
 * Calls `callback` in a task of its own once the browser has painted the frame being prepared,
 * so work started from a render's effects (lazy imports and the requests they make) does not
 * lengthen the task that renders the page, nor hold its first paint back. A hidden tab paints
 * no frames: there the callback runs after `fallbackMs`. Returns a function that cancels it.
 */
export function afterNextPaint(callback: () => void, fallbackMs = 100): () => void {
  let done = false;
  let frame: number | undefined;
  let task: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(task);
    callback();
  };
  // The frame's callback runs just before the paint; a task posted from it runs after.
  if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      frame = undefined;
      clearTimeout(task);
      task = setTimeout(run, 0);
    });
  }
  task = setTimeout(run, fallbackMs);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(task);
  };
}
