import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  canAnimateReveal,
  REVEAL_MOTION_CLASSES,
  watchReveal,
  type RevealState,
} from '@/lib/reveal-on-scroll';

export type RevealDelay = 0 | 150 | 300 | 450;

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

  // Before the first paint, so a block in the window fades in rather than flashing first. A
  // prerendered page's own script may have decided already (the block was painted, or is
  // fading): the app, hydrating it, leaves that as it is.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !canAnimateReveal()) return;
    if ((element.dataset.reveal as RevealState | undefined) !== 'still') return;
    return watchReveal(element, () => setPlaying(true), true);
  }, []);

  const motion = playing ? REVEAL_MOTION_CLASSES : '';
  return (
    <div
      ref={ref}
      data-reveal={(playing ? 'playing' : 'still') satisfies RevealState}
      data-reveal-delay={delay > 0 ? delay : undefined}
      style={playing && delay > 0 ? { animationDelay: `${delay}ms` } : undefined}
      className={`${motion} ${className}`.trim() || undefined}
    >
      {children}
    </div>
  );
}
