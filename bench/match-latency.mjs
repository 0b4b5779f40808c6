// Matching latency with 1,000 connected users: pairs of same-level users search while the rest
// stay connected, up to MATCH_IN_FLIGHT pairs at once, through the real HTTP API and sockets.
//
// Per pair (a, b), both at the pair's level: a's POST /match/find is sent and answered, then
// t0 = performance.now() just before b's POST /match/find is sent, and
// t1 = the later of a's and b's `session_created` arrivals on their own sockets.
// latency = t1 - t0. Concurrent pairs of the same level may interleave, so a can be paired with
// another pair's user; the pair is still measured from ITS second find until both of ITS users
// have their session_created, whatever session each got (a's may even precede t0, then only b's
// counts). `cross_matched_pairs` says how often that happened.
// The first MATCH_ALONE_PAIRS pairs run one at a time (reported as one_pair_at_a_time); the
// remaining pairs run MATCH_IN_FLIGHT at once and give p50/p99/max, the figures against the goal.
import {
  apiPost,
  createDatabase,
  inBatches,
  JWT_SECRET,
  mintAccessToken,
  openSocket,
  report,
  seedUsers,
  startServer,
  summarize,
} from './lib.mjs';

const USERS = Number(process.env.MATCH_USERS ?? 1000);
const PAIRS = Number(process.env.MATCH_PAIRS ?? USERS / 2);
const IN_FLIGHT = Number(process.env.MATCH_IN_FLIGHT ?? 50);
const GOAL_P99_MS = 10;
const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];
const PAIR_TIMEOUT_MS = 15_000;
const ALONE_PAIRS = Number(process.env.MATCH_ALONE_PAIRS ?? 50);

const database = await createDatabase('match');
let server;
const sockets = [];
try {
  server = await startServer({ DATABASE_URL: database.url, JWT_SECRET });
  // User 2i and 2i+1 form pair i, both at LEVELS[i % 6].
  const ids = await seedUsers(database.url, USERS, {
    levelOf: (i) => LEVELS[Math.floor(i / 2) % LEVELS.length],
  });
  const users = ids.map((id) => ({ id, token: '', created: null, sessionId: null, peerId: null }));
  const waiters = new Map();
  await inBatches(users, 50, async (user) => {
    user.token = await mintAccessToken(user.id, { issuer: server.publicUrl });
    sockets.push(
      await openSocket(server, user.token, (message, at) => {
        if (message.type !== 'session_created') return;
        user.created = at;
        user.sessionId = message.payload.session.id;
        user.peerId = message.payload.peerProfile.id;
        waiters.get(user.id)?.();
      }),
    );
  });

  const created = (user) =>
    user.created !== null
      ? Promise.resolve()
      : new Promise((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no session_created for ${user.id}`)),
            PAIR_TIMEOUT_MS,
          );
          waiters.set(user.id, () => {
            clearTimeout(timer);
            resolve();
          });
        });

  const pairs = Array.from({ length: PAIRS }, (_, i) => [users[2 * i], users[2 * i + 1]]);
  let crossMatched = 0;
  const runPair = async ([a, b]) => {
    await apiPost(server, a.token, '/match/find', { languageCode: 'en' });
    const t0 = performance.now();
    const found = apiPost(server, b.token, '/match/find', { languageCode: 'en' });
    await Promise.all([created(a), created(b), found]);
    if (a.peerId !== b.id) crossMatched += 1;
    return Math.max(a.created, b.created) - t0;
  };
  // First a few pairs one at a time (no other search in flight), for the unloaded figure; then
  // the rest with up to IN_FLIGHT pairs at once, which is the figure held against the goal.
  const alone = await inBatches(pairs.slice(0, ALONE_PAIRS), 1, runPair);
  const started = performance.now();
  const latencies = await inBatches(pairs.slice(ALONE_PAIRS), IN_FLIGHT, runPair);
  const elapsedS = (performance.now() - started) / 1000;
  const stats = summarize(latencies);
  report({
    bench: 'match-latency',
    users_connected: USERS,
    pairs_matched: stats.count + alone.length,
    max_pairs_in_flight: IN_FLIGHT,
    loaded_pairs: stats.count,
    cross_matched_pairs: crossMatched,
    p50_ms: stats.p50_ms,
    p99_ms: stats.p99_ms,
    max_ms: stats.max_ms,
    matches_per_s: +(stats.count / elapsedS).toFixed(1),
    one_pair_at_a_time: { pairs: alone.length, ...summarize(alone), count: undefined },
    goal: 'p99 < 10 ms (second find sent -> both session_created), one instance',
    goal_p99_ms: GOAL_P99_MS,
    within_goal: stats.p99_ms !== null && stats.p99_ms < GOAL_P99_MS,
    database: 'postgresql (pool default 10)',
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const ws of sockets) ws.terminate();
  await server?.stop();
  await database.drop();
}
