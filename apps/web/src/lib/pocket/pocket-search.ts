import type { PocketItem } from '@/lib/pocket/pocket-store';

/** Items whose phrase, note or partner contains every word of the query (any case, any accent). */
export function searchPocket(items: readonly PocketItem[], query: string): PocketItem[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = fold(`${item.front} ${item.back} ${item.partnerName ?? ''}`);
    return words.every((word) => text.includes(word));
  });
}

export interface PocketGroup {
  /** The call's id, or null for the words added outside a call (one group). */
  sessionId: string | null;
  partnerName: string | null;
  languageCode: string | null;
  /** When the first item of the group was saved. */
  startedAt: number;
  items: PocketItem[];
}

/** Groups items by call, newest call first, items in the order they were saved. */
export function groupByCall(items: readonly PocketItem[]): PocketGroup[] {
  const groups = new Map<string, PocketGroup>();
  const sorted = [...items].sort((a, b) => a.createdAt - b.createdAt);
  for (const item of sorted) {
    const key = item.sessionId ?? 'by-hand';
    let group = groups.get(key);
    if (!group) {
      group = {
        sessionId: item.sessionId,
        partnerName: item.partnerName,
        languageCode: item.languageCode,
        startedAt: item.createdAt,
        items: [],
      };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()].sort((a, b) => b.startedAt - a.startedAt);
}
