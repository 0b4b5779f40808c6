import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The phrase pocket (issue 22): what a learner saved during calls, kept in this browser's
 * IndexedDB, one database per account, and never sent to the server.
 */

export const POCKET_SOURCES = ['chat', 'card', 'correction', 'typed'] as const;
export type PocketSource = (typeof POCKET_SOURCES)[number];

/** A phrase may be long (a chat line is up to 1000 characters); notes a little longer. */
export const POCKET_FRONT_MAX = 1_000;
export const POCKET_BACK_MAX = 2_000;

export interface PocketItem {
  id: string;
  /** The phrase as saved (a chat line, a card phrase, a typed word). */
  front: string;
  /** The learner's own meaning or note; empty until they write one. */
  back: string;
  source: PocketSource;
  /** The call it was saved in; null for a word added outside a call. */
  sessionId: string | null;
  partnerName: string | null;
  /** The practised language (catalogue code) of that call. */
  languageCode: string | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  updatedAt: number;
}

export type NewPocketItem = Pick<PocketItem, 'front' | 'source'> &
  Partial<Pick<PocketItem, 'back' | 'sessionId' | 'partnerName' | 'languageCode'>>;

export type PocketEdit = Partial<Pick<PocketItem, 'front' | 'back'>>;

interface PocketSchema extends DBSchema {
  items: {
    key: string;
    value: PocketItem;
    indexes: { 'by-session': string; 'by-created': number };
  };
}

const DB_VERSION = 1;
const DB_PREFIX = 'parlo-pocket-';

/** The database of one account: accounts sharing a browser never see each other's pocket. */
export function pocketDatabaseName(userId: string): string {
  return `${DB_PREFIX}${userId}`;
}

export interface Pocket {
  /** Saves a phrase; the same phrase saved twice in one call is kept once (a double tap). */
  add(input: NewPocketItem, now?: number): Promise<PocketItem>;
  /** Every item, newest first. */
  list(): Promise<PocketItem[]>;
  listForSession(sessionId: string): Promise<PocketItem[]>;
  update(id: string, edit: PocketEdit, now?: number): Promise<PocketItem | undefined>;
  remove(id: string): Promise<void>;
  close(): void;
}

const clean = (text: string, max: number) => text.trim().slice(0, max);

export async function openPocket(userId: string): Promise<Pocket> {
  const name = pocketDatabaseName(userId);
  const db: IDBPDatabase<PocketSchema> = await openDB<PocketSchema>(name, DB_VERSION, {
    upgrade(database) {
      const items = database.createObjectStore('items', { keyPath: 'id' });
      items.createIndex('by-session', 'sessionId');
      items.createIndex('by-created', 'createdAt');
    },
    // Another tab deletes this database (account deletion, "forget this device"): let it.
    blocking() {
      db.close();
    },
  });

  return {
    async add(input, now = Date.now()) {
      const front = clean(input.front, POCKET_FRONT_MAX);
      if (!front) throw new Error('Nothing to save');
      const sessionId = input.sessionId ?? null;
      if (sessionId) {
        const same = (await db.getAllFromIndex('items', 'by-session', sessionId)).find(
          (item) => item.front === front && item.source === input.source,
        );
        if (same) return same;
      }
      const item: PocketItem = {
        id: crypto.randomUUID(),
        front,
        back: clean(input.back ?? '', POCKET_BACK_MAX),
        source: input.source,
        sessionId,
        partnerName: input.partnerName ?? null,
        languageCode: input.languageCode ?? null,
        createdAt: now,
        updatedAt: now,
      };
      await db.put('items', item);
      return item;
    },

    async list() {
      return (await db.getAllFromIndex('items', 'by-created')).reverse();
    },

    async listForSession(sessionId) {
      const items = await db.getAllFromIndex('items', 'by-session', sessionId);
      return items.sort((a, b) => a.createdAt - b.createdAt);
    },

    async update(id, edit, now = Date.now()) {
      const tx = db.transaction('items', 'readwrite');
      const item = await tx.store.get(id);
      if (!item) {
        await tx.done;
        return undefined;
      }
      const front = edit.front === undefined ? item.front : clean(edit.front, POCKET_FRONT_MAX);
      const next: PocketItem = {
        ...item,
        // An edit never empties the phrase: deleting is its own action.
        front: front || item.front,
        back: edit.back === undefined ? item.back : clean(edit.back, POCKET_BACK_MAX),
        updatedAt: now,
      };
      await tx.store.put(next);
      await tx.done;
      return next;
    },

    async remove(id) {
      await db.delete('items', id);
    },

    close() {
      db.close();
    },
  };
}

/**
 * Deletes the account's pocket from this browser. Resolves once it is gone, or after
 * `timeoutMs` when another tab holds it open and does not let go (it is then deleted as soon as
 * that tab closes it).
 */
export function deletePocket(userId: string, timeoutMs = 3_000): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const request = indexedDB.deleteDatabase(pocketDatabaseName(userId));
    request.onsuccess = done;
    request.onerror = done;
  });
}
