// Match latency with 1,000 simulated users searching, through the real HTTP API and sockets.
//
// Every user is connected; each one presses Find (POST /match/find, English, at a level drawn at
// random) and the server pairs whoever it can. For every session made, latency is measured from
// the moment the later of its two finds was sent to the moment the later of its two
// `session_created` messages arrived: "from the second find to both session_created", whoever
// the server paired with whom.
//
// Two runs over the same 1,000 users:
// - steady: the finds are sent open-loop at MATCH_ARRIVALS_PER_S (default 200 finds/s, so all
//   1,000 users are searching within 5 s), each at its scheduled time whatever the server's pace.
//   This is the figure held against the goal (p99 < 10 ms, one instance).
// - burst: all 1,000 find at once (at most MATCH_BURST_CONCURRENCY requests in flight), a load far
//   beyond 1,000 users' real pace; it gives the sustained matches per second and the latency when
//   the server is saturated.
import {
  apiPost,
  createDatabase,
  inBatches,
  JWT_SECRET,
  mintAccessToken,
  openSocket,
  report,
  seedUsers,
  sleep,
  startServer,
  summarize,
  until,
} from './lib.mjs';

const USERS = Number(process.env.MATCH_USERS ?? 1000);
const ARRIVALS_PER_S = Number(process.env.MATCH_ARRIVALS_PER_S ?? 200);
const BURST_CONCURRENCY = Number(process.env.MATCH_BURST_CONCURRENCY ?? 100);
const GOAL_P99_MS = 10;
const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];

// A fixed seed, so runs draw the same levels.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

const database = await createDatabase('match');
let server;
const sockets = [];
try {
  server = await startServer({ DATABASE_URL: database.url, JWT_SECRET });
  const ids = await seedUsers(database.url, USERS, {
    levelOf: () => LEVELS[Math.floor(random() * LEVELS.length)],
  });
  const users = ids.map((id) => ({ id, token: '', socket: null, sentAt: 0, createdAt: 0 }));
  /** session id -> the two users, filled as `session_created` arrives. */
  let sessions = new Map();
  let ended = 0;
  await inBatches(users, 50, async (user) => {
    user.token = await mintAccessToken(user.id, { issuer: server.publicUrl });
    user.socket = await openSocket(server, user.token, (message, at) => {
      if (message.type === 'session_ended') ended += 1;
      if (message.type !== 'session_created') return;
      user.createdAt = at;
      const id = message.payload.session.id;
      sessions.set(id, [...(sessions.get(id) ?? []), user]);
    });
    sockets.push(user.socket);
  });

  const find = async (user) => {
    user.createdAt = 0;
    user.sentAt = performance.now();
    await apiPost(server, user.token, '/match/find', { languageCode: 'en' });
  };

  /** Latencies of the sessions made, after waiting for both sides of each to hear of it. */
  async function measure(label) {
    // Settled: no session_created for 500 ms.
    let last = -1;
    while (last !== sessions.size) {
      last = sessions.size;
      await sleep(500);
    }
    const complete = [...sessions.values()].filter((pair) => pair.length === 2);
    const latencies = complete.map(
      ([a, b]) => Math.max(a.createdAt, b.createdAt) - Math.max(a.sentAt, b.sentAt),
    );
    const unpaired = users.filter((user) => user.createdAt === 0).length;
    return { label, sessions: complete.length, unpaired, latencies };
  }

  /** Ends every session and cancels every search, so the next run starts from idle users. */
  async function reset() {
    const endedBefore = ended;
    const pairs = [...sessions.values()].filter((pair) => pair.length === 2);
    for (const [a] of pairs) {
      a.socket.send(JSON.stringify({ type: 'end_session', payload: { reason: 'user_ended' } }));
    }
    await until(() => ended - endedBefore >= pairs.length * 2, 30_000, 'all sessions ended');
    await inBatches(users, 50, (user) => apiPost(server, user.token, '/match/cancel', {}));
    sessions = new Map();
  }

  // Steady: open-loop arrivals at a fixed rate.
  const gapMs = 1000 / ARRIVALS_PER_S;
  const started = performance.now();
  const sends = [];
  for (const [i, user] of users.entries()) {
    const due = started + i * gapMs;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    sends.push(find(user));
  }
  await Promise.all(sends);
  const steady = await measure('steady');
  await reset();

  // Burst: everyone at once, bounded in flight.
  const burstStart = performance.now();
  await inBatches(users, BURST_CONCURRENCY, find);
  const burst = await measure('burst');
  const lastCreated = Math.max(...users.map((user) => user.createdAt));
  const burstElapsedS = (lastCreated - burstStart) / 1000;
  await reset();

  const steadyStats = summarize(steady.latencies);
  const burstStats = summarize(burst.latencies);
  report({
    bench: 'match-latency',
    users_searching: USERS,
    steady: {
      arrivals_per_s: ARRIVALS_PER_S,
      sessions: steady.sessions,
      users_left_waiting: steady.unpaired,
      p50_ms: steadyStats.p50_ms,
      p99_ms: steadyStats.p99_ms,
      max_ms: steadyStats.max_ms,
    },
    burst: {
      concurrency: BURST_CONCURRENCY,
      sessions: burst.sessions,
      matches_per_s: +(burst.sessions / burstElapsedS).toFixed(1),
      p50_ms: burstStats.p50_ms,
      p99_ms: burstStats.p99_ms,
      max_ms: burstStats.max_ms,
    },
    goal: 'p99 < 10 ms (second find sent -> both session_created), one instance, steady run',
    goal_p99_ms: GOAL_P99_MS,
    within_goal: steadyStats.p99_ms !== null && steadyStats.p99_ms < GOAL_P99_MS,
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
