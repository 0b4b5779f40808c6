import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Reveal } from '@/components/ui/reveal';
import { startStaticReveals } from '@/lib/reveal-on-scroll';

const WINDOW_HEIGHT = 800;

/** An IntersectionObserver whose entries the test delivers by hand. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  class FakeObserver {
    private readonly record: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback) {
      this.record = { callback, targets: [] };
      observers.push(this.record);
    }
    observe(target: Element) {
      this.record.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      this.record.targets = [];
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  /** The block comes into the observed area with its top `top` px from the window's top. */
  return (top: number) =>
    act(() => {
      for (const { callback, targets } of observers) {
        const entries = targets.map(
          (target) =>
            ({
              target,
              isIntersecting: true,
              boundingClientRect: { top, bottom: top + 200 },
            }) as unknown as IntersectionObserverEntry,
        );
        if (entries.length > 0) callback(entries, {} as IntersectionObserver);
      }
    });
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

/** Where the block is when it mounts: its top, `top` px from the window's top. */
function placeAt(top: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    top,
    bottom: top + 200,
    left: 0,
    right: 100,
    width: 100,
    height: 200,
    x: 0,
    y: top,
    toJSON: () => ({}),
  });
}

function renderBlock(delay?: 150 | 300 | 450) {
  const { getByText } = render(<Reveal delay={delay}>Block</Reveal>);
  return getByText('Block');
}

/** Whether anything makes the block less than fully visible before it animates. */
function looksHidden(block: HTMLElement) {
  return /(^|\s)(opacity-0|translate-y-6|invisible|hidden)(\s|$)/.test(block.className);
}

beforeEach(() => {
  vi.stubGlobal('innerHeight', WINDOW_HEIGHT);
  stubReducedMotion(false);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Reveal', () => {
  it('leaves a block below the window visible until it comes up, then fades it in', () => {
    const comeInto = stubIntersectionObserver();
    placeAt(WINDOW_HEIGHT * 3);
    const block = renderBlock(300);
    expect(looksHidden(block)).toBe(false);
    expect(block.className).not.toContain('animate-reveal');

    comeInto(WINDOW_HEIGHT + 40);
    expect(block.className).toContain('animate-reveal');
    expect(block.className).toContain('print:animate-none');
    expect(block.className).toContain('motion-reduce:animate-none');
    expect(block.style.animationDelay).toBe('300ms');
  });

  it('does not fade a block that a jump (End, Home) puts straight into sight', () => {
    const comeInto = stubIntersectionObserver();
    placeAt(WINDOW_HEIGHT * 3);
    const block = renderBlock();
    expect(looksHidden(block)).toBe(false);
    comeInto(120);
    expect(block.className).not.toContain('animate-reveal');
    expect(looksHidden(block)).toBe(false);
  });

  it('fades in a block that is in the window when the page opens', () => {
    stubIntersectionObserver();
    placeAt(100);
    const block = renderBlock(150);
    expect(block.className).toContain('animate-reveal');
    expect(block.style.animationDelay).toBe('150ms');
  });

  it('never animates for a reader who asked for reduced motion', () => {
    const comeInto = stubIntersectionObserver();
    stubReducedMotion(true);
    placeAt(WINDOW_HEIGHT * 3);
    const block = renderBlock();
    comeInto(WINDOW_HEIGHT + 40);
    expect(block.className).not.toContain('animate-reveal');
    expect(looksHidden(block)).toBe(false);
  });

  it('shows everything as it is without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    placeAt(100);
    const block = renderBlock();
    expect(block.className).not.toContain('animate-reveal');
    expect(looksHidden(block)).toBe(false);
  });
});

describe('the prerendered page before the app runs', () => {
  /** The block as the prerender wrote it, in a page of its own. */
  function prerenderedBlock(delay?: 150 | 300 | 450) {
    const page = document.createElement('div');
    page.innerHTML = renderToString(<Reveal delay={delay}>Block</Reveal>);
    document.body.append(page);
    return { page, block: page.firstElementChild as HTMLElement };
  }

  it('leaves a block that was painted in the window as it is', () => {
    stubIntersectionObserver();
    placeAt(100);
    const { page, block } = prerenderedBlock(150);
    startStaticReveals(page);
    expect(block.dataset.reveal).toBe('shown');
    expect(block.className).not.toContain('animate-reveal');
    page.remove();
  });

  it('fades a block below the window in, with its delay, as it is scrolled to', () => {
    const comeInto = stubIntersectionObserver();
    placeAt(WINDOW_HEIGHT * 3);
    const { page, block } = prerenderedBlock(450);
    startStaticReveals(page);
    expect(block.dataset.reveal).toBe('still');
    comeInto(WINDOW_HEIGHT + 40);
    expect(block.dataset.reveal).toBe('playing');
    expect(block.className).toContain('animate-reveal');
    expect(block.style.animationDelay).toBe('450ms');
    page.remove();
  });
});
