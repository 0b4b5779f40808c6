import type { Cluster } from 'ioredis';
import {
  ENQUEUE_SNAPSHOT_MAX,
  WAIT_SAMPLES,
  type Broker,
  type BrokerEvent,
  type QueueTicket,
} from './broker.ts';
import {
  COMMAND_TIMEOUT_MS,
  CONNECT_TIMEOUT_MS,
  connectRedis,
  defineScript,
  type BrokerLog,
  type RedisTarget,
} from './redis-clients.ts';
import { SUBSCRIBERS } from './redis-cluster-scripts.ts';
import { clusterQueue } from './redis-cluster-queue.ts';
import { nodeQueue, nodeQueueIndex, queueKeys, type QueueStore } from './redis-queue.ts';
import {
  HIT,
  NODE_PUBSUB,
  presenceScripts,
  SEARCH_STATE,
  SHARDED_PUBSUB,
  TICKETS,
} from './redis-scripts.ts';

export const DEFAULT_KEY_PREFIX = 'parlo:';

/** How often each instance registers itself and looks for instances that died. */
export const REAP_INTERVAL_MS = 5_000;
/**
 * The users of a dead instance keep their presence and queue tickets this long, time to connect
 * again elsewhere (clients come back within seconds); then they are forgotten.
 */
export const DEAD_INSTANCE_GRACE_MS = 30_000;

export interface RedisBroker extends Broker {
  /** Resolves when Redis answers a PING (on a cluster, every master does); for /health. */
  ping(): Promise<void>;
  /**
   * Registers this broker's instances and forgets instances dead past the grace (it runs every
   * REAP_INTERVAL_MS once an instance subscribes); answers what it forgot.
   */
  reap(): Promise<{ instances: number; users: number }>;
}

export type RedisBrokerOptions = RedisTarget & {
  /** Every key and channel starts with it; several deployments (or test runs) share one Redis. */
  keyPrefix?: string;
  log?: BrokerLog;
  /** DEAD_INSTANCE_GRACE_MS unless set (tests). */
  deadInstanceGraceMs?: number;
};

/**
 * The broker of several instances (DESIGN §2 Seams: Broker), kept in one Redis or a Redis
 * Cluster (`clusterNodes`). Keys, under the prefix, on one Redis:
 *   presence                 hash user id → instance id holding the socket
 *   presence:of:<id>         set of the users whose socket that instance holds
 *   instances                set of the instance ids seen; instances:dead hash id → dead since
 *   instance:<id>            pub/sub channel of the events for that instance's sockets; an
 *                            instance with no subscriber on it is dead (see presence in scripts)
 *   queue:users              hash user id → "<language> <ticket id>" (one ticket per user)
 *   queue:languages          set of languages with at least one ticket
 *   {q:<lang>}:tickets       hash ticket id → ticket JSON
 *   {q:<lang>}:order         sorted set of ticket ids by enqueuedAt
 *   hits:<key>               fixed-window counters (INCR, expiring with the window)
 *   waits:<lang>, waits:*    lists of the last WAIT_SAMPLES match waits (ms), newest first
 *   revoked:<session id>     a revoked sign-in session, expiring with its last access token
 *
 * On a cluster a script touches one slot, so the layout differs (redis-cluster-queue.ts): the
 * presence keys and the instance channels (shard channels, so their subscriber count is exact on
 * their node) share the tag `{live}`: `{live}:presence`, `{live}:presence:of:<id>`,
 * `{live}:instances`, `{live}:instance:<id>`; each queue adds `{q:<lang>}:users`; a user's
 * pointer `queue:user:<id>` replaces `queue:users`; the waits are `{waits}:<lang>`.
 *
 * Redis being down does not stop the process: commands fail after COMMAND_TIMEOUT_MS (callers
 * catch: a request answers 5xx, a socket message an error), and the client reconnects with a
 * capped backoff, resubscribing the instance channels; then each listener hears `reconnected`,
 * so the instance states its sockets again (Redis may have come back empty).
 *
 * An instance killed outright leaves its users' presence behind. It counts for nothing at once
 * (its channel lost its subscriber), so those users connect again elsewhere straight away, and
 * after DEAD_INSTANCE_GRACE_MS the reaper of a live instance removes what is left.
 */
export function createRedisBroker(options: RedisBrokerOptions): RedisBroker {
  const prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  const { log } = options;
  const onCluster = 'clusterNodes' in options;
  /** Where the presence scripts name their keys and channels. */
  const presencePrefix = onCluster ? `${prefix}{live}:` : prefix;
  const key = {
    presence: `${presencePrefix}presence`,
    channelPrefix: `${presencePrefix}instance:`,
    hits: (name: string) => `${prefix}hits:${name}`,
    /** Recent match waits of a language; `waits:*` holds those of every language. */
    waits: (languageCode?: string) =>
      `${prefix}${onCluster ? '{waits}' : 'waits'}:${languageCode ?? '*'}`,
    revoked: (sessionId: string) => `${prefix}revoked:${sessionId}`,
  };

  const listeners = new Map<string, Set<(event: BrokerEvent) => void>>();
  const connections = connectRedis(options, {
    log,
    onMessage(channel, raw) {
      if (!listeners.has(channel)) return;
      let event: BrokerEvent;
      try {
        event = JSON.parse(raw) as BrokerEvent;
      } catch (error) {
        log?.error({ err: error, channel }, 'unreadable broker event');
        return;
      }
      dispatch(channel, event);
    },
    onReconnected: announceReconnected,
    subscriptionsHeard,
  });
  const { commands } = connections;

  const script = (lua: string, numberOfKeys: number) => defineScript(commands, lua, numberOfKeys);
  const presence = presenceScripts(onCluster ? SHARDED_PUBSUB : NODE_PUBSUB);
  const run = {
    deliver: script(presence.DELIVER, 1),
    claimPresence: script(presence.CLAIM_PRESENCE, 1),
    reassertPresence: script(presence.REASSERT_PRESENCE, 1),
    releasePresence: script(presence.RELEASE_PRESENCE, 1),
    isOnline: script(presence.IS_ONLINE, 1),
    onlineAmong: script(presence.ONLINE_AMONG, 1),
    subscribers: script(SUBSCRIBERS, 1),
    hit: script(HIT, 1),
    tickets: script(TICKETS, 2),
    // One Redis only: on a cluster the presence and a user's ticket are in different slots.
    searchState: script(SEARCH_STATE, 2),
  };

  async function onlineAmong(userIds: readonly string[]) {
    const found: string[] = [];
    // In slices: a script's arguments sit on the Lua stack.
    for (let first = 0; first < userIds.length; first += 1000) {
      const slice = userIds.slice(first, first + 1000);
      found.push(...((await run.onlineAmong(key.presence, presencePrefix, ...slice)) as string[]));
    }
    return found;
  }

  const queue: QueueStore = onCluster
    ? clusterQueue(commands as Cluster, prefix, {
        key: key.presence,
        luaPrefix: presencePrefix,
        onlineAmong,
      })
    : nodeQueue(commands, prefix, key.presence);

  function dispatch(channel: string, event: BrokerEvent) {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(event);
      } catch (error) {
        log?.error({ err: error, channel }, 'broker listener failed');
      }
    }
  }

  function announceReconnected() {
    for (const channel of listeners.keys()) dispatch(channel, { kind: 'reconnected' });
  }

  /** Cluster: whether each channel listened to has its subscriber (see ConnectionHooks). */
  async function subscriptionsHeard(resubscribe: boolean): Promise<boolean> {
    const channels = [...listeners.keys()];
    if (channels.length === 0) return true;
    const counts = (await run.subscribers(key.presence, ...channels)) as number[];
    const missing = channels.filter((_, i) => counts[i] === 0);
    if (resubscribe) for (const channel of missing) track(connections.subscribe(channel));
    return missing.length === 0;
  }

  /** SUBSCRIBEs under way: a claim or a delivery waits for them, so nothing is sent unheard. */
  let subscribing: Promise<unknown> | undefined;

  /** The first SUBSCRIBE also waits for its connection (on a cluster, for the slot map too). */
  let subscribedBefore = false;

  function track(command: Promise<unknown>) {
    const settled = command.then(
      () => {
        subscribedBefore = true;
      },
      (error: unknown) => {
        log?.error({ err: error }, 'redis subscription change failed');
      },
    );
    const previous = subscribing;
    const all = previous ? Promise.all([previous, settled]) : settled;
    subscribing = all;
    void all.finally(() => {
      if (subscribing === all) subscribing = undefined;
    });
  }

  async function settledSubscriptions() {
    if (!subscribing) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('redis subscription not ready')),
        subscribedBefore ? COMMAND_TIMEOUT_MS : CONNECT_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([subscribing, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function publish(userId: string, event: BrokerEvent): Promise<boolean> {
    await settledSubscriptions();
    const receivers = (await run.deliver(
      key.presence,
      key.channelPrefix,
      userId,
      JSON.stringify(event),
    )) as number;
    return receivers > 0;
  }

  const parseTicket = (json: string | null): QueueTicket | null =>
    json === null ? null : (JSON.parse(json) as QueueTicket);

  /** The instances whose registration a reap has seen (cluster: one missing later was lost). */
  const registered = new Set<string>();

  async function reap() {
    const instances = [...listeners.keys()].map((channel) =>
      channel.slice(key.channelPrefix.length),
    );
    const subscriptionsSettled = subscribing === undefined;
    const outcome = await queue.reap(
      instances,
      options.deadInstanceGraceMs ?? DEAD_INSTANCE_GRACE_MS,
    );
    if (outcome.instances > 0) {
      log?.info(
        { instances: outcome.instances, users: outcome.users },
        'forgot instances that died',
      );
    }
    // Cluster: Redis forgot this instance (a node restarted empty, or it was taken for dead) or
    // its channel lost its subscriber, unnoticed by the subscriber connection: subscribe again
    // and state the presence again, as after any reconnection.
    const forgotten = outcome.unregistered?.some((id) => registered.has(id)) ?? false;
    const unheard = subscriptionsSettled && (outcome.unheard?.length ?? 0) > 0;
    for (const id of instances) registered.add(id);
    if (forgotten || unheard) {
      log?.warn({ forgotten, unheard }, 'redis lost this instance');
      connections.recover();
    }
    return { instances: outcome.instances, users: outcome.users };
  }

  const reaper = setInterval(() => {
    if (listeners.size === 0 || commands.status !== 'ready') return;
    reap().catch((error: unknown) => log?.warn({ err: error }, 'reaping dead instances failed'));
  }, REAP_INTERVAL_MS);
  reaper.unref();

  let closed = false;

  const isOnline = async (userId: string) =>
    (await run.isOnline(key.presence, presencePrefix, userId)) === 1;
  const ticketOf = async (userId: string) => parseTicket(await queue.ticketOf(userId));

  return {
    async hit(name, windowMs) {
      const [count, resetInMs] = (await run.hit(key.hits(name), windowMs)) as [number, number];
      return { count, resetInMs };
    },

    async claimPresence(userId, instanceId) {
      await settledSubscriptions();
      return (await run.claimPresence(key.presence, presencePrefix, userId, instanceId)) === 1;
    },
    async reassertPresence(instanceId, userIds) {
      await settledSubscriptions();
      const taken: string[] = [];
      // In slices: a script's arguments sit on the Lua stack.
      for (let first = 0; first < userIds.length; first += 1000) {
        const slice = userIds.slice(first, first + 1000);
        const args = [presencePrefix, instanceId, ...slice];
        taken.push(...((await run.reassertPresence(key.presence, ...args)) as string[]));
      }
      return taken;
    },
    async releasePresence(userId, instanceId) {
      await run.releasePresence(key.presence, presencePrefix, userId, instanceId);
    },
    isOnline,
    onlineAmong,
    onlineCount: () => commands.hlen(key.presence),

    subscribe(instanceId, listener) {
      const channel = `${key.channelPrefix}${instanceId}`;
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        track(connections.subscribe(channel));
      }
      set.add(listener);
      return () => {
        const current = listeners.get(channel);
        if (!current?.delete(listener) || current.size > 0) return;
        listeners.delete(channel);
        if (!closed) track(connections.unsubscribe(channel));
      };
    },
    deliver: (userId, message) => publish(userId, { kind: 'message', userId, message }),
    disconnect: (userId, code, reason) =>
      publish(userId, { kind: 'disconnect', userId, code, reason }),

    async enqueue(ticket, { snapshot = true } = {}) {
      // A longest queue to answer of 0 lists nothing: the queue holds this ticket at least.
      const list = await queue.enqueue(ticket, snapshot ? ENQUEUE_SNAPSHOT_MAX : 0);
      return list && list.map((json) => JSON.parse(json) as QueueTicket);
    },
    async cancel(userId) {
      return parseTicket(await queue.cancel(userId));
    },
    cancelAll: (userIds) => queue.cancelAll(userIds),
    ticketOf,
    async searchState(userId) {
      if (onCluster) {
        const [online, ticket] = await Promise.all([isOnline(userId), ticketOf(userId)]);
        return { online, ticket };
      }
      const [online, json] = (await run.searchState(
        key.presence,
        nodeQueueIndex(prefix),
        prefix,
        userId,
      )) as [number, string | null];
      return { online: online === 1, ticket: parseTicket(json) };
    },
    async tickets(languageCode) {
      const { tickets, order } = queueKeys(prefix, languageCode);
      const list = (await run.tickets(tickets, order)) as string[];
      return list.map((json) => JSON.parse(json) as QueueTicket);
    },
    queuedLanguages: () => queue.queuedLanguages(),
    claimPairs: (pairs) => queue.claimPairs(pairs),

    async revokeSession(sessionId, ttlMs) {
      await commands.set(key.revoked(sessionId), '1', 'PX', ttlMs);
    },
    async isSessionRevoked(sessionId) {
      return (await commands.exists(key.revoked(sessionId))) === 1;
    },

    async recordWaits(languageCode, waitsMs) {
      if (waitsMs.length === 0) return;
      // LPUSH of several values leaves the last one first: newest first, as one at a time would.
      const waits = waitsMs.map((ms) => String(Math.max(0, Math.round(ms))));
      await commands
        .multi()
        .lpush(key.waits(languageCode), ...waits)
        .ltrim(key.waits(languageCode), 0, WAIT_SAMPLES - 1)
        .lpush(key.waits(), ...waits)
        .ltrim(key.waits(), 0, WAIT_SAMPLES - 1)
        .exec();
    },
    async recentWaits(languageCode) {
      return (await commands.lrange(key.waits(languageCode), 0, -1)).map(Number);
    },

    ping: () => connections.ping(),

    reap,

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(reaper);
      listeners.clear();
      await connections.close();
    },
  };
}
