// What a socket connection costs the server: SOCKET_CONNECT_USERS users (default 1,000) open
// their realtime socket, 50 handshakes at a time, as after a deploy or an instance's failure,
// when every client reconnects within seconds. Each connection is authenticated (its token and
// account), claims its presence, and reads the user's call in progress and pending offers.
//
// The same users connect SOCKET_CONNECT_ROUNDS times (default 5; all close between rounds).
// Per round: connections per second, and the CPU time per connection of the server and of its
// PostgreSQL backends (from /proc, which other work on the machine hardly moves). The first
// rounds run while V8 still compiles the handshake's code: compare the last ones.
//
// Build first: `npm run build -w @parlo/server`.
import {
  cpuSpentSince,
  cpuTimeUs,
  createDatabase,
  databaseCpuUs,
  JWT_SECRET,
  report,
  seedUsers,
  sleep,
  startServer,
} from './lib.mjs';
import { connectSearchers } from './support/matching.mjs';

const USERS = Number(process.env.SOCKET_CONNECT_USERS ?? 1000);
const ROUNDS = Number(process.env.SOCKET_CONNECT_ROUNDS ?? 5);
/** Long enough for the closes of a round to be handled before the next one is measured. */
const SETTLE_MS = 1500;

const database = await createDatabase('socket_connect');
let server;
try {
  server = await startServer({ DATABASE_URL: database.url, JWT_SECRET });
  const ids = await seedUsers(database.url, USERS);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const serverBefore = cpuTimeUs(server.pid);
    const databaseBefore = await databaseCpuUs(database.url);
    const startedAt = performance.now();
    const crowd = await connectSearchers(server, ids);
    const elapsedMs = performance.now() - startedAt;
    // Work a handshake started and finished after the socket opened (the offers, the call).
    await sleep(500);
    const serverAfter = cpuTimeUs(server.pid);
    const databaseSpent = cpuSpentSince(databaseBefore, await databaseCpuUs(database.url));
    const serverSpent =
      serverAfter.user + serverAfter.system - serverBefore.user - serverBefore.system;
    rounds.push({
      connections_per_s: Math.round((USERS / elapsedMs) * 1000),
      server_cpu_us_per_connection: Math.round(serverSpent / USERS),
      database_cpu_us_per_connection: Math.round(databaseSpent / USERS),
    });
    crowd.close();
    await sleep(SETTLE_MS);
  }
  report({ bench: 'socket-connect', users: USERS, concurrency: 50, rounds });
} finally {
  await server?.stop();
  await database.drop();
}
