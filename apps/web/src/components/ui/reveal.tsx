import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export type RevealDelay = 0 | 150 | 300 | 450;

/** How far below the window a block starts fading in, so it is under way when it appears. */
const LEAD_MARGIN = '0px 0px 20% 0px';

function canAnimate() {
  if (typeof window === 'undefined' || typeof IntersectionObserver === 'undefined') return false;
  if (typeof window.matchMedia !== 'function') return true;
  return !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

type RevealProps = {
  children: ReactNode;
  delay?: RevealDelay;
  className?: string;
};

/**
 * Fades its children in as they come up into the window (spec §2 Landing: 700 ms, delays of 150,
 * 300 and 450 ms). Content is never hidden by default: a block is faded only while it cannot be
 * seen yet (in the window when the page opens, or about to scroll into it), so a full-page
 * capture, a print, a reader view or a jump with End or Home shows everything, and a block
 * already in sight is never taken away to be faded in. Reduced motion and browsers without
 * IntersectionObserver get no animation at all.
 */
export function Reveal({ children, delay = 0, className = '' }: RevealProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);

  // Before the first paint, so a block in the window fades in rather than flashing first.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !canAnimate()) return;
    const { top, bottom } = element.getBoundingClientRect();
    const below = top >= window.innerHeight;
    if (!below) {
      if (bottom > 0) setPlaying(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.find((candidate) => candidate.isIntersecting);
        if (!entry) return;
        observer.disconnect();
        // A jump (End, a link to an anchor) shows the block at once: it stays as it is.
        if (entry.boundingClientRect.top >= window.innerHeight) setPlaying(true);
      },
      { rootMargin: LEAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const motion = playing ? 'animate-reveal motion-reduce:animate-none print:animate-none' : '';
  return (
    <div
      ref={ref}
      data-reveal={playing ? 'playing' : 'still'}
      style={playing && delay > 0 ? { animationDelay: `${delay}ms` } : undefined}
      className={`${motion} ${className}`.trim() || undefined}
    >
      {children}
    </div>
  );
}
