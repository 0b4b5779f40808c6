import type { QueueTicket, TicketPair } from './broker.ts';
import { defineScript, type RedisClient } from './redis-clients.ts';
import {
  CANCEL,
  CANCEL_ALL,
  CLAIM_PAIRS,
  ENQUEUE,
  REAP_INSTANCES,
  TICKET_OF,
} from './redis-scripts.ts';

/**
 * The part of the Redis broker whose keys span slots on a cluster: a user's ticket, wherever it
 * waits, and what is forgotten with a dead instance. One Redis runs each operation as one script
 * (nodeQueue, below); a cluster runs it in steps, one slot each (redis-cluster-queue.ts).
 * Tickets travel as the JSON they are stored as.
 */
export interface QueueStore {
  /** Broker.enqueue, answering the queue's JSON (null when longer than `snapshotMax`). */
  enqueue(ticket: QueueTicket, snapshotMax: number): Promise<string[] | null>;
  cancel(userId: string): Promise<string | null>;
  cancelAll(userIds: readonly string[]): Promise<void>;
  ticketOf(userId: string): Promise<string | null>;
  queuedLanguages(): Promise<string[]>;
  claimPairs(pairs: readonly TicketPair[]): Promise<boolean[]>;
  /** Registers `instanceIds` and forgets instances dead past the grace, with their users. */
  reap(instanceIds: string[], graceMs: number): Promise<ReapOutcome>;
}

export interface ReapOutcome {
  instances: number;
  users: number;
  /**
   * Cluster only: the calling instances Redis did not have registered (new ones, or Redis lost
   * them: emptied, or they were taken for dead), and those whose channel has no subscriber.
   */
  unregistered?: string[];
  unheard?: string[];
}

/** Key names of one language's queue; the `{q:<lang>}` hash tag keeps them in one slot. */
export function queueKeys(prefix: string, languageCode: string) {
  const tag = `${prefix}{q:${languageCode}}`;
  return { tickets: `${tag}:tickets`, order: `${tag}:order`, users: `${tag}:users` };
}

/**
 * One Redis: every operation is one script (redis-scripts.ts), with a user → "<lang> <ticket id>"
 * index (`queue:users`) and the set of languages with tickets (`queue:languages`).
 */
/** One Redis: the user → "<lang> <ticket id>" index. */
export const nodeQueueIndex = (prefix: string) => `${prefix}queue:users`;

export function nodeQueue(client: RedisClient, prefix: string, presence: string): QueueStore {
  const index = nodeQueueIndex(prefix);
  const languages = `${prefix}queue:languages`;
  const run = {
    enqueue: defineScript(client, ENQUEUE, 2),
    cancel: defineScript(client, CANCEL, 2),
    cancelAll: defineScript(client, CANCEL_ALL, 2),
    claimPairs: defineScript(client, CLAIM_PAIRS, 3),
    ticketOf: defineScript(client, TICKET_OF, 1),
    reap: defineScript(client, REAP_INSTANCES, 3),
  };
  return {
    async enqueue(ticket, snapshotMax) {
      const { userId, languageCode, id, enqueuedAt } = ticket;
      const json = JSON.stringify(ticket);
      const args = [prefix, userId, languageCode, id, enqueuedAt, json, snapshotMax];
      return (await run.enqueue(index, languages, ...args)) as string[] | null;
    },
    async cancel(userId) {
      return (await run.cancel(index, languages, prefix, userId)) as string | null;
    },
    async cancelAll(userIds) {
      // In slices: a script's arguments sit on the Lua stack.
      for (let first = 0; first < userIds.length; first += 1000) {
        await run.cancelAll(index, languages, prefix, ...userIds.slice(first, first + 1000));
      }
    },
    async ticketOf(userId) {
      return (await run.ticketOf(index, prefix, userId)) as string | null;
    },
    queuedLanguages: () => client.smembers(languages),
    async claimPairs(pairs) {
      if (pairs.length === 0) return [];
      const args = pairs.flatMap(([first, second]) => [
        first.userId,
        first.id,
        second.userId,
        second.id,
      ]);
      const claimed = (await run.claimPairs(
        index,
        languages,
        presence,
        prefix,
        ...args,
      )) as number[];
      return claimed.map((taken) => taken === 1);
    },
    async reap(instanceIds, graceMs) {
      const [instances, users] = (await run.reap(
        presence,
        index,
        languages,
        prefix,
        graceMs,
        ...instanceIds,
      )) as [number, number];
      return { instances, users };
    },
  };
}
