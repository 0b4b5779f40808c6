import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionCreatedPayload } from '@parlo/contract/realtime';
import { realtimeSocket } from '@/lib/realtime/socket-client';
import { useLiveSession } from '@/lib/session/live-session-store';
import { useMatchBridge } from '@/app/realtime/use-match-bridge';

function Bridge() {
  useMatchBridge();
  return <p>search page</p>;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useLiveSession.getState().reset();
});

describe('useMatchBridge', () => {
  it('starts the call, refreshes tokens and sessions, chimes and opens /practice', () => {
    const listeners = new Map<string, (payload: unknown) => void>();
    vi.spyOn(realtimeSocket, 'on').mockImplementation((type, listener) => {
      listeners.set(type, listener as (payload: unknown) => void);
      return () => listeners.delete(type);
    });
    const play = vi.fn(() => Promise.resolve());
    vi.stubGlobal(
      'Audio',
      class {
        volume = 1;
        constructor(readonly src: string) {}
        play = play;
      },
    );
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/search']}>
          <Routes>
            <Route path="/search" element={<Bridge />} />
            <Route path="/practice" element={<p>practice page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const payload = { session: { id: 's1' }, initiator: true } as unknown as SessionCreatedPayload;
    act(() => listeners.get('session_created')?.(payload));

    expect(useLiveSession.getState().live).toBe(payload);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['tokens'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['sessions'] });
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByText('practice page')).toBeTruthy();
  });

  it('notes a refunded end and refreshes the token counts at once', () => {
    const listeners = new Map<string, (payload: unknown) => void>();
    vi.spyOn(realtimeSocket, 'on').mockImplementation((type, listener) => {
      listeners.set(type, listener as (payload: unknown) => void);
      return () => listeners.delete(type);
    });
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/search']}>
          <Routes>
            <Route path="/search" element={<Bridge />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );

    act(() => listeners.get('session_ended')?.({ sessionId: 's1', reason: 'user_ended' }));
    expect(invalidate).not.toHaveBeenCalled();
    expect(useLiveSession.getState().refundedSessionId).toBeNull();

    const refunded = { sessionId: 's2', reason: 'connection_issue', refunded: true };
    act(() => listeners.get('session_ended')?.(refunded));
    expect(useLiveSession.getState().refundedSessionId).toBe('s2');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['tokens'] });
  });
});
