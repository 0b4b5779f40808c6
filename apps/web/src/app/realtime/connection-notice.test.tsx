import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtimeSocket, type SocketStatus } from '@/lib/realtime/socket-client';
import { initTestI18n } from '@/testing/test-i18n';
import { ConnectionNotice } from '@/app/realtime/connection-notice';

let status: SocketStatus;
let listeners: Set<(status: SocketStatus) => void>;

function setStatus(next: SocketStatus) {
  status = next;
  act(() => {
    for (const listener of listeners) listener(next);
  });
}

beforeAll(async () => {
  await initTestI18n(['common', 'realtime']);
});

beforeEach(() => {
  vi.useFakeTimers();
  status = 'connecting';
  listeners = new Set();
  vi.spyOn(realtimeSocket, 'status').mockImplementation(() => status);
  vi.spyOn(realtimeSocket, 'lastError').mockReturnValue('max_reconnect_attempts');
  vi.spyOn(realtimeSocket, 'onStatus').mockImplementation((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function renderNotice(publicPage = false) {
  return render(
    <>
      <div id="shell">app</div>
      <ConnectionNotice publicPage={publicPage} appShellId="shell" />
    </>,
  );
}

describe('ConnectionNotice', () => {
  it('waits a second before saying it is connecting, then covers and disables the app', () => {
    renderNotice();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByRole('heading', { name: 'Connecting…' })).toBeTruthy();
    expect(document.getElementById('shell')!.inert).toBe(true);
    setStatus('connected');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.getElementById('shell')!.inert).toBe(false);
  });

  it('stays quiet on a public page during the first connection', () => {
    renderNotice(true);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows reconnecting, then failure with try again and the reason', () => {
    const connect = vi.spyOn(realtimeSocket, 'connect').mockImplementation(() => {});
    renderNotice();
    setStatus('reconnecting');
    expect(
      screen.getByText('The connection to the servers was lost, trying to reconnect.'),
    ).toBeTruthy();
    setStatus('connection_failed');
    expect(screen.getByRole('heading', { name: 'Connection failed' })).toBeTruthy();
    expect(screen.getByText('Max reconnection attempts reached')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('tells about another tab on a duplicate connection', () => {
    renderNotice();
    setStatus('duplicate_connection');
    expect(screen.getByRole('heading', { name: 'Multiple sessions detected' })).toBeTruthy();
    expect(screen.getByText(/open in another tab or window/)).toBeTruthy();
  });
});
