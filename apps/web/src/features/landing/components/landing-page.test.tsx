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

/** Blocks drawn invisible until something reveals them. */
function hiddenBlocks() {
  return document.querySelectorAll('.opacity-0, .invisible');
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
    const entry = {
      isIntersecting: true,
      boundingClientRect: { top: 0, bottom: 100 },
    } as IntersectionObserverEntry;
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
    const scrollIntoView = stubIntersectionObserver();
    stubReducedMotion(true);
    renderLanding();
    act(scrollIntoView);
    expect(hiddenBlocks()).toHaveLength(0);
    expect(document.querySelectorAll('.animate-reveal')).toHaveLength(0);
  });

  it('hides no section before it is scrolled to, so captures and prints show everything', () => {
    stubIntersectionObserver();
    stubReducedMotion(false);
    renderLanding();
    expect(hiddenBlocks()).toHaveLength(0);
    expect(document.querySelectorAll('[data-reveal]').length).toBeGreaterThan(10);
  });
});
