// Shared helpers for the bench harnesses: start the built server on a free port and wait for it,
// a PostgreSQL database of the bench's own with seeded users, access tokens and sockets.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import WebSocket from 'ws';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitFor(url, timeoutMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

/**
 * The Node.js flags the server runs with in production (`npm run start:built`, apps/server's
 * package.json; docs/operations.md): a larger young generation, so that thousands of sockets'
 * garbage is collected in fewer, shorter pauses. The benches measure the server as it runs.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * Starts apps/server/dist/main.js (run `npm run build` first) with embedded defaults, listening on
 * `host` (loopback unless told). Returns the child's pid; with `{ probe: true }` the server also
 * loads bench/support/memory-probe.mjs (and
 * --expose-gc) so `memory()` can force a collection and read process.memoryUsage() over IPC.
 */
/**
 * Waits for a spawned server's GET /health; one that is not up in time, or exits first, is
 * stopped (it must not outlive the failed start) and the wait throws.
 */
export async function untilUp(child, exited, baseUrl) {
  try {
    await Promise.race([
      waitFor(`${baseUrl}/health`),
      exited.then((code) => {
        throw new Error(`server exited with ${code} before it was up`);
      }),
    ]);
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    throw error;
  }
}

export async function startServer(extraEnv = {}, { probe = false, host = '127.0.0.1' } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlo-bench-'));
  const nodeArgs = probe
    ? ['--expose-gc', '--import', path.join(root, 'bench/support/memory-probe.mjs')]
    : // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
      (process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []);
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...nodeArgs, path.join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: host,
        PUBLIC_URL: `http://${host}:${port}`,
        DATA_DIR: dataDir,
        RATE_LIMIT_MAX: '100000000',
        SIGNIN_RATE_LIMIT_MAX: '100000000',
        // No access lines unless asked: BENCH_LOG_LEVEL=info measures the default level.
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        ...extraEnv,
      },
      // The server logs to stdout, dropped unless BENCH_SERVER_LOGS=1 passes it on (warnings
      // and errors at the default BENCH_LOG_LEVEL): a failed run's cause is often there.
      stdio: [
        'ignore',
        process.env.BENCH_SERVER_LOGS === '1' ? 'inherit' : 'ignore',
        'inherit',
        ...(probe ? ['ipc'] : []),
      ],
    },
  );
  const baseUrl = `http://${host}:${port}`;
  // The data directory goes with the process, however it ends.
  const exited = new Promise((resolve) => child.once('exit', resolve)).then((code) => {
    rmSync(dataDir, { recursive: true, force: true });
    return code;
  });
  await untilUp(child, exited, baseUrl);
  return {
    baseUrl,
    wsUrl: `ws://${host}:${port}/ws`,
    publicUrl: baseUrl,
    pid: child.pid,
    /** With `probe`: runs gc() in the server, then answers process.memoryUsage() (bytes). */
    memory: () =>
      new Promise((resolve, reject) => {
        if (!probe) return reject(new Error('start the server with { probe: true }'));
        child.once('message', resolve);
        child.send('measure');
      }),
    /** SIGTERM (a graceful shutdown), SIGKILL if still running 15 s later; resolves on exit. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await exited;
    },
  };
}

/**
 * Starts a floor server (a script of bench/support that serves on PORT with DATABASE_URL) as a
 * process of its own, with the same node flags as Parlo's server, on a free port; resolves once
 * it answers /health.
 */
export async function startFloorProcess(script, databaseUrl, { host = '127.0.0.1' } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, script], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: host },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const baseUrl = `http://${host}:${port}`;
  await untilUp(child, exited, baseUrl);
  return {
    baseUrl,
    wsUrl: `ws://${host}:${port}/ws`,
    publicUrl: baseUrl,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The dashboard's start-up calls (apps/web/src/features/dashboard/api/prefetch-dashboard.ts, the
 * user's read, and the members' layout's warnings), the health check and refresh left out.
 */
export const DASHBOARD_CALLS = [
  '/api/v1/users/me',
  '/api/v1/subscriptions/user/active',
  '/api/v1/usages',
  '/api/v1/bonus-tokens/count',
  '/api/v1/users/me/calibration',
  '/api/v1/sessions?page=1&pageSize=10',
  '/api/v1/users/me/warnings',
];

/** Linux counts a process's CPU time in clock ticks of 10 ms (getconf CLK_TCK = 100). */
const CLOCK_TICK_US = 10_000;

/** A process's CPU time so far in µs (user, system), from /proc/<pid>/stat (Linux). */
export function cpuTimeUs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) * CLOCK_TICK_US, system: Number(fields[12]) * CLOCK_TICK_US };
}

/**
 * CPU time (user + system, µs) used so far by each PostgreSQL backend connected to the database
 * of `databaseUrl` (a server's pool), by pid, read from /proc; this query's own backend left out.
 * Compare two readings with `cpuSpentSince`.
 */
export async function databaseCpuUs(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const byPid = new Map();
    for (const { pid } of rows) {
      try {
        const { user, system } = cpuTimeUs(pid);
        byPid.set(pid, user + system);
      } catch {
        // A backend that ended in between.
      }
    }
    return byPid;
  } finally {
    await client.end();
  }
}

/**
 * CPU (µs) the processes of `after` (pid → CPU so far) spent since `before`: a backend that
 * started in between counts whole; one that ended in between is lost (a pool closing an idle
 * connection), which a plain difference of totals would count as negative.
 */
export function cpuSpentSince(before, after) {
  let spent = 0;
  for (const [pid, cpu] of after) spent += cpu - (before.get(pid) ?? 0);
  return spent;
}

/** Resident set size of a process in KB, from /proc/<pid>/status (Linux). */
export function rssKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export const round = (value, digits = 2) => (value === null ? null : +value.toFixed(digits));

/** p50/p99/max (and count) of a list of milliseconds. */
export function summarize(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50_ms: round(percentile(sorted, 50)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted.at(-1) ?? null),
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a database of the bench's own, seeded directly with onboarded users.

export const ADMIN_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const JWT_SECRET = 'bench-jwt-secret-0123456789abcdef0123456789abcdef';
export const API_KEY = process.env.API_KEY ?? 'parlo-dev-key';

/** Creates a fresh database `parlo_bench_<label>_<random>`; returns its URL and a drop(). */
export async function createDatabase(label) {
  const name = `parlo_bench_${label}_${randomBytes(4).toString('hex')}`;
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Inserts `count` complete, onboarded accounts the way auth-repo createAccount does (users row
 * with provider 'google' and the free subscription), plus a profile (adult, KR, current language
 * 'en') and English at `levelOf(i)`. Run after the server migrated the database. Returns ids.
 */
export async function seedUsers(databaseUrl, count, { levelOf = () => 'B1' } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tag = randomBytes(4).toString('hex');
    const ids = [];
    const BATCH = 500;
    for (let start = 0; start < count; start += BATCH) {
      const n = Math.min(BATCH, count - start);
      const subjects = Array.from({ length: n }, (_, k) => `bench-${tag}-${start + k}`);
      const levels = Array.from({ length: n }, (_, k) => levelOf(start + k));
      await client.query('begin');
      const { rows } = await client.query(
        `insert into users (provider, provider_subject, username, email, referral_id, created_at, last_seen_at)
         select 'google', s, s || '@example.com', s || '@example.com', upper(s), now(), now()
         from unnest($1::text[]) with ordinality as t(s, ord) order by ord
         returning id`,
        [subjects],
      );
      const userIds = rows.map((row) => row.id);
      await client.query(
        `insert into subscriptions (user_id, plan_code, status, started_at, created_at)
         select id, 'free', 'active', now(), now() from unnest($1::uuid[]) as t(id)`,
        [userIds],
      );
      await client.query(
        `insert into user_languages (user_id, language_code, proficiency_level)
         select id, 'en', level from unnest($1::uuid[], $2::text[]) as t(id, level)`,
        [userIds, levels],
      );
      await client.query(
        `insert into profiles (user_id, name, gender, country, date_of_birth, current_language_code)
         select id, 'Bench ' || left(id::text, 8), 'prefer_not_to_say', 'KR', date '1995-03-04', 'en'
         from unnest($1::uuid[]) as t(id)`,
        [userIds],
      );
      await client.query('commit');
      ids.push(...userIds);
    }
    return ids;
  } finally {
    await client.end();
  }
}

/**
 * Inserts `perUser` ended sessions (English, 'user_ended', a few minutes long, a day apart) for
 * each user, each one with the next users in the list as partners, so GET /sessions has pages to
 * show. Returns how many rows were inserted.
 */
export async function seedSessions(databaseUrl, userIds, perUser = 10) {
  if (userIds.length < 2) return 0;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // User i was user1 of sessions with users i+1..i+ceil(perUser/2) and user2 of the ones before.
    const half = Math.ceil(perUser / 2);
    const user1 = [];
    const user2 = [];
    const daysAgo = [];
    for (const [i, id] of userIds.entries()) {
      for (let k = 1; k <= half; k++) {
        const partner = userIds[(i + k) % userIds.length];
        if (partner === id) continue;
        user1.push(id);
        user2.push(partner);
        daysAgo.push(k + (i % 7));
      }
    }
    const { rowCount } = await client.query(
      `insert into sessions (language_code, user1_id, user2_id, created_at, started_at, ended_at, end_reason, ended_by)
       select 'en', a, b, now() - d * interval '1 day', now() - d * interval '1 day' + interval '5 seconds',
              now() - d * interval '1 day' + interval '6 minutes', 'user_ended', a
       from unnest($1::uuid[], $2::uuid[], $3::int[]) as t(a, b, d)`,
      [user1, user2, daysAgo],
    );
    return rowCount;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Access tokens and sockets, as a browser would use them.

/**
 * An access token exactly like apps/server/src/modules/auth/access-tokens.ts issues; its sign-in
 * session (`sid`) is one of its own, never revoked.
 */
export async function mintAccessToken(userId, { secret = JWT_SECRET, issuer }) {
  const issuedAt = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setIssuer(issuer)
    .setAudience('parlo-api')
    .setSubject(userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 15 * 60)
    .sign(new TextEncoder().encode(secret));
}

/**
 * Opens an authenticated socket (bearer subprotocol, Origin = PUBLIC_URL). `onMessage(message,
 * receivedAt)` sees every parsed server message with performance.now() taken on arrival.
 */
export function openSocket(server, token, onMessage = () => {}) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(server.wsUrl, ['bearer', token], {
      headers: { origin: server.publicUrl },
      perMessageDeflate: false,
    });
    ws.on('message', (data) => {
      const receivedAt = performance.now();
      onMessage(JSON.parse(data.toString('utf8')), receivedAt);
    });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`socket refused: HTTP ${res.statusCode}`)),
    );
    ws.once('error', reject);
    ws.once('close', (code, reason) => {
      if (code >= 4000) reject(new Error(`socket closed ${code} ${String(reason)}`));
    });
  });
}

/** Runs `task(item)` over `items` with at most `limit` at once. */
export async function inBatches(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Polls `check` every 20 ms until it holds. */
export async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** POST /api/v1<pathname> as the user; resolves to the parsed JSON body or throws. */
/**
 * Keep-alive connections for the API calls, through node:http: the bench's own HTTP client should
 * add as little as it can to what it measures. fetch (undici) spent about 1 ms of this process's
 * CPU per request before the request left, which counted as server latency.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** POST to the API as the user; resolves to the parsed JSON answer, throws on an error status. */
export function apiPost(server, token, pathname, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.baseUrl}/api/v1${pathname}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-api-key': API_KEY,
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode >= 400) {
            reject(new Error(`POST ${pathname} -> ${response.statusCode} ${text}`));
          } else {
            resolve(JSON.parse(text));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The soft and hard limit on open files of this process (Linux: /proc/self/limits). */
export function openFilesLimit() {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const match = /^Max open files\s+(\S+)\s+(\S+)/m.exec(limits);
  if (!match) throw new Error('no "Max open files" in /proc/self/limits');
  const parse = (value) => (value === 'unlimited' ? Infinity : Number(value));
  return { soft: parse(match[1]), hard: parse(match[2]) };
}

/**
 * Makes sure this process (and the servers and nginx it starts afterwards, which inherit it) may
 * open `needed` files: when the soft limit is lower, raises it with util-linux `prlimit --pid`
 * (raising the hard limit needs root or CAP_SYS_RESOURCE), else throws saying what to run.
 * Returns the limit in force.
 */
export function ensureOpenFiles(needed) {
  const before = openFilesLimit();
  if (before.soft >= needed) return before;
  const hard = Math.max(before.hard, needed);
  const res = spawnSync('prlimit', [`--pid=${process.pid}`, `--nofile=${needed}:${hard}`], {
    encoding: 'utf8',
  });
  const after = openFilesLimit();
  if (after.soft < needed) {
    throw new Error(
      `open files limit ${before.soft} < ${needed} and prlimit could not raise it ` +
        `(${res.error?.message ?? res.stderr.trim()}): run \`ulimit -n ${needed}\` first`,
    );
  }
  return after;
}

/** Prints the one JSON line of a harness. */
export function report(result) {
  console.log(JSON.stringify(result));
}
