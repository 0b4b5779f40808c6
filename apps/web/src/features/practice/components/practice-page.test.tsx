import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@parlo/contract/users';
import { currentUserQueryKey } from '@/lib/current-user';
import { useLiveSession } from '@/lib/session/live-session-store';
import { initTestI18n } from '@/testing/test-i18n';
import { PracticePage } from '@/features/practice/components/practice-page';
import { FakePeerConnection, fakeStream } from '@/features/practice/testing/fake-webrtc';
import { createFakeSocket, type FakeSocket } from '@/features/practice/testing/fake-socket';
import { sessionPayload } from '@/features/practice/testing/session-payload';

const socket = vi.hoisted(() => ({ current: null as FakeSocket | null }));

vi.mock('@/lib/realtime/socket-client', () => ({
  realtimeSocket: {
    send: (message: never) => socket.current!.send(message),
    on: (type: never, listener: never) => socket.current!.on(type, listener),
    status: () => 'connected',
    onStatus: () => () => {},
  },
}));
vi.mock('@/lib/realtime/use-socket-status', () => ({ useSocketStatus: () => 'connected' }));
vi.mock('@/lib/sounds', () => ({ playSound: vi.fn() }));
vi.mock('@/features/practice/api/update-connection-type', () => ({
  updateConnectionType: vi.fn(() => Promise.resolve()),
}));

const member = {
  id: 'me',
  username: 'me@example.com',
  profile: { name: 'Me', languageCode: 'es', languages: [{ languageCode: 'es' }] },
} as unknown as User;

function renderPractice(user: User = member) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserQueryKey, user);
  const router = createMemoryRouter(
    [
      { path: '/practice', element: <PracticePage /> },
      { path: '/search', element: <p>search page</p> },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/session-ended', element: <p>session ended page</p> },
    ],
    { initialEntries: ['/practice'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const flush = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

beforeAll(async () => {
  await initTestI18n(['common', 'practice', 'forms', 'learning', 'safety']);
});

beforeEach(() => {
  socket.current = createFakeSocket();
  FakePeerConnection.instances = [];
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(() => Promise.resolve(fakeStream())) },
  });
  useLiveSession.getState().reset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PracticePage redirects', () => {
  it('sends a user without a live session to /search', async () => {
    renderPractice();
    expect(await screen.findByText('search page')).toBeTruthy();
  });

  it('sends a user without a profile to /dashboard', async () => {
    useLiveSession.getState().start(sessionPayload());
    renderPractice({ ...member, profile: null });
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });
});

describe('PracticePage call', () => {
  it('shows the connecting screen with the partner, then ends as self_ended on End', async () => {
    useLiveSession
      .getState()
      .start(sessionPayload({ session: { ...sessionPayload().session, id: 's-end' } }));
    renderPractice();
    expect(screen.getByRole('heading', { name: 'Practicing' })).toBeTruthy();
    expect(screen.getByText('Connecting to Lucía…')).toBeTruthy();
    expect(screen.getByText('Waiting for your partner…')).toBeTruthy();
    await flush();
    expect(socket.current!.sent[0]).toMatchObject({ type: 'offer' });

    const camera = screen.getByRole('button', { name: 'Camera' });
    expect(camera.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Microphone' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(camera);
    expect(socket.current!.sent).toContainEqual({
      type: 'camera_toggled',
      payload: { enabled: true },
    });

    fireEvent.click(screen.getByRole('button', { name: 'End session' }));
    expect(await screen.findByText('session ended page')).toBeTruthy();
    expect(socket.current!.sent).toContainEqual({
      type: 'end_session',
      payload: { reason: 'user_ended' },
    });
    expect(useLiveSession.getState().ended?.reason).toBe('self_ended');
  });

  it("goes to /session-ended with the server's reason when the partner ends", async () => {
    useLiveSession
      .getState()
      .start(sessionPayload({ session: { ...sessionPayload().session, id: 's-peer' } }));
    renderPractice();
    await flush();
    act(() => socket.current!.emit('session_ended', { sessionId: 's-peer', reason: 'user_ended' }));
    expect(await screen.findByText('session ended page')).toBeTruthy();
    expect(useLiveSession.getState().ended?.reason).toBe('user_ended');
    expect(socket.current!.sent.some((m) => m.type === 'end_session')).toBe(false);
  });

  it('shows the audio-only view once connected and the chat with an unread badge', async () => {
    useLiveSession
      .getState()
      .start(sessionPayload({ session: { ...sessionPayload().session, id: 's-chat' } }));
    renderPractice();
    await flush();
    const pc = FakePeerConnection.instances.at(-1)!;
    act(() => pc.setConnectionState('connected'));
    expect(screen.getByText('Your partner is ready')).toBeTruthy();
    expect(screen.getByText('B1 Intermediate in Spanish')).toBeTruthy();

    const channel = pc.channels[0]!;
    act(() => channel.open());
    act(() => {
      for (let i = 0; i < 10; i += 1)
        channel.receive(
          JSON.stringify({ type: 'chat', id: `p${i}`, content: `m${i}`, timestamp: i + 1 }),
        );
    });
    expect(screen.getByTestId('unread-badge').textContent).toBe('9+');

    fireEvent.click(screen.getByRole('button', { name: /^Chat/ }));
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(screen.getByRole('log', { name: 'Messages' }).textContent).toContain('m9');

    act(() => socket.current!.emit('peer_camera_toggled', { enabled: true }));
    expect(screen.queryByText('B1 Intermediate in Spanish')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Camera' }));
    act(() => socket.current!.emit('peer_camera_toggled', { enabled: false }));
    expect(screen.getByTestId('partner-camera-off').textContent).toContain("Lucía's camera is off");
  });

  it('ends the session as self_ended when the page is left', async () => {
    useLiveSession
      .getState()
      .start(sessionPayload({ session: { ...sessionPayload().session, id: 's-leave' } }));
    const router = renderPractice();
    await flush();
    await act(() => router.navigate('/dashboard'));
    await flush();
    expect(socket.current!.sent).toContainEqual({
      type: 'end_session',
      payload: { reason: 'user_ended' },
    });
    expect(useLiveSession.getState().ended?.reason).toBe('self_ended');
  });
});
