import type { ServerMessage } from '@parlo/contract/realtime';
import type { Clock } from '../lib/clock.ts';
import { createMemoryRateCounter } from '../lib/rate-counter.ts';
import {
  ENQUEUE_SNAPSHOT_MAX,
  WAIT_SAMPLES,
  type Broker,
  type BrokerEvent,
  type QueueTicket,
  type TicketPair,
} from './broker.ts';

/** The broker of a single process: plain maps, with delivery as a local call. */
export function createMemoryBroker(clock: Clock): Broker {
  const presence = new Map<string, string>();
  const listeners = new Map<string, Set<(event: BrokerEvent) => void>>();
  const ticketsByUser = new Map<string, QueueTicket>();
  const counter = createMemoryRateCounter(clock);
  /** Revoked sessions → when the revocation lapses (epoch ms); swept as revocations are added. */
  const revoked = new Map<string, number>();
  /** Recent waits per language, and under '' those of every language; newest first. */
  const waits = new Map<string, number[]>();
  const pushWait = (key: string, waitMs: number) => {
    let list = waits.get(key);
    if (!list) waits.set(key, (list = []));
    list.unshift(waitMs);
    if (list.length > WAIT_SAMPLES) list.length = WAIT_SAMPLES;
  };

  function emit(userId: string, event: BrokerEvent): boolean {
    const instanceId = presence.get(userId);
    const targets = instanceId ? listeners.get(instanceId) : undefined;
    if (!targets || targets.size === 0) return false;
    for (const listener of targets) listener(event);
    return true;
  }

  /** The language's tickets, oldest first (copies: callers cannot change the queue). */
  function listTickets(languageCode: string) {
    const list = [...ticketsByUser.values()]
      .filter((ticket) => ticket.languageCode === languageCode)
      .sort((a, b) => a.enqueuedAt - b.enqueuedAt || a.id.localeCompare(b.id));
    return Promise.resolve(list.map((ticket) => ({ ...ticket })));
  }

  const sameTicket = (ticket: QueueTicket) => ticketsByUser.get(ticket.userId)?.id === ticket.id;
  // As in Redis, an instance counts while it listens: presence on one that stopped counts for
  // nothing, and another instance may take it over.
  const alive = (instanceId: string) => (listeners.get(instanceId)?.size ?? 0) > 0;
  const online = (userId: string) => {
    const owner = presence.get(userId);
    return owner !== undefined && alive(owner);
  };

  return {
    hit: (key, windowMs) => counter.hit(key, windowMs),

    claimPresence(userId, instanceId) {
      const owner = presence.get(userId);
      if (owner !== undefined && (owner === instanceId || alive(owner))) {
        return Promise.resolve(false);
      }
      presence.set(userId, instanceId);
      return Promise.resolve(true);
    },
    releasePresence(userId, instanceId) {
      if (presence.get(userId) === instanceId) presence.delete(userId);
      return Promise.resolve();
    },
    reassertPresence(instanceId, userIds) {
      const taken: string[] = [];
      for (const userId of userIds) {
        const owner = presence.get(userId);
        if (owner !== undefined && owner !== instanceId && alive(owner)) taken.push(userId);
        else presence.set(userId, instanceId);
      }
      return Promise.resolve(taken);
    },
    isOnline: (userId) => Promise.resolve(online(userId)),
    onlineAmong: (userIds) => Promise.resolve(userIds.filter(online)),
    onlineCount: () => Promise.resolve(presence.size),

    subscribe(instanceId, listener) {
      let set = listeners.get(instanceId);
      if (!set) listeners.set(instanceId, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    deliver(userId, message: ServerMessage) {
      return Promise.resolve(emit(userId, { kind: 'message', userId, message }));
    },
    disconnect(userId, code, reason) {
      return Promise.resolve(emit(userId, { kind: 'disconnect', userId, code, reason }));
    },

    enqueue(ticket, { snapshot = true } = {}) {
      ticketsByUser.set(ticket.userId, { ...ticket });
      if (!snapshot) return Promise.resolve(null);
      return listTickets(ticket.languageCode).then((list) =>
        list.length > ENQUEUE_SNAPSHOT_MAX ? null : list,
      );
    },
    cancel(userId) {
      const ticket = ticketsByUser.get(userId) ?? null;
      ticketsByUser.delete(userId);
      return Promise.resolve(ticket);
    },
    cancelAll(userIds) {
      for (const userId of userIds) ticketsByUser.delete(userId);
      return Promise.resolve();
    },
    ticketOf: (userId) => Promise.resolve(ticketsByUser.get(userId) ?? null),
    searchState: (userId) =>
      Promise.resolve({ online: online(userId), ticket: ticketsByUser.get(userId) ?? null }),
    tickets: (languageCode) => listTickets(languageCode),
    queuedLanguages() {
      return Promise.resolve([...new Set([...ticketsByUser.values()].map((t) => t.languageCode))]);
    },
    claimPairs(pairs) {
      const claim = ([first, second]: TicketPair) => {
        if (first.userId === second.userId || !sameTicket(first) || !sameTicket(second)) {
          return false;
        }
        if (!online(first.userId) || !online(second.userId)) return false;
        ticketsByUser.delete(first.userId);
        ticketsByUser.delete(second.userId);
        return true;
      };
      return Promise.resolve(pairs.map(claim));
    },

    revokeSession(sessionId, ttlMs) {
      const now = clock.now().getTime();
      for (const [id, until] of revoked) if (until <= now) revoked.delete(id);
      revoked.set(sessionId, now + ttlMs);
      return Promise.resolve();
    },
    isSessionRevoked(sessionId) {
      const until = revoked.get(sessionId);
      return Promise.resolve(until !== undefined && until > clock.now().getTime());
    },

    recordWaits(languageCode, waitsMs) {
      for (const waitMs of waitsMs) {
        pushWait(languageCode, waitMs);
        pushWait('', waitMs);
      }
      return Promise.resolve();
    },
    recentWaits: (languageCode) => Promise.resolve([...(waits.get(languageCode ?? '') ?? [])]),

    close() {
      presence.clear();
      listeners.clear();
      ticketsByUser.clear();
      waits.clear();
      revoked.clear();
      return Promise.resolve();
    },
  };
}
