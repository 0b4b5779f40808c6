import type { RealtimeSocket, SocketStatus } from '@/lib/realtime/socket-client';

/** States the socket does not leave by itself: waiting for them to pass is pointless. */
const FINAL: ReadonlySet<SocketStatus> = new Set([
  'connection_failed',
  'duplicate_connection',
  'account_restricted',
]);

/**
 * Resolves true once `socket` is connected: at once if it is, else when a connection on its way
 * (a page just opened, a reconnect) opens within `timeoutMs`; false when it does not, or when the
 * socket reaches a state it does not leave by itself.
 */
export function waitForConnection(socket: RealtimeSocket, timeoutMs: number): Promise<boolean> {
  const now = socket.status();
  if (now === 'connected') return Promise.resolve(true);
  if (FINAL.has(now)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const finish = (connected: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(connected);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    const unsubscribe = socket.onStatus((status) => {
      if (status === 'connected') finish(true);
      else if (FINAL.has(status)) finish(false);
    });
  });
}
