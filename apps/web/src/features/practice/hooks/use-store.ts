import { useSyncExternalStore } from 'react';
import type { StateStore } from '@/lib/state-store';

/** The current snapshot of one of the call's stores, re-rendering when it changes. */
export function useStore<T extends object>(store: StateStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
