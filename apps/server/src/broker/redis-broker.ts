import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import {
  ENQUEUE_SNAPSHOT_MAX,
  WAIT_SAMPLES,
  type Broker,
  type BrokerEvent,
  type QueueTicket,
} from './broker.ts';
import {
  CANCEL,
  CLAIM_PAIR,
  CLAIM_PRESENCE,
  DELIVER,
  ENQUEUE,
  HIT,
  IS_ONLINE,
  ONLINE_AMONG,
  REAP_INSTANCES,
  REASSERT_PRESENCE,
  RELEASE_PRESENCE,
  TICKETS,
  TICKET_OF,
} from './redis-scripts.ts';

export const DEFAULT_KEY_PREFIX = 'parlo:';

/** A command gets this long before it fails, so a stalled Redis fails a request, not hangs it. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2_000;
/** Reconnect attempts back off by this much per attempt, up to the cap. */
const RECONNECT_STEP_MS = 100;
const RECONNECT_MAX_MS = 2_000;
/** How often each instance registers itself and looks for instances that died. */
export const REAP_INTERVAL_MS = 5_000;
/**
 * The users of a dead instance keep their presence and queue tickets this long, time to connect
 * again elsewhere (clients come back within seconds); then they are forgotten.
 */
export const DEAD_INSTANCE_GRACE_MS = 30_000;

export interface RedisBroker extends Broker {
  /** Resolves when Redis answers a PING; for /health. */
  ping(): Promise<void>;
  /**
   * Registers this broker's instances and forgets instances dead past the grace (it runs every
   * REAP_INTERVAL_MS once an instance subscribes); answers what it forgot.
   */
  reap(): Promise<{ instances: number; users: number }>;
}

export interface RedisBrokerOptions {
  url: string;
  /** Every key and channel starts with it; several deployments (or test runs) share one Redis. */
  keyPrefix?: string;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** DEAD_INSTANCE_GRACE_MS unless set (tests). */
  deadInstanceGraceMs?: number;
}

/**
 * The broker of several instances (DESIGN §2 Seams: Broker), kept in one Redis. Keys, under the
 * prefix:
 *   presence                 hash user id → instance id holding the socket
 *   presence:of:<id>         set of the users whose socket that instance holds
 *   instances                set of the instance ids seen; instances:dead hash id → dead since
 *   instance:<id>            pub/sub channel of the events for that instance's sockets; an
 *                            instance with no subscriber on it is dead (see PRESENCE in scripts)
 *   queue:users              hash user id → "<language> <ticket id>" (one ticket per user)
 *   queue:languages          set of languages with at least one ticket
 *   {q:<lang>}:tickets       hash ticket id → ticket JSON
 *   {q:<lang>}:order         sorted set of ticket ids by enqueuedAt
 *   hits:<key>               fixed-window counters (INCR, expiring with the window)
 *   waits:<lang>, waits:*    lists of the last WAIT_SAMPLES match waits (ms), newest first
 *   revoked:<session id>     a revoked sign-in session, expiring with its last access token
 *
 * Redis Cluster (not used yet): the `{q:<lang>}` hash tag puts each language's queue in one slot,
 * so claimPair, which only pairs within a language, touches one slot but for the user index. On
 * Cluster the index moves next to each queue (or is updated in a second step that only removes
 * entries still naming the claimed ticket ids), and the language keys are passed as KEYS rather
 * than named inside the scripts.
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
  const key = {
    presence: `${prefix}presence`,
    queueUsers: `${prefix}queue:users`,
    queueLanguages: `${prefix}queue:languages`,
    channelPrefix: `${prefix}instance:`,
    hits: (name: string) => `${prefix}hits:${name}`,
    /** Recent match waits of a language; `waits:*` holds those of every language. */
    waits: (languageCode?: string) => `${prefix}waits:${languageCode ?? '*'}`,
    revoked: (sessionId: string) => `${prefix}revoked:${sessionId}`,
  };
  const queueKeys = (languageCode: string) => {
    const tag = `${prefix}{q:${languageCode}}`;
    return { tickets: `${tag}:tickets`, order: `${tag}:order` };
  };

  const clientOptions: RedisOptions = {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    // A command that timed out was answered as failed: it must not run later after all.
    autoResendUnfulfilledCommands: false,
    retryStrategy: (attempt) => Math.min(attempt * RECONNECT_STEP_MS, RECONNECT_MAX_MS),
  };
  const commands = new Redis(options.url, { ...clientOptions, connectionName: 'parlo' });
  // A subscribing connection can send nothing else, hence a second one, made on first subscribe.
  let subscriber: Redis | undefined;
  watch(commands, 'commands');

  function watch(client: Redis, role: 'commands' | 'subscriber') {
    let lastError: string | undefined;
    client.on('error', (error: Error) => {
      // Each failed reconnect emits the same error again: log a change, not every attempt.
      if (error.message === lastError) return;
      lastError = error.message;
      log?.warn({ err: error, role }, 'redis connection failed');
    });
    let connectedBefore = false;
    client.on('ready', () => {
      // Commands sent while starting wait for the first connection; after it, a command sent
      // while Redis is away fails at once instead of queueing up to run late.
      if (role === 'commands') client.options.enableOfflineQueue = false;
      if (lastError !== undefined) log?.info({ role }, 'redis connection restored');
      lastError = undefined;
      // The subscriber's return is what the instance channels need (it resubscribes them).
      if (role === 'subscriber' && connectedBefore) announceReconnected();
      connectedBefore = true;
    });
  }

  const script = (lua: string, numberOfKeys: number) => defineScript(commands, lua, numberOfKeys);
  const run = {
    deliver: script(DELIVER, 1),
    claimPresence: script(CLAIM_PRESENCE, 1),
    reassertPresence: script(REASSERT_PRESENCE, 1),
    releasePresence: script(RELEASE_PRESENCE, 1),
    isOnline: script(IS_ONLINE, 1),
    onlineAmong: script(ONLINE_AMONG, 1),
    reap: script(REAP_INSTANCES, 3),
    hit: script(HIT, 1),
    enqueue: script(ENQUEUE, 2),
    cancel: script(CANCEL, 2),
    claimPair: script(CLAIM_PAIR, 3),
    ticketOf: script(TICKET_OF, 1),
    tickets: script(TICKETS, 2),
  };

  const listeners = new Map<string, Set<(event: BrokerEvent) => void>>();

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
  /** SUBSCRIBEs under way: a claim or a delivery waits for them, so nothing is sent unheard. */
  let subscribing: Promise<unknown> | undefined;

  function subscriberClient(): Redis {
    if (subscriber) return subscriber;
    // SUBSCRIBE waits for Redis however long it takes (an instance cannot do without its
    // channel); claims and deliveries meanwhile fail after waitForSubscriptions' bound.
    subscriber = commands.duplicate({
      connectionName: 'parlo-subscriber',
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      commandTimeout: undefined,
    });
    watch(subscriber, 'subscriber');
    subscriber.on('message', (channel: string, raw: string) => {
      if (!listeners.has(channel)) return;
      let event: BrokerEvent;
      try {
        event = JSON.parse(raw) as BrokerEvent;
      } catch (error) {
        log?.error({ err: error, channel }, 'unreadable broker event');
        return;
      }
      dispatch(channel, event);
    });
    return subscriber;
  }

  function track(command: Promise<unknown>) {
    const settled = command.catch((error: unknown) => {
      log?.error({ err: error }, 'redis subscription change failed');
    });
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
        COMMAND_TIMEOUT_MS,
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

  const queueScript = (queueRun: ScriptRun, ...args: (string | number)[]) =>
    queueRun(key.queueUsers, key.queueLanguages, prefix, ...args);

  async function reap() {
    const instances = [...listeners.keys()].map((channel) =>
      channel.slice(key.channelPrefix.length),
    );
    const [forgottenInstances, users] = (await run.reap(
      key.presence,
      key.queueUsers,
      key.queueLanguages,
      prefix,
      options.deadInstanceGraceMs ?? DEAD_INSTANCE_GRACE_MS,
      ...instances,
    )) as [number, number];
    if (forgottenInstances > 0) {
      log?.info({ instances: forgottenInstances, users }, 'forgot instances that died');
    }
    return { instances: forgottenInstances, users };
  }

  const reaper = setInterval(() => {
    if (listeners.size === 0 || commands.status !== 'ready') return;
    reap().catch((error: unknown) => log?.warn({ err: error }, 'reaping dead instances failed'));
  }, REAP_INTERVAL_MS);
  reaper.unref();

  let closed = false;

  return {
    async hit(name, windowMs) {
      const [count, resetInMs] = (await run.hit(key.hits(name), windowMs)) as [number, number];
      return { count, resetInMs };
    },

    async claimPresence(userId, instanceId) {
      await settledSubscriptions();
      return (await run.claimPresence(key.presence, prefix, userId, instanceId)) === 1;
    },
    async reassertPresence(instanceId, userIds) {
      await settledSubscriptions();
      const taken: string[] = [];
      // In slices: a script's arguments sit on the Lua stack.
      for (let first = 0; first < userIds.length; first += 1000) {
        const slice = userIds.slice(first, first + 1000);
        taken.push(
          ...((await run.reassertPresence(key.presence, prefix, instanceId, ...slice)) as string[]),
        );
      }
      return taken;
    },
    async releasePresence(userId, instanceId) {
      await run.releasePresence(key.presence, prefix, userId, instanceId);
    },
    async isOnline(userId) {
      return (await run.isOnline(key.presence, prefix, userId)) === 1;
    },
    async onlineAmong(userIds) {
      const found: string[] = [];
      // In slices: a script's arguments sit on the Lua stack.
      for (let first = 0; first < userIds.length; first += 1000) {
        const slice = userIds.slice(first, first + 1000);
        found.push(...((await run.onlineAmong(key.presence, prefix, ...slice)) as string[]));
      }
      return found;
    },
    onlineCount: () => commands.hlen(key.presence),

    subscribe(instanceId, listener) {
      const channel = `${key.channelPrefix}${instanceId}`;
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        track(subscriberClient().subscribe(channel));
      }
      set.add(listener);
      return () => {
        const current = listeners.get(channel);
        if (!current?.delete(listener) || current.size > 0) return;
        listeners.delete(channel);
        if (!closed) track(subscriberClient().unsubscribe(channel));
      };
    },
    deliver: (userId, message) => publish(userId, { kind: 'message', userId, message }),
    disconnect: (userId, code, reason) =>
      publish(userId, { kind: 'disconnect', userId, code, reason }),

    async enqueue(ticket) {
      const list = (await queueScript(
        run.enqueue,
        ticket.userId,
        ticket.languageCode,
        ticket.id,
        ticket.enqueuedAt,
        JSON.stringify(ticket),
        ENQUEUE_SNAPSHOT_MAX,
      )) as string[] | null;
      return list && list.map((json) => JSON.parse(json) as QueueTicket);
    },
    async cancel(userId) {
      return parseTicket((await queueScript(run.cancel, userId)) as string | null);
    },
    async ticketOf(userId) {
      return parseTicket((await run.ticketOf(key.queueUsers, prefix, userId)) as string | null);
    },
    async tickets(languageCode) {
      const { tickets, order } = queueKeys(languageCode);
      const list = (await run.tickets(tickets, order)) as string[];
      return list.map((json) => JSON.parse(json) as QueueTicket);
    },
    queuedLanguages: () => commands.smembers(key.queueLanguages),
    async claimPair(first, second) {
      const claimed = await run.claimPair(
        key.queueUsers,
        key.queueLanguages,
        key.presence,
        prefix,
        first.userId,
        first.id,
        second.userId,
        second.id,
      );
      return claimed === 1;
    },

    async revokeSession(sessionId, ttlMs) {
      await commands.set(key.revoked(sessionId), '1', 'PX', ttlMs);
    },
    async isSessionRevoked(sessionId) {
      return (await commands.exists(key.revoked(sessionId))) === 1;
    },

    async recordWait(languageCode, waitMs) {
      const wait = String(Math.max(0, Math.round(waitMs)));
      await commands
        .multi()
        .lpush(key.waits(languageCode), wait)
        .ltrim(key.waits(languageCode), 0, WAIT_SAMPLES - 1)
        .lpush(key.waits(), wait)
        .ltrim(key.waits(), 0, WAIT_SAMPLES - 1)
        .exec();
    },
    async recentWaits(languageCode) {
      return (await commands.lrange(key.waits(languageCode), 0, -1)).map(Number);
    },

    async ping() {
      await commands.ping();
    },

    reap,

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(reaper);
      listeners.clear();
      await Promise.all([quit(commands), subscriber ? quit(subscriber) : undefined]);
    },
  };
}

type ScriptRun = (...keysAndArgs: (string | number)[]) => Promise<unknown>;

let scriptCount = 0;

/**
 * A Lua script as a command of the client: EVALSHA, with the first use on each connection sent
 * as EVAL, so scripts sent back to back keep their order even right after a reconnect.
 */
function defineScript(client: Redis, lua: string, numberOfKeys: number): ScriptRun {
  const name = `parloScript${scriptCount++}`;
  client.defineCommand(name, { lua, numberOfKeys });
  const command = (client as unknown as Record<string, ScriptRun>)[name]!;
  return (...keysAndArgs) => command.apply(client, keysAndArgs);
}

/** QUIT when connected; a client still reconnecting is cut instead of waiting for Redis. */
async function quit(client: Redis) {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  await client.quit().catch(() => client.disconnect());
}
