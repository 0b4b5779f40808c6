import type { SocketStatus } from '@/lib/realtime/socket-client';

export type ConnectionNoticeView = 'connecting' | 'reconnecting' | 'failed' | 'duplicate';

/** How long the first connection may take before the notice says so: no flash at page load. */
export const CONNECTING_NOTICE_DELAY_MS = 1_000;

type Context = {
  /** The socket has been connected or has failed since the page loaded. */
  settled: boolean;
  /** CONNECTING_NOTICE_DELAY_MS have passed since the page loaded. */
  delayElapsed: boolean;
  /** A public page (landing, about, legal) works without the socket. */
  publicPage: boolean;
};

/** Which connection notice replaces the app, if any (spec §2, §8 "Connection"). */
export function connectionNoticeView(
  status: SocketStatus,
  { settled, delayElapsed, publicPage }: Context,
): ConnectionNoticeView | null {
  switch (status) {
    case 'connected':
      return null;
    case 'reconnecting':
      return 'reconnecting';
    case 'connection_failed':
      return 'failed';
    case 'duplicate_connection':
      return 'duplicate';
    case 'account_restricted':
      // The blocked page replaces the app instead, as soon as the user has been reloaded.
      return null;
    case 'connecting':
      if (settled) return 'connecting';
      return delayElapsed && !publicPage ? 'connecting' : null;
    case 'disconnected':
      // Only before the first connect; afterwards the server closed the socket for good.
      return settled ? 'failed' : null;
  }
}
