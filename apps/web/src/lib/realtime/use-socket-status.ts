import { useSyncExternalStore } from 'react';
import { realtimeSocket, type SocketStatus } from '@/lib/realtime/socket-client';

const subscribe = (onChange: () => void) => realtimeSocket.onStatus(onChange);
const getStatus = () => realtimeSocket.status();

/** The realtime connection's state, re-rendering on every change. */
export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(subscribe, getStatus, getStatus);
}
