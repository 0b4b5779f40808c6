import type { FastifyBaseLogger } from 'fastify';
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';

/** A command gets this long before it fails, so a stalled Redis fails a request, not hangs it. */
export const COMMAND_TIMEOUT_MS = 500;
export const CONNECT_TIMEOUT_MS = 2_000;
/** Reconnect attempts back off by this much per attempt, up to the cap. */
const RECONNECT_STEP_MS = 100;
const RECONNECT_MAX_MS = 2_000;
/** On a cluster, how often the subscriptions are checked after a subscriber connection failed. */
const SUBSCRIPTION_CHECK_MS = 200;
/** Checks left to ioredis's own resubscription before the broker subscribes again itself. */
const CHECKS_BEFORE_RESUBSCRIBING = 10;

export type RedisClient = Redis | Cluster;
export type BrokerLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** One Redis (`url`), or the seed nodes of a Redis Cluster (redis:// URLs, one is enough). */
export type RedisTarget = { url: string } | { clusterNodes: readonly string[] };

export interface RedisConnections {
  commands: RedisClient;
  /** Subscribe on the connection(s) of their own, made on first use. */
  subscribe(channel: string): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  /** Resolves when Redis answers (on a cluster, every master). */
  ping(): Promise<void>;
  /**
   * Cluster: the subscriptions were found missing; subscribe again until every channel is heard,
   * then announce `onReconnected`. One Redis's subscriber notices by itself.
   */
  recover(): void;
  close(): Promise<void>;
}

export interface ConnectionHooks {
  log?: BrokerLog | undefined;
  onMessage(channel: string, raw: string): void;
  /** The subscriptions are back after the subscriber lost Redis (which may have come back empty). */
  onReconnected(): void;
  /**
   * Cluster only: whether every subscribed channel has its subscriber again (asked after a
   * subscriber connection failed, until it answers true); with `resubscribe`, it subscribes
   * again what is missing.
   */
  subscriptionsHeard?(resubscribe: boolean): Promise<boolean>;
}

const commandOptions: RedisOptions = {
  connectTimeout: CONNECT_TIMEOUT_MS,
  commandTimeout: COMMAND_TIMEOUT_MS,
  maxRetriesPerRequest: 1,
  // A command that timed out was answered as failed: it must not run later after all.
  autoResendUnfulfilledCommands: false,
};
const backoff = (attempt: number) => Math.min(attempt * RECONNECT_STEP_MS, RECONNECT_MAX_MS);

export function connectRedis(target: RedisTarget, hooks: ConnectionHooks): RedisConnections {
  return 'url' in target
    ? connectNode(target.url, hooks)
    : connectCluster(target.clusterNodes, hooks);
}

/** One Redis: a commands connection, and a second one that subscribes (it can do nothing else). */
function connectNode(url: string, hooks: ConnectionHooks): RedisConnections {
  const commands = new Redis(url, {
    ...commandOptions,
    retryStrategy: backoff,
    connectionName: 'parlo',
  });
  watch(commands, 'commands', hooks);
  let subscriber: Redis | undefined;
  function subscriberClient(): Redis {
    if (subscriber) return subscriber;
    // SUBSCRIBE waits for Redis however long it takes (an instance cannot do without its
    // channel); claims and deliveries meanwhile fail after the broker's bound.
    subscriber = commands.duplicate({
      connectionName: 'parlo-subscriber',
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      commandTimeout: undefined,
    });
    watch(subscriber, 'subscriber', hooks);
    subscriber.on('message', (channel: string, raw: string) => hooks.onMessage(channel, raw));
    return subscriber;
  }
  return {
    commands,
    subscribe: (channel) => subscriberClient().subscribe(channel),
    unsubscribe: (channel) => subscriberClient().unsubscribe(channel),
    async ping() {
      await commands.ping();
    },
    recover: () => {},
    close: () => Promise.all([quit(commands), subscriber && quit(subscriber)]).then(() => {}),
  };
}

/**
 * A Redis Cluster: a cluster client for commands, and one for the instance channels, which are
 * shard channels (SSUBSCRIBE on the node of their slot; ioredis follows the slot when it moves).
 */
function connectCluster(urls: readonly string[], hooks: ConnectionHooks): RedisConnections {
  const { nodes, auth } = clusterNodesOf(urls);
  const options: ClusterOptions = {
    clusterRetryStrategy: backoff,
    clusterNodeRetryStrategy: backoff,
    // Fail fast, as on one Redis: a command whose node is away fails (503) rather than waiting
    // for a failover and running after its caller was told it failed.
    retryDelayOnFailover: 0,
    retryDelayOnClusterDown: 0,
    slotsRefreshTimeout: CONNECT_TIMEOUT_MS,
    slotsRefreshInterval: 5_000,
  };
  const commands = new Cluster(nodes, {
    ...options,
    redisOptions: { ...commandOptions, ...auth, connectionName: 'parlo' },
  });
  watch(commands, 'commands', hooks);
  // ioredis connects to a node on its first command and, with the offline queue off, fails the
  // commands sent to it meanwhile: connect to each node as soon as it is known instead, and turn
  // the queue off once the nodes known at start are connected.
  commands.on('+node', (node: Redis) => {
    if (node.status === 'wait') node.connect().catch(() => undefined);
  });
  commands.on('ready', () => {
    const connecting = commands
      .nodes('all')
      .map((node) =>
        node.status === 'ready' ? Promise.resolve() : once(node, 'ready', CONNECT_TIMEOUT_MS),
      );
    void Promise.all(connecting).then(() => {
      commands.options.enableOfflineQueue = false;
    });
  });
  let subscriber: Cluster | undefined;
  let closed = false;
  let checking = false;

  /** After a subscriber connection failed: waits until every channel is heard again. */
  async function checkSubscriptions() {
    if (checking || closed || !hooks.subscriptionsHeard) return;
    checking = true;
    try {
      for (let check = 1; !closed; check++) {
        await new Promise((resolve) => setTimeout(resolve, SUBSCRIPTION_CHECK_MS));
        const resubscribe = check % CHECKS_BEFORE_RESUBSCRIBING === 0;
        if (await hooks.subscriptionsHeard(resubscribe).catch(() => false)) break;
      }
    } finally {
      checking = false;
    }
    if (!closed) {
      hooks.log?.info({ role: 'subscriber' }, 'redis subscriptions restored');
      hooks.onReconnected();
    }
  }

  function subscriberClient(): Cluster {
    if (subscriber) return subscriber;
    subscriber = new Cluster(nodes, {
      ...options,
      shardedSubscribers: true,
      enableOfflineQueue: true,
      redisOptions: {
        ...commandOptions,
        ...auth,
        connectionName: 'parlo-subscriber',
        maxRetriesPerRequest: null,
        commandTimeout: undefined,
      },
    });
    watch(subscriber, 'subscriber', hooks);
    subscriber.on('smessage', (channel: string, raw: string) => hooks.onMessage(channel, raw));
    // A shard subscriber that lost its node: ioredis subscribes again once the slot's node
    // answers; the broker hears it once the channels count their subscriber again.
    for (const event of ['-subscriber', 'nodeError']) {
      subscriber.on(event, () => void checkSubscriptions());
    }
    return subscriber;
  }

  // The subscribing client learns the slots now: an instance subscribes as it starts, and the
  // sockets it takes wait for that subscription (the broker's bound on it is short).
  subscriberClient();
  return {
    commands,
    recover: () => void checkSubscriptions(),
    subscribe: (channel) => subscriberClient().ssubscribe(channel),
    unsubscribe: (channel) => subscriberClient().sunsubscribe(channel),
    /** Every master: the slots of one that is away cannot be served. */
    async ping() {
      const masters = commands.nodes('master');
      if (commands.status !== 'ready' || masters.length === 0) {
        throw new Error(`redis cluster is ${commands.status}`);
      }
      await Promise.all(masters.map((node) => node.ping()));
    },
    async close() {
      closed = true;
      await Promise.all([quit(commands), subscriber && quit(subscriber)]);
    },
  };
}

/** Seed nodes from redis:// URLs; the credentials and TLS of the first serve every node. */
export function clusterNodesOf(urls: readonly string[]) {
  const parsed = urls.map((url) => new URL(url));
  const first = parsed[0];
  if (!first) throw new Error('a Redis Cluster needs at least one node');
  const auth: RedisOptions = {
    ...(first.username ? { username: decodeURIComponent(first.username) } : {}),
    ...(first.password ? { password: decodeURIComponent(first.password) } : {}),
    ...(first.protocol === 'rediss:' ? { tls: {} } : {}),
  };
  const nodes = parsed.map((url) => ({ host: url.hostname, port: Number(url.port || 6379) }));
  return { nodes, auth };
}

function watch(client: RedisClient, role: 'commands' | 'subscriber', hooks: ConnectionHooks) {
  const { log } = hooks;
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
    if (role === 'commands' && client instanceof Redis) client.options.enableOfflineQueue = false;
    if (lastError !== undefined) log?.info({ role }, 'redis connection restored');
    lastError = undefined;
    // The subscriber's return is what the instance channels need (it resubscribes them). A
    // cluster's shard subscribers are connections of their own: see checkSubscriptions.
    if (role === 'subscriber' && connectedBefore && client instanceof Redis) hooks.onReconnected();
    connectedBefore = true;
  });
}

/** Resolves on the client's `event`, or after `ms` whatever happened. */
function once(client: Redis, event: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    client.once(event, done);
    function done() {
      clearTimeout(timer);
      client.removeListener(event, done);
      resolve();
    }
  });
}

export type ScriptRun = (...keysAndArgs: (string | number)[]) => Promise<unknown>;

let scriptCount = 0;

/**
 * A Lua script as a command of the client: EVALSHA, with the first use on each connection sent
 * as EVAL, so scripts sent back to back keep their order even right after a reconnect.
 */
export function defineScript(client: RedisClient, lua: string, numberOfKeys: number): ScriptRun {
  const name = `parloScript${scriptCount++}`;
  client.defineCommand(name, { lua, numberOfKeys });
  const command = (client as unknown as Record<string, ScriptRun>)[name]!;
  return (...keysAndArgs) => command.apply(client, keysAndArgs);
}

/** QUIT when connected; a client still reconnecting is cut instead of waiting for Redis. */
async function quit(client: RedisClient) {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  await client.quit().catch(() => client.disconnect());
}
