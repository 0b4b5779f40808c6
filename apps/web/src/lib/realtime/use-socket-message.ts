import { useEffect, useRef } from 'react';
import type { ServerMessageType } from '@parlo/contract/realtime';
import { realtimeSocket, type ServerPayload } from '@/lib/realtime/socket-client';

/**
 * Calls `handler` for every server message of `type` while the component is mounted. The latest
 * handler is used, so it may close over fresh state without resubscribing.
 */
export function useSocketMessage<T extends ServerMessageType>(
  type: T,
  handler: (payload: ServerPayload<T>) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtimeSocket.on(type, (payload) => latest.current(payload)), [type]);
}
