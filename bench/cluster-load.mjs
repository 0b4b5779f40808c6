// Load on several instances behind nginx (the "Scale out" figures): 2 instances of the built
// server (apps/server/dist, run `npm run build` first) on this machine, sharing one PostgreSQL
// database of the run's own and one Redis database of the run's own, behind nginx rendered from
// deploy/nginx/parlo.conf.template (bench/support/cluster.mjs). No sticky sessions: nginx spreads
// requests and sockets over the instances, and the Redis broker delivers across them.
//
// Three parts, one JSON line each: `node cluster-load.mjs [match|sockets|rest|all]` (several
// separated by commas; or CLUSTER_PARTS; default all).
//
// - match: CLUSTER_USERS (5,000) users connect their socket through nginx, then press Find
//   (English, seeded levels) open-loop at CLUSTER_ARRIVALS_PER_S (100 finds/s), each at its
//   scheduled time whatever the servers' pace; then, after every session is ended and every
//   search cancelled, all of them at once (CLUSTER_BURST_CONCURRENCY finds in flight, 100), a
//   saturating burst. Latency is measured exactly as match-latency.mjs does
//   (bench/support/matching.mjs): for every session made, from the moment the later of its two
//   finds was sent to the moment the later of its two `session_created` arrived. Matches per
//   second = sessions / (first find sent -> last session_created). Goal: steady p99 < 25 ms.
// - sockets: CLUSTER_SOCKETS (10,000) idle authenticated sockets through nginx; each instance's
//   VmRSS and heap (after forced GCs, bench/support/memory-probe.mjs) before and after, per socket
//   it holds (its parlo_sockets_connected gauge), as socket-memory.mjs does for one instance.
//   nginx's own RSS (master and workers) is reported beside it.
// - rest: the REST mix (GET /api/v1/users/me, GET /api/v1/sessions, GET /api/v1/stats?language=en,
//   in turn, each round as the next of CLUSTER_REST_USERS seeded users with past sessions) with
//   autocannon, CLUSTER_REST_CONNECTIONS (50) connections for CLUSTER_REST_SECONDS (20 s): first
//   against one instance directly, then against the cluster through nginx. Each target gets a short
//   unmeasured warm-up. The load generator, nginx and both instances share this machine's cores.
//
// Small run: CLUSTER_USERS=400 CLUSTER_SOCKETS=1000 CLUSTER_REST_SECONDS=5 node cluster-load.mjs
// Redis: one database of the machine's Redis (BENCH_REDIS_URL), or with CLUSTER_REDIS=cluster a
// Redis Cluster of CLUSTER_REDIS_MASTERS (3) local redis-server processes started for the run
// (deploy/redis/cluster.mjs; the instances get REDIS_CLUSTER_NODES).
// Everything the run made (instances, nginx, the database, the Redis database or cluster) is
// removed on exit, on failure and on SIGINT/SIGTERM.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import {
  cpuSpentSince,
  cpuTimeUs,
  createDatabase,
  databaseCpuUs,
  ensureOpenFiles,
  inBatches,
  JWT_SECRET,
  mintAccessToken,
  openSocket,
  report,
  rssKb,
  seedSessions,
  seedUsers,
  sleep,
  summarize,
} from './lib.mjs';
import { startCluster } from './support/cluster.mjs';
import { connectSearchers, openLoop, seededLevels, warmUp } from './support/matching.mjs';
import { startRedisCluster } from '../deploy/redis/cluster.mjs';
import { claimRedisDatabase, redisServerPid } from './support/redis.mjs';

const env = process.env;
const num = (name, fallback) => Number(env[name] ?? fallback);
const INSTANCES = num('CLUSTER_INSTANCES', 2);
const USERS = num('CLUSTER_USERS', 5000);
const ARRIVALS_PER_S = num('CLUSTER_ARRIVALS_PER_S', 100);
const BURST_CONCURRENCY = num('CLUSTER_BURST_CONCURRENCY', 100);
const WARMUP_USERS = num('CLUSTER_WARMUP_USERS', 200);
const SOCKETS = num('CLUSTER_SOCKETS', 10_000);
const SOCKET_WARMUP = 50;
const SETTLE_MS = num('CLUSTER_SETTLE_MS', 3000);
const REST_SECONDS = num('CLUSTER_REST_SECONDS', 20);
const REST_CONNECTIONS = num('CLUSTER_REST_CONNECTIONS', 50);
const REST_USERS = num('CLUSTER_REST_USERS', 200);
const REST_SESSIONS_PER_USER = 10;
const REDIS_DB = env.CLUSTER_REDIS_DB === undefined ? undefined : Number(env.CLUSTER_REDIS_DB);
const REDIS_MODE = env.CLUSTER_REDIS ?? 'node';
const REDIS_MASTERS = num('CLUSTER_REDIS_MASTERS', 3);
if (!['node', 'cluster'].includes(REDIS_MODE)) {
  console.error(`CLUSTER_REDIS must be node or cluster, not "${REDIS_MODE}"`);
  process.exit(2);
}
const API_KEY = env.API_KEY ?? 'parlo-dev-key';
const MATCH_GOAL_P99_MS = 25;
const SOCKET_GOAL_KB = 50;

const PARTS = { match: matchPart, sockets: socketsPart, rest: restPart };
const asked = (process.argv[2] ?? env.CLUSTER_PARTS ?? 'all').split(',').filter(Boolean);
const selected = asked.includes('all') ? Object.keys(PARTS) : asked;
for (const name of selected) {
  if (!PARTS[name]) {
    console.error(`unknown part "${name}"; one of ${Object.keys(PARTS).join(', ')}, all`);
    process.exit(2);
  }
}

// ---------------------------------------------------------------------------------------------
// Cleanup: every resource registers its undo as it is made; they run last-first at the end of a
// part, on failure, and on SIGINT/SIGTERM.

let cleanups = [];
const defer = (what, undo) => cleanups.push({ what, undo });
async function cleanUp() {
  const pending = cleanups.reverse();
  cleanups = [];
  for (const { what, undo } of pending) {
    try {
      await undo();
    } catch (error) {
      console.error(`cleanup of ${what} failed:`, error);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

/** Redis for the run: a database of the machine's Redis, or a Redis Cluster of its own. */
async function sharedRedis(label) {
  if (REDIS_MODE === 'cluster') {
    const redisCluster = await startRedisCluster({ masters: REDIS_MASTERS });
    defer('redis cluster', () => redisCluster.stop());
    return {
      env: { REDIS_CLUSTER_NODES: redisCluster.urls.join(',') },
      report: { redis: `cluster of ${REDIS_MASTERS} masters` },
      pids: await Promise.all(redisCluster.urls.map(redisServerPid)),
    };
  }
  const redis = await claimRedisDatabase({ db: REDIS_DB, label: `cluster-load ${label}` });
  defer('redis database', () => redis.release());
  return {
    env: { REDIS_URL: redis.url },
    report: { redis: 'one node', redis_db: redis.db },
    pids: [await redisServerPid(redis.url)],
  };
}

/** A database and Redis of the run's own, and the cluster on them. */
async function cluster(label, { probe = false } = {}) {
  const database = await createDatabase(label);
  defer('database', () => database.drop());
  const redis = await sharedRedis(label);
  const started = await startCluster({
    instances: INSTANCES,
    env: { DATABASE_URL: database.url, ...redis.env, JWT_SECRET },
    probe,
  });
  defer('cluster', () => started.stop());
  return { database, redis, cluster: started };
}

/** The instance's parlo_sockets_connected gauge (GET /metrics on the instance, from loopback). */
async function socketsOn(server) {
  const res = await fetch(`${server.baseUrl}/metrics`);
  const text = await res.text();
  const match = /^parlo_sockets_connected(?:\{[^}]*\})?\s+(\d+)/m.exec(text);
  if (!res.ok || !match) throw new Error(`no parlo_sockets_connected at ${server.baseUrl}/metrics`);
  return Number(match[1]);
}

const socketsPerInstance = (servers) => Promise.all(servers.map(socketsOn));

/** A process's CPU time so far (user + system, µs); 0 once it has gone. */
function processCpuUs(pid) {
  try {
    const { user, system } = cpuTimeUs(pid);
    return user + system;
  } catch {
    return 0;
  }
}

/**
 * CPU time (µs) used so far by each part of the run: the instances, nginx (master and workers),
 * Redis, the instances' PostgreSQL backends, and this load generator.
 */
async function cpuByPart(entrance, databaseUrl, redisPids) {
  const sum = (pids) => pids.reduce((total, pid) => total + processCpuUs(pid), 0);
  const own = process.cpuUsage();
  return {
    instances: sum(entrance.servers.map((server) => server.pid)),
    nginx: sum([entrance.nginxPid, ...readChildren(entrance.nginxPid)]),
    redis: sum(redisPids),
    database: await databaseCpuUs(databaseUrl),
    load_generator: own.user + own.system,
  };
}

// ---------------------------------------------------------------------------------------------
// match

async function matchPart() {
  const { database, redis, cluster: entrance } = await cluster('cmatch');
  const ids = await seedUsers(database.url, USERS, { levelOf: seededLevels() });
  const connectStart = performance.now();
  const crowd = await connectSearchers(entrance, ids);
  defer('match sockets', () => crowd.close());
  const connectS = (performance.now() - connectStart) / 1000;
  const spread = await socketsPerInstance(entrance.servers);
  const { users, measure, reset } = crowd;

  /** A find that fails (5xx, 502 from nginx...) is counted, not fatal: its user stays unpaired. */
  const failures = new Map();
  const find = (user) =>
    crowd.find(user).catch((error) => {
      const key = String(error.message).slice(0, 80);
      failures.set(key, (failures.get(key) ?? 0) + 1);
    });
  const failed = () => {
    const out = { count: [...failures.values()].reduce((a, b) => a + b, 0) };
    if (out.count > 0) out.first = Object.fromEntries([...failures].slice(0, 3));
    failures.clear();
    return out;
  };

  await warmUp(crowd, find, { count: WARMUP_USERS, perSecond: ARRIVALS_PER_S });
  failed();

  // Steady: open-loop arrivals at a fixed rate.
  const steadyStart = performance.now();
  const sends = await openLoop(users, ARRIVALS_PER_S, find);
  const sentS = (performance.now() - steadyStart) / 1000;
  await Promise.all(sends);
  const steady = await measure('steady');
  const steadyS = (crowd.lastCreated() - steadyStart) / 1000;
  const steadyFailed = failed();
  await reset();

  // Burst: everyone at once, bounded in flight.
  const cpuBefore = await cpuByPart(entrance, database.url, redis.pids);
  const burstStart = performance.now();
  await inBatches(users, BURST_CONCURRENCY, find);
  const burst = await measure('burst');
  const burstS = (crowd.lastCreated() - burstStart) / 1000;
  const cpuAfter = await cpuByPart(entrance, database.url, redis.pids);
  const burstFailed = failed();
  await reset();
  // µs of CPU per session made, by part (the settling wait after the last one costs next to
  // nothing); with the shared Redis, its other clients' work counts too.
  const cpuUsPerMatch = Object.fromEntries(
    Object.keys(cpuAfter).map((part) => {
      const spent =
        part === 'database'
          ? cpuSpentSince(cpuBefore.database, cpuAfter.database)
          : cpuAfter[part] - cpuBefore[part];
      return [part, burst.sessions > 0 ? Math.round(spent / burst.sessions) : null];
    }),
  );

  const steadyStats = summarize(steady.latencies);
  const burstStats = summarize(burst.latencies);
  report({
    bench: 'cluster-load',
    part: 'match',
    instances: INSTANCES,
    users_searching: USERS,
    sockets_per_instance: spread,
    connect_s: +connectS.toFixed(1),
    // Sockets the servers closed after they opened (none expected): their users cannot match.
    sockets_closed_by_server: crowd.closedByServer(),
    steady: {
      warmup_users: WARMUP_USERS,
      arrivals_per_s: ARRIVALS_PER_S,
      // What the load generator managed: below arrivals_per_s means it fell behind its schedule.
      arrivals_sent_per_s: +(USERS / Math.max(sentS, 1e-3)).toFixed(1),
      sessions: steady.sessions,
      matches_per_s: +(steady.sessions / steadyS).toFixed(1),
      users_left_waiting: steady.unpaired,
      failed_finds: steadyFailed,
      p50_ms: steadyStats.p50_ms,
      p99_ms: steadyStats.p99_ms,
      max_ms: steadyStats.max_ms,
    },
    burst: {
      concurrency: BURST_CONCURRENCY,
      sessions: burst.sessions,
      matches_per_s: +(burst.sessions / burstS).toFixed(1),
      users_left_waiting: burst.unpaired,
      failed_finds: burstFailed,
      p50_ms: burstStats.p50_ms,
      p99_ms: burstStats.p99_ms,
      max_ms: burstStats.max_ms,
      cpu_us_per_match: cpuUsPerMatch,
    },
    goal: `p99 < ${MATCH_GOAL_P99_MS} ms (second find sent -> both session_created), ${INSTANCES} instances behind nginx, steady run`,
    goal_p99_ms: MATCH_GOAL_P99_MS,
    within_goal: steadyStats.p99_ms !== null && steadyStats.p99_ms < MATCH_GOAL_P99_MS,
    ...redis.report,
    database: 'postgresql (pool default 10 per instance)',
  });
}

// ---------------------------------------------------------------------------------------------
// sockets

/**
 * RSS of a process and of its children (nginx: the master and its workers), in KB, and each
 * child's open file descriptors (an nginx worker: ~2 per proxied socket, against its
 * worker_connections and its open-files limit).
 */
function treeRssKb(pid) {
  let total = rssKb(pid);
  const children = readChildren(pid);
  for (const child of children) total += rssKb(child);
  const fds = children.map((child) => {
    try {
      return readdirSync(`/proc/${child}/fd`).length;
    } catch {
      return null;
    }
  });
  return { kb: total, processes: 1 + children.length, fds };
}

function readChildren(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

async function socketsPart() {
  // This process holds every client socket; the instances and nginx inherit the limit.
  const limit = ensureOpenFiles(SOCKETS + SOCKET_WARMUP + 1000);
  const { database, redis, cluster: entrance } = await cluster('csockets', { probe: true });
  const ids = await seedUsers(database.url, SOCKETS + SOCKET_WARMUP);
  const tokens = await Promise.all(
    ids.map((id) => mintAccessToken(id, { issuer: entrance.publicUrl })),
  );

  const measure = async () => {
    await sleep(SETTLE_MS);
    const counts = await socketsPerInstance(entrance.servers);
    const instances = await Promise.all(
      entrance.servers.map(async (server, i) => {
        const usage = await server.memory();
        return {
          sockets: counts[i],
          rssKb: rssKb(server.pid),
          heapKb: usage.heapUsed / 1024,
          externalKb: usage.external / 1024,
        };
      }),
    );
    return { instances, nginx: treeRssKb(entrance.nginxPid) };
  };

  const opened = [];
  defer('idle sockets', () => {
    for (const ws of opened) ws.terminate();
  });
  const warm = await inBatches(tokens.slice(SOCKETS), 25, (token) => openSocket(entrance, token));
  for (const ws of warm) ws.close();
  const before = await measure();

  const refusals = new Map();
  const openStart = performance.now();
  await inBatches(tokens.slice(0, SOCKETS), 50, async (token) => {
    try {
      opened.push(await openSocket(entrance, token));
    } catch (error) {
      const key = String(error.message).slice(0, 80);
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    }
  });
  const openS = (performance.now() - openStart) / 1000;
  const after = await measure();

  const instances = after.instances.map((a, i) => {
    const b = before.instances[i];
    const n = a.sockets - b.sockets;
    const per = (key) => (n > 0 ? +((a[key] - b[key]) / n).toFixed(2) : null);
    return {
      sockets: n,
      rss_before_mb: +(b.rssKb / 1024).toFixed(1),
      rss_after_mb: +(a.rssKb / 1024).toFixed(1),
      rss_per_socket_kb: per('rssKb'),
      heap_used_per_socket_kb: per('heapKb'),
      external_per_socket_kb: per('externalKb'),
    };
  });
  const refused = [...refusals.values()].reduce((a, b) => a + b, 0);
  const worst = Math.max(...instances.map((instance) => instance.rss_per_socket_kb ?? Infinity));
  report({
    bench: 'cluster-load',
    part: 'sockets',
    ...redis.report,
    sockets: SOCKETS,
    opened: opened.length,
    refused,
    ...(refused > 0 ? { refusals: Object.fromEntries([...refusals].slice(0, 3)) } : {}),
    open_s: +openS.toFixed(1),
    instances,
    nginx: {
      processes: after.nginx.processes,
      worker_fds_after: after.nginx.fds,
      rss_before_mb: +(before.nginx.kb / 1024).toFixed(1),
      rss_after_mb: +(after.nginx.kb / 1024).toFixed(1),
      rss_per_socket_kb: opened.length
        ? +((after.nginx.kb - before.nginx.kb) / opened.length).toFixed(2)
        : null,
    },
    client_open_files_limit: limit.soft,
    goal: `<= ${SOCKET_GOAL_KB} KB RSS per idle authenticated socket on each instance`,
    goal_kb: SOCKET_GOAL_KB,
    within_goal: refused === 0 && worst <= SOCKET_GOAL_KB,
  });
}

// ---------------------------------------------------------------------------------------------
// rest

/** One autocannon run of the REST mix against `baseUrl`; each round is the next user's. */
function restMix(baseUrl, tokens, seconds) {
  let next = 0;
  const as = (request, context) => {
    context.token ??= tokens[next++ % tokens.length];
    return {
      ...request,
      headers: { ...request.headers, authorization: `Bearer ${context.token}` },
    };
  };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections: REST_CONNECTIONS,
        duration: seconds,
        headers: { 'x-api-key': API_KEY },
        requests: [
          { method: 'GET', path: '/api/v1/users/me', setupRequest: as },
          { method: 'GET', path: '/api/v1/sessions', setupRequest: as },
          { method: 'GET', path: '/api/v1/stats?language=en', setupRequest: as },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const restSummary = (result) => ({
  req_per_s: Math.round(result.requests.average),
  p50_ms: result.latency.p50,
  p99_ms: result.latency.p99,
  max_ms: result.latency.max,
  requests: result.requests.total,
  non_2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
});

async function restPart() {
  const { database, redis, cluster: entrance } = await cluster('crest');
  const ids = await seedUsers(database.url, REST_USERS);
  const sessions = await seedSessions(database.url, ids, REST_SESSIONS_PER_USER);
  // Tokens name the cluster's PUBLIC_URL as issuer, which every instance has.
  const tokens = await Promise.all(
    ids.map((id) => mintAccessToken(id, { issuer: entrance.publicUrl })),
  );
  const warmUpS = Math.min(3, REST_SECONDS);
  const single = entrance.servers[0].baseUrl;

  await restMix(single, tokens, warmUpS);
  const one = restSummary(await restMix(single, tokens, REST_SECONDS));
  await restMix(entrance.baseUrl, tokens, warmUpS);
  const many = restSummary(await restMix(entrance.baseUrl, tokens, REST_SECONDS));
  report({
    bench: 'cluster-load',
    part: 'rest',
    ...redis.report,
    mix: ['GET /api/v1/users/me', 'GET /api/v1/sessions', 'GET /api/v1/stats?language=en'],
    users: REST_USERS,
    past_sessions: sessions,
    duration_s: REST_SECONDS,
    connections: REST_CONNECTIONS,
    single_instance: { target: 'one instance directly (same PostgreSQL and Redis)', ...one },
    cluster: { target: `${INSTANCES} instances through nginx`, ...many },
    ratio_cluster_vs_single: +(many.req_per_s / one.req_per_s).toFixed(2),
    note: 'one 2-core machine: instances, nginx and autocannon share the cores',
  });
}

// ---------------------------------------------------------------------------------------------

for (const name of selected) {
  try {
    await PARTS[name]();
  } catch (error) {
    console.error(`cluster-load ${name} failed:`, error);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}
