import type { Cluster } from 'ioredis';
import { defineScript } from './redis-clients.ts';
import {
  POINTER_DROP,
  POINTER_REPLACE,
  POINTER_SET,
  QUEUE_ADD,
  QUEUE_CLAIM_PAIRS,
  QUEUE_REMOVE,
  REAP_PRESENCE,
} from './redis-cluster-scripts.ts';
import { queueKeys, type QueueStore } from './redis-queue.ts';

/** Users whose tickets a reap removes at once (each removal is a few round trips). */
const FORGET_BATCH = 100;

export interface ClusterPresence {
  /** The presence hash. */
  key: string;
  /** The prefix the presence scripts name their keys with (it ends in the `{live}` tag). */
  luaPrefix: string;
  /** Those of the users whose socket is on a live instance. */
  onlineAmong(userIds: readonly string[]): Promise<string[]>;
}

/**
 * The queue on a Redis Cluster. Each language's queue is one slot (`{q:<lang>}`: tickets, order,
 * and users → ticket id), so everything pairing needs is atomic there. What spans slots is done
 * in steps, each one slot:
 *   - a user's pointer `queue:user:<id>` (its own slot) says where the user's ticket waits
 *     (POINTER_SET); a ticket is added before the pointer names it, and a ticket it replaced in
 *     another language is removed after, still named until then, so a step that fails leaves
 *     nothing unnamed for a later cancel to miss;
 *   - a claim asks the presence slot whether the users are connected, then takes both tickets of
 *     each pair in the language's slot (QUEUE_CLAIM_PAIRS, the arbiter between instances): two
 *     round trips for all the pairs a scan chose; a claim stands then, whatever becomes of
 *     dropping the pointers after it;
 *   - `queue:languages` only grows (a language is added on enqueue, never removed, so no removal
 *     can race an enqueue); queuedLanguages keeps those whose queue is not empty.
 * Readers check what a pointer names, so a pointer to a claimed ticket reads as no ticket.
 */
export function clusterQueue(client: Cluster, prefix: string, presence: ClusterPresence) {
  const languages = `${prefix}queue:languages`;
  const pointer = (userId: string) => `${prefix}queue:user:${userId}`;
  const keysOf = (languageCode: string) => {
    const { tickets, order, users } = queueKeys(prefix, languageCode);
    return [tickets, order, users];
  };
  const run = {
    add: defineScript(client, QUEUE_ADD, 3),
    remove: defineScript(client, QUEUE_REMOVE, 3),
    claimPairs: defineScript(client, QUEUE_CLAIM_PAIRS, 3),
    pointerSet: defineScript(client, POINTER_SET, 1),
    pointerReplace: defineScript(client, POINTER_REPLACE, 1),
    pointerDrop: defineScript(client, POINTER_DROP, 1),
    reap: defineScript(client, REAP_PRESENCE, 1),
  };

  /**
   * A pointer update after the tickets changed: not waited for, and its failure changes nothing
   * (a pointer left behind names a ticket that is gone, and readers check the ticket).
   */
  const tidy = (update: Promise<unknown>) => void update.catch(() => undefined);

  const entries = (value: string | null) => (value ? value.split(';') : []);
  /** Removes the user's ticket named by `entry` ("<lang> <id>"); answers its JSON, if there. */
  async function remove(userId: string, entry: string) {
    const [languageCode = '', id = ''] = entry.split(' ');
    return (await run.remove(...keysOf(languageCode), userId, id)) as string | null;
  }

  async function cancel(userId: string): Promise<string | null> {
    const value = await client.get(pointer(userId));
    const named = entries(value);
    if (named.length === 0) return null;
    const [json] = await Promise.all(named.map((entry) => remove(userId, entry)));
    // Only if no enqueue moved the pointer meanwhile (its ticket is not this cancel's).
    tidy(run.pointerReplace(pointer(userId), value!, ''));
    return json ?? null;
  }

  const store: QueueStore = {
    async enqueue(ticket, snapshotMax) {
      const { userId, languageCode, id } = ticket;
      const entry = `${languageCode} ${id}`;
      const json = JSON.stringify(ticket);
      const keys = keysOf(languageCode);
      const list = (await run.add(...keys, userId, id, ticket.enqueuedAt, json, snapshotMax)) as
        string[] | null;
      let value: string;
      try {
        [value] = (await Promise.all([
          run.pointerSet(pointer(userId), entry, languageCode),
          client.sadd(languages, languageCode),
        ])) as [string, number];
      } catch (error) {
        // Unnamed, the ticket could not be cancelled: take it back before failing.
        await run.remove(...keys, userId, id).catch(() => undefined);
        throw error;
      }
      const replaced = entries(value).slice(1);
      if (replaced.length > 0) {
        await Promise.all(replaced.map((old) => remove(userId, old)));
        await run.pointerReplace(pointer(userId), value, entry);
      }
      return list;
    },

    cancel,
    // A user's pointer and tickets are in slots of their own: one cancel each, at once.
    async cancelAll(userIds) {
      await Promise.all(userIds.map(cancel));
    },

    async ticketOf(userId) {
      const [current] = entries(await client.get(pointer(userId)));
      if (!current) return null;
      const [languageCode = '', id = ''] = current.split(' ');
      return await client.hget(queueKeys(prefix, languageCode).tickets, id);
    },

    async queuedLanguages() {
      const known = await client.smembers(languages);
      const sizes = await Promise.all(
        known.map((languageCode) => client.zcard(queueKeys(prefix, languageCode).order)),
      );
      return known.filter((_, i) => sizes[i]! > 0);
    },

    async claimPairs(pairs) {
      const claimed = pairs.map(() => false);
      // Pairing is within a language: its slot is the only place both tickets can be taken at once.
      const candidates = pairs
        .map((pair, at) => ({ pair, at }))
        .filter(({ pair: [a, b] }) => a.userId !== b.userId && a.languageCode === b.languageCode);
      if (candidates.length === 0) return claimed;
      const online = new Set(
        await presence.onlineAmong([
          ...new Set(candidates.flatMap(({ pair: [a, b] }) => [a.userId, b.userId])),
        ]),
      );
      const byLanguage = new Map<string, typeof candidates>();
      for (const candidate of candidates) {
        const [a, b] = candidate.pair;
        if (!online.has(a.userId) || !online.has(b.userId)) continue;
        const group = byLanguage.get(a.languageCode);
        if (group) group.push(candidate);
        else byLanguage.set(a.languageCode, [candidate]);
      }
      await Promise.all(
        [...byLanguage].map(async ([languageCode, group]) => {
          const args = group.flatMap(({ pair: [a, b] }) => [a.userId, a.id, b.userId, b.id]);
          const taken = (await run.claimPairs(...keysOf(languageCode), ...args)) as number[];
          group.forEach(({ pair, at }, i) => {
            if (taken[i] !== 1) return;
            claimed[at] = true;
            for (const t of pair) {
              tidy(run.pointerDrop(pointer(t.userId), `${t.languageCode} ${t.id}`));
            }
          });
        }),
      );
      return claimed;
    },

    async reap(instanceIds, graceMs) {
      const [instances, users, unregistered, unheard] = (await run.reap(
        presence.key,
        presence.luaPrefix,
        graceMs,
        ...instanceIds,
      )) as [number, string[], string[], string[]];
      // Their tickets, unless the user came back meanwhile (and may be searching again).
      for (let first = 0; first < users.length; first += FORGET_BATCH) {
        const batch = users.slice(first, first + FORGET_BATCH);
        const back = new Set(await presence.onlineAmong(batch));
        await Promise.all(batch.filter((id) => !back.has(id)).map(cancel));
      }
      return { instances, users: users.length, unregistered, unheard };
    },
  };
  return store;
}
