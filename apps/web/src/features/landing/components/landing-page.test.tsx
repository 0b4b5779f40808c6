import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/testing/test-i18n';
import { LandingPage } from '@/features/landing/components/landing-page';

function renderLanding() {
  render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
}

function hiddenBlocks() {
  return document.querySelectorAll('.opacity-0');
}

/** An IntersectionObserver whose entries the test delivers by hand. */
function stubIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return () => {
    const entry = { isIntersecting: true } as IntersectionObserverEntry;
    for (const callback of callbacks) callback([entry], {} as IntersectionObserver);
  };
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

beforeAll(async () => {
  await initTestI18n(['landing']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LandingPage', () => {
  it('has one h1, sends every call to action to sign-in and names the tab', () => {
    renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const starts = screen.getAllByRole('link', { name: /Start speaking/ });
    expect(starts).toHaveLength(2);
    for (const link of starts) expect(link.getAttribute('href')).toBe('/auth/signin');
    expect(document.title).toBe('Parlo — Speak a new language with learners like you');
  });

  it('describes every testimonial photo and app illustration', () => {
    renderLanding();
    expect(screen.getAllByRole('img', { name: /^Illustrated portrait of/ })).toHaveLength(4);
    expect(screen.getAllByRole('img', { name: /^Illustration of/ })).toHaveLength(4);
  });

  it('shows everything at once when IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderLanding();
    expect(hiddenBlocks()).toHaveLength(0);
  });

  it('does not animate when the reader asks for reduced motion', () => {
    stubIntersectionObserver();
    stubReducedMotion(true);
    renderLanding();
    expect(hiddenBlocks()).toHaveLength(0);
    expect(document.querySelectorAll('.duration-700')).toHaveLength(0);
  });

  it('fades sections in once they scroll into view', () => {
    const scrollIntoView = stubIntersectionObserver();
    stubReducedMotion(false);
    renderLanding();
    expect(hiddenBlocks().length).toBeGreaterThan(0);
    expect(document.querySelector('.delay-450')).not.toBeNull();

    act(scrollIntoView);
    expect(hiddenBlocks()).toHaveLength(0);
  });
});
