import type { ClientMessage, ServerMessageType } from '@parlo/contract/realtime';
import type { ServerPayload as Payload } from '@/lib/realtime/socket-client';

/** A realtime socket double: records what is sent and lets a test deliver server messages. */
export function createFakeSocket() {
  const sent: ClientMessage[] = [];
  type AnyListener = (payload: never) => void;
  const listeners = new Map<string, Set<AnyListener>>();
  return {
    sent,
    send(message: ClientMessage) {
      sent.push(message);
      return true;
    },
    on<T extends ServerMessageType>(type: T, listener: (payload: Payload<T>) => void) {
      const set = listeners.get(type) ?? new Set<AnyListener>();
      set.add(listener);
      listeners.set(type, set);
      return () => {
        set.delete(listener);
      };
    },
    emit<T extends ServerMessageType>(type: T, payload: Payload<T>) {
      for (const listener of listeners.get(type) ?? []) {
        (listener as (payload: Payload<T>) => void)(payload);
      }
    },
    listenerCount() {
      return [...listeners.values()].reduce((sum, set) => sum + set.size, 0);
    },
  };
}

export type FakeSocket = ReturnType<typeof createFakeSocket>;
