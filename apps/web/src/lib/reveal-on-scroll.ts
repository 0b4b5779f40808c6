// When a block of a public page fades in (spec §2 Landing: 700 ms, delays of 150, 300 and
// 450 ms). Shared by the React <Reveal> and the prerendered pages' own script, which fades
// blocks in before (or without) the app.

/** How far below the window a block starts fading in, so it is under way when it appears. */
const LEAD_MARGIN = '0px 0px 20% 0px';

/** The classes that play the fade; CSS never hides a block that does not carry them. */
export const REVEAL_MOTION_CLASSES = 'animate-reveal motion-reduce:animate-none print:animate-none';

/** `data-reveal` on a block: not yet seen, fading in, or left as it was painted. */
export type RevealState = 'still' | 'playing' | 'shown';

export function canAnimateReveal() {
  if (typeof window === 'undefined' || typeof IntersectionObserver === 'undefined') return false;
  if (typeof window.matchMedia !== 'function') return true;
  return !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Decides when `element` fades in and calls `play` then (at most once). A block in the window
 * plays at once when `inWindowPlays` (a page drawn by the app); one below it plays as it rises
 * into view, unless it arrives by a jump (End, a link to an anchor), which shows it as it is.
 * `rect` is where the block is now, when the caller measured it already. Returns the function
 * that stops watching.
 */
export function watchReveal(
  element: Element,
  play: () => void,
  inWindowPlays: boolean,
  rect: Pick<DOMRect, 'top' | 'bottom'> = element.getBoundingClientRect(),
) {
  if (rect.top < window.innerHeight) {
    if (inWindowPlays && rect.bottom > 0) play();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries.find((candidate) => candidate.isIntersecting);
      if (!entry) return;
      observer.disconnect();
      if (entry.boundingClientRect.top >= window.innerHeight) play();
    },
    { rootMargin: LEAD_MARGIN },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * The prerendered page's fades, before the app runs: blocks painted in the window stay as they
 * are (they were seen already); those below fade in as they are scrolled to. Marks each block,
 * so the app hydrating later leaves what was decided here alone. Every block is measured before
 * any is marked: one layout, not one per block.
 */
export function startStaticReveals(root: ParentNode) {
  if (!canAnimateReveal()) return;
  const blocks = [...root.querySelectorAll<HTMLElement>('[data-reveal="still"]')];
  const rects = blocks.map((element) => element.getBoundingClientRect());
  blocks.forEach((element, index) => {
    const rect = rects[index]!;
    if (rect.top < window.innerHeight) {
      element.dataset.reveal = 'shown' satisfies RevealState;
      return;
    }
    watchReveal(
      element,
      () => {
        const delay = element.dataset.revealDelay;
        if (delay) element.style.animationDelay = `${delay}ms`;
        element.className = `${REVEAL_MOTION_CLASSES} ${element.className}`.trim();
        element.dataset.reveal = 'playing' satisfies RevealState;
      },
      false,
      rect,
    );
  });
}
