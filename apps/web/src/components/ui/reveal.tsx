import { useEffect, useRef, useState, type ReactNode } from 'react';

export type RevealDelay = 0 | 150 | 300 | 450;

// Full class names, so Tailwind's scanner emits every one of them.
const delayClasses: Record<RevealDelay, string> = {
  0: 'delay-0',
  150: 'delay-150',
  300: 'delay-300',
  450: 'delay-450',
};

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
 * Fades its children in the first time they scroll into view. Content stays plainly visible when
 * the reader asked for reduced motion or the browser has no IntersectionObserver.
 */
export function Reveal({ children, delay = 0, className = '' }: RevealProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [animate] = useState(canAnimate);
  const [shown, setShown] = useState(() => !animate);

  useEffect(() => {
    const element = ref.current;
    if (!animate || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -8% 0px', threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [animate]);

  const motion = animate
    ? `transition-[opacity,translate] duration-700 ease-out motion-reduce:transition-none ${delayClasses[delay]} ` +
      (shown
        ? 'translate-y-0 opacity-100'
        : 'translate-y-6 opacity-0 motion-reduce:translate-y-0 motion-reduce:opacity-100 print:translate-y-0 print:opacity-100')
    : '';

  return (
    <div ref={ref} className={`${motion} ${className}`.trim()}>
      {children}
    </div>
  );
}
