import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/testing/test-i18n';
import { AboutPage } from '@/features/about/components/about-page';

beforeAll(async () => {
  await initTestI18n(['about']);
});

afterEach(cleanup);

describe('AboutPage', () => {
  it('tells the story, lists the six features and ends with a call to action', () => {
    render(
      <MemoryRouter>
        <AboutPage />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Why we built it' })).toBeTruthy();
    expect(screen.getByText(/talk for 7 minutes/)).toBeTruthy();
    const features = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(features).toEqual(
      expect.arrayContaining([
        'Real-time conversations',
        '7‑minute sessions',
        'Level matching',
        'Global community',
        'Safe by design',
        'Fast, friendly onboarding',
      ]),
    );
    const cta = screen.getByRole('link', { name: /Start speaking/ });
    expect(cta.getAttribute('href')).toBe('/auth/signin');
    expect(document.title).toBe('About · Parlo');
  });
});
