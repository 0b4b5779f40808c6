// Server CPU time per request, endpoint by endpoint (issue 20): where the REST ratio's time goes.
//
// rest-floor.mjs says how far Parlo is from its floor; on this machine the server's one JavaScript
// thread is what saturates, so the ratio follows the server's CPU time per request. This bench
// loads each of the dashboard's start-up calls on its own (autocannon, BENCH_CONNECTIONS (50)
// connections for BENCH_DURATION_S (5) seconds, BENCH_ROUNDS (2) times, after a short warm-up)
// and prints, per endpoint, the server's user and system CPU per request (from /proc, median of
// the rounds), its req/s and the bytes per answer. CPU per request moves far less between runs
// than req/s does, so it shows a change of a few microseconds that req/s hides.
//
// BENCH_PATHS=/api/v1/users/me,/api/v1/usages measures only those.
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

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const USERS = 200;
const PATHS = process.env.BENCH_PATHS?.split(',') ?? DASHBOARD_CALLS;

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

const database = await createDatabase('rest_cpu');
let server;
try {
  server = await startServer({ DATABASE_URL: database.url, JWT_SECRET });
  const ids = await seedUsers(database.url, USERS);
  await seedSessions(database.url, ids, 10);
  const tokens = await Promise.all(
    ids.map((id) => mintAccessToken(id, { issuer: server.publicUrl })),
  );
  let nextUser = 0;
  // Each connection acts as one user, picked on its first request.
  const setupRequest = (request, context) => {
    context.user ??= nextUser++ % USERS;
    const headers = { 'x-api-key': API_KEY, authorization: `Bearer ${tokens[context.user]}` };
    return { ...request, headers: { ...request.headers, ...headers } };
  };
  const load = (path, seconds, connections = CONNECTIONS) =>
    new Promise((resolve, reject) =>
      autocannon(
        {
          url: server.baseUrl,
          connections,
          duration: seconds,
          initialContext: {},
          requests: [{ method: 'GET', path, setupRequest }],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );

  const endpoints = {};
  for (const path of PATHS) {
    await load(path, 2, 10);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = cpuTimeUs(server.pid);
      const result = await load(path, DURATION_S);
      const after = cpuTimeUs(server.pid);
      const requests = result.requests.total || 1;
      rounds.push({
        user: (after.user - before.user) / requests,
        system: (after.system - before.system) / requests,
        reqPerS: result.requests.average,
        bytes: result.throughput.total / requests,
        failed: result.non2xx + result.errors + result.timeouts,
      });
    }
    endpoints[path] = {
      user_us: +median(rounds.map((r) => r.user)).toFixed(1),
      system_us: +median(rounds.map((r) => r.system)).toFixed(1),
      req_per_s: Math.round(median(rounds.map((r) => r.reqPerS))),
      bytes_per_answer: Math.round(median(rounds.map((r) => r.bytes))),
      failed: rounds.reduce((sum, r) => sum + r.failed, 0),
    };
  }
  report({
    bench: 'rest-cpu',
    duration_s: DURATION_S,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    endpoints,
    database: 'postgresql (pool 10)',
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await server?.stop();
  await database.drop();
}
