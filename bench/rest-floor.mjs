// Parlo's REST API beside the machine's floor, same machine, same run (issue 20, goal 1).
//
// The floor (bench/support/rest-floor.mjs): a bare node:http server with a `pg` pool of 10 that
// answers every request with the one-row read a GET /users/me needs at the least (users joined to
// profiles by id), as JSON, in a process of its own as Parlo's server is.
// Parlo: the built server on a PostgreSQL database of the bench's own, with the app's real auth
// (signed access tokens, the account and revocation checks of every protected route).
//
// Two loads, autocannon with BENCH_CONNECTIONS (50) connections for BENCH_DURATION_S (10) each:
// - `users_me`: GET /api/v1/users/me, each connection as one of BENCH_USERS users.
// - `dashboard_burst`: every call the dashboard makes when it loads (GET /users/me,
//   /subscriptions/user/active, /usages, /bonus-tokens/count, /users/me/calibration,
//   /sessions?page=1&pageSize=10, /users/me/warnings), in turn, over and over; the floor answers
//   the same number of requests with its one-row read.
// Floor and Parlo take turns BENCH_ROUNDS (3) times per load. Each load prints the mean req/s and
// the median p99 of both servers, Parlo's share of the floor's req/s (`ratio`) and each round's,
// and each server's CPU time per request (user and system, from /proc), the median of the rounds.
import autocannon from 'autocannon';
import {
  API_KEY,
  createDatabase,
  cpuTimeUs,
  DASHBOARD_CALLS,
  JWT_SECRET,
  mintAccessToken,
  report,
  seedSessions,
  seedUsers,
  startServer,
} from './lib.mjs';
import { startRestFloor } from './support/rest-floor.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** BENCH_ONLY=users_me or dashboard_burst runs one load only (e.g. to profile it). */
const ONLY = process.env.BENCH_ONLY;
const runs = (name) => !ONLY || ONLY === name;
const GOAL_RATIO = 0.6;
const GOAL_P99_MS = 30;

/**
 * Runs autocannon for `seconds` with `connections`; each connection acts as one user (taken in
 * turn) and sends `paths` in order, over and over. `headersFor(i)` gives user i's headers.
 */
function load(
  baseUrl,
  paths,
  headersFor,
  { connections = CONNECTIONS, seconds = DURATION_S } = {},
) {
  let nextUser = 0;
  // autocannon copies initialContext into each connection: the user is picked on its first request.
  const setupRequest = (request, context) => {
    context.user ??= nextUser++ % USERS;
    return { ...request, headers: { ...request.headers, ...headersFor(context.user) } };
  };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections,
        duration: seconds,
        initialContext: {},
        requests: paths.map((path) => ({ method: 'GET', path, setupRequest })),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

/**
 * Runs a load against the server of process `pid` and summarizes it, with the server's CPU time
 * per request (user and system): on two saturated cores that, not waiting, sets the req/s.
 */
async function measured(pid, run) {
  const before = cpuTimeUs(pid);
  const res = await run();
  const after = cpuTimeUs(pid);
  const requests = res.requests.total || 1;
  const perRequest = (us) => Math.round(us / requests);
  return {
    req_per_s: Math.round(res.requests.average),
    p50_ms: res.latency.p50,
    p99_ms: res.latency.p99,
    non_2xx: res.non2xx,
    errors: res.errors + res.timeouts,
    server_cpu_us_per_request: {
      user: perRequest(after.user - before.user),
      system: perRequest(after.system - before.system),
    },
  };
}

const database = await createDatabase('rest');
let server;
let floor;
try {
  server = await startServer({ DATABASE_URL: database.url, JWT_SECRET });
  const ids = await seedUsers(database.url, USERS);
  await seedSessions(database.url, ids, 10);
  const tokens = await Promise.all(
    ids.map((id) => mintAccessToken(id, { issuer: server.publicUrl })),
  );
  floor = await startRestFloor(database.url);
  const floorUrl = floor.baseUrl;

  const parloHeaders = (i) => ({ 'x-api-key': API_KEY, authorization: `Bearer ${tokens[i]}` });
  const floorHeaders = (i) => ({ 'x-user-id': ids[i] });

  // A short warm-up of both (JIT, pools, PostgreSQL's plans), not measured.
  await load(floorUrl, ['/'], floorHeaders, { connections: 10, seconds: 2 });
  await load(server.baseUrl, DASHBOARD_CALLS, parloHeaders, { connections: 10, seconds: 2 });

  // Floor and Parlo take turns, BENCH_ROUNDS times, the order swapped each round: on a shared
  // machine the load of other processes drifts, and turns spread it over both sides.
  const measure = async (paths) => {
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const runFloor = () =>
        measured(floor.pid, () =>
          load(
            floorUrl,
            paths.map(() => '/'),
            floorHeaders,
          ),
        );
      const runParlo = () => measured(server.pid, () => load(server.baseUrl, paths, parloHeaders));
      const [floorRun, parloRun] =
        round % 2 === 0
          ? [await runFloor(), await runParlo()]
          : await runParlo().then(async (parloFirst) => [await runFloor(), parloFirst]);
      rounds.push({ floor: floorRun, parlo: parloRun });
    }
    const mean = (side, key) =>
      Math.round(rounds.reduce((sum, r) => sum + r[side][key], 0) / ROUNDS);
    const medianOf = (values) => values.sort((a, b) => a - b)[ROUNDS >> 1];
    const median = (side, key) => medianOf(rounds.map((r) => r[side][key]));
    const cpuMedian = (side, kind) =>
      medianOf(rounds.map((r) => r[side].server_cpu_us_per_request[kind]));
    const side = (name) => ({
      req_per_s: mean(name, 'req_per_s'),
      p99_ms_median: median(name, 'p99_ms'),
      non_2xx: rounds.reduce((sum, r) => sum + r[name].non_2xx, 0),
      errors: rounds.reduce((sum, r) => sum + r[name].errors, 0),
      server_cpu_us_per_request_median: {
        user: cpuMedian(name, 'user'),
        system: cpuMedian(name, 'system'),
      },
    });
    const [floorSide, parloSide] = [side('floor'), side('parlo')];
    const ratio = +(parloSide.req_per_s / floorSide.req_per_s).toFixed(3);
    return {
      floor: floorSide,
      parlo: parloSide,
      ratio,
      round_ratios: rounds.map((r) => +(r.parlo.req_per_s / r.floor.req_per_s).toFixed(3)),
      rounds,
      within_goal: ratio >= GOAL_RATIO && parloSide.p99_ms_median < GOAL_P99_MS,
    };
  };

  report({
    bench: 'rest-floor',
    duration_s: DURATION_S,
    connections: CONNECTIONS,
    users: USERS,
    rounds: ROUNDS,
    ...(runs('users_me') ? { users_me: await measure(['/api/v1/users/me']) } : {}),
    ...(runs('dashboard_burst')
      ? { dashboard_burst: { calls: DASHBOARD_CALLS, ...(await measure(DASHBOARD_CALLS)) } }
      : {}),
    goal: `ratio >= ${GOAL_RATIO} of the floor and p99 < ${GOAL_P99_MS} ms at ${CONNECTIONS} connections`,
    database: 'postgresql (pool 10 on both sides)',
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await floor?.stop();
  await server?.stop();
  await database.drop();
}
