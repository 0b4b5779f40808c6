import { useCallback, useEffect, useState } from 'react';
import { deletePocket, openPocket, type Pocket, type PocketItem } from '@/lib/pocket/pocket-store';

/** One open database per account for the whole tab (opening one costs a few milliseconds). */
const open = new Map<string, Promise<Pocket>>();
const listeners = new Set<() => void>();

/** Whether this browser can keep a pocket at all (IndexedDB may be missing or refused). */
export const pocketAvailable = () => typeof indexedDB !== 'undefined';

export function pocketFor(userId: string): Promise<Pocket> {
  let pocket = open.get(userId);
  if (!pocket) {
    pocket = openPocket(userId);
    // A failed open (private mode, quota) is tried again next time.
    pocket.catch(() => open.delete(userId));
    open.set(userId, pocket);
  }
  return pocket;
}

/** Tells every pocket view in this tab to read again. */
export function pocketChanged() {
  for (const listener of listeners) listener();
}

/** Closes and deletes the account's pocket on this device (account deletion, forget device). */
export async function forgetPocket(userId: string): Promise<void> {
  const pocket = open.get(userId);
  open.delete(userId);
  if (pocket) (await pocket.catch(() => null))?.close();
  if (pocketAvailable()) await deletePocket(userId);
  pocketChanged();
}

export type PocketView = {
  items: PocketItem[] | null;
  error: boolean;
  reload: () => void;
};

/**
 * The pocket's items (all, or one call's), read again whenever something in this tab changes
 * them; null while loading or without an account.
 */
export function usePocketItems(userId: string | undefined, sessionId?: string): PocketView {
  const [items, setItems] = useState<PocketItem[] | null>(null);
  const [error, setError] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    listeners.add(reload);
    return () => {
      listeners.delete(reload);
    };
  }, [reload]);

  useEffect(() => {
    if (!userId || !pocketAvailable()) return;
    let current = true;
    pocketFor(userId)
      .then((pocket) => (sessionId ? pocket.listForSession(sessionId) : pocket.list()))
      .then(
        (next) => {
          if (!current) return;
          setItems(next);
          setError(false);
        },
        () => {
          if (current) setError(true);
        },
      );
    return () => {
      current = false;
    };
  }, [userId, sessionId, version]);

  return { items, error, reload };
}
