import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client';
import { initTestI18n } from '@/testing/test-i18n';
import { ModerationAccessGate } from '@/features/moderation/components/moderation-access-gate';

function renderGate(answer: () => Promise<unknown>) {
  const get = vi.spyOn(apiClient, 'get').mockImplementation(answer);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/moderation']}>
        <Suspense fallback={null}>
          <Routes>
            <Route
              path="/moderation"
              element={
                <ModerationAccessGate>
                  <p>The queue</p>
                </ModerationAccessGate>
              }
            />
            <Route path="/dashboard" element={<p>The dashboard</p>} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { get };
}

beforeAll(async () => {
  await initTestI18n(['common', 'moderation']);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ModerationAccessGate', () => {
  it('opens the console to a moderator', async () => {
    const { get } = renderGate(() => Promise.resolve({ role: 'moderator' }));
    expect(await screen.findByText('The queue')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/v1/moderation/access');
  });

  it('sends anyone the API refuses to the dashboard', async () => {
    renderGate(() => Promise.reject(new ApiError('forbidden', 'Forbidden', 'http', 403)));
    expect(await screen.findByText('The dashboard')).toBeTruthy();
    expect(screen.queryByText('The queue')).toBeNull();
  });

  it('offers a retry when the check itself fails', async () => {
    renderGate(() => Promise.reject(new ApiError(500, 'network_error', 'network')));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Your access to moderation couldn't be checked.",
    );
    expect(screen.queryByText('The queue')).toBeNull();
  });
});
