// Server memory per idle authenticated socket. The server runs with bench/support/memory-probe.mjs
// (--expose-gc), so each measurement first forces two full collections in it.
//
// 1. Start the server, open and close WARMUP sockets (loads the ws/jose code paths), settle.
// 2. before = VmRSS of the server process (/proc/<pid>/status) and its process.memoryUsage().
// 3. Open N idle authenticated sockets (bearer token, Origin = PUBLIC_URL), settle, measure again.
// Per socket = (after - before) / N, in KB. RSS is what the goal is about; the V8 heap and
// external (Buffer) deltas are reported beside it.
import {
  createDatabase,
  inBatches,
  JWT_SECRET,
  mintAccessToken,
  openSocket,
  report,
  rssKb,
  seedUsers,
  sleep,
  startServer,
} from './lib.mjs';

const N = Number(process.env.MEMORY_SOCKETS ?? 2000);
const WARMUP = 50;
const SETTLE_MS = Number(process.env.MEMORY_SETTLE_MS ?? 3000);
const GOAL_KB = 50;

const database = await createDatabase('memory');
let server;
const sockets = [];
try {
  server = await startServer({ DATABASE_URL: database.url, JWT_SECRET }, { probe: true });
  const ids = await seedUsers(database.url, N + WARMUP);
  const tokens = await Promise.all(
    ids.map((id) => mintAccessToken(id, { issuer: server.publicUrl })),
  );

  const measure = async () => {
    await sleep(SETTLE_MS);
    const usage = await server.memory();
    return {
      rssKb: rssKb(server.pid),
      heapKb: usage.heapUsed / 1024,
      externalKb: usage.external / 1024,
    };
  };

  const warm = await inBatches(tokens.slice(N), 25, (token) => openSocket(server, token));
  for (const ws of warm) ws.close();
  const before = await measure();

  await inBatches(tokens.slice(0, N), 50, async (token) => {
    sockets.push(await openSocket(server, token));
  });
  const after = await measure();
  const per = (key) => +((after[key] - before[key]) / N).toFixed(2);
  const perSocketKb = per('rssKb');
  report({
    bench: 'socket-memory',
    sockets: N,
    rss_before_mb: +(before.rssKb / 1024).toFixed(1),
    rss_after_mb: +(after.rssKb / 1024).toFixed(1),
    rss_per_socket_kb: perSocketKb,
    heap_used_per_socket_kb: per('heapKb'),
    external_per_socket_kb: per('externalKb'),
    goal: '<= 50 KB RSS per idle authenticated socket',
    goal_kb: GOAL_KB,
    within_goal: perSocketKb <= GOAL_KB,
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const ws of sockets) ws.terminate();
  await server?.stop();
  await database.drop();
}
