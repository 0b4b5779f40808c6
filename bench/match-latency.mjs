// Match latency with 1,000 simulated users searching, through the real HTTP API and sockets.
//
// Every user is connected; each one presses Find (POST /match/find, English, at a level drawn at
// random) and the server pairs whoever it can. For every session made, latency is measured from
// the moment the later of its two finds was sent to the moment the later of its two
// `session_created` messages arrived: "from the second find to both session_created", whoever
// the server paired with whom.
//
// First an unmeasured warm-up by a crowd of its own (another 1,000 users, connected, then gone):
// MATCH_WARMUP_USERS (200) of them find at the steady rate, then all of them at once (see warmUp
// and warmUpBurst in support/matching.mjs). Then two runs over the 1,000 measured users:
// - steady: the finds are sent open-loop at MATCH_ARRIVALS_PER_S (default 200 finds/s, so all
//   1,000 users are searching within 5 s), each at its scheduled time whatever the server's pace.
//   This is the figure held against the goal (p99 < 10 ms, one instance).
// - burst: all 1,000 find at once (at most MATCH_BURST_CONCURRENCY requests in flight), a load far
//   beyond 1,000 users' real pace; it gives the sustained matches per second and the latency when
//   the server is saturated.
//
// Then the floor (bench/support/match-floor.mjs), a bare node:http + ws server that reads the
// searcher, pairs by level in memory and writes each session with both charges in one statement,
// runs the same warm-up, steady run and burst on a database of its own with the same users'
// levels: `floor` and `burst_ratio_of_floor` show how near this machine's ceiling Parlo is.
// `cpu_us_per_match` (the burst's CPU time per session made, of the server, of its PostgreSQL
// backends and of this load generator, which shares the two cores) is the figure to compare
// across runs: the machine's other load moves matches per second a lot, the work each match
// costs hardly.
//
// Why the warm-up ends with a burst: a burst lasts well under a second, and a first one paid for
// what happens once, not for matching: the load generator opening half of its HTTP connections
// (the steady run needs a few) and compiling its own burst path on the same two cores, and both
// servers compiling theirs. Measured on 2 December: the server's CPU per match in a first burst
// 1,100-1,800 us, 380-600 us in the bursts after it. `warm_up_burst` still prints the first
// burst's rate, for comparison with the figures of earlier sessions.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  cpuSpentSince,
  cpuTimeUs,
  createDatabase,
  databaseCpuUs,
  inBatches,
  JWT_SECRET,
  report,
  seedUsers,
  startServer,
  summarize,
} from './lib.mjs';
import { startMatchFloor } from './support/match-floor.mjs';
import {
  connectSearchers,
  openLoop,
  seededLevels,
  warmUp,
  warmUpBurst,
} from './support/matching.mjs';

const USERS = Number(process.env.MATCH_USERS ?? 1000);
const ARRIVALS_PER_S = Number(process.env.MATCH_ARRIVALS_PER_S ?? 200);
const BURST_CONCURRENCY = Number(process.env.MATCH_BURST_CONCURRENCY ?? 100);
const WARMUP_USERS = Number(process.env.MATCH_WARMUP_USERS ?? 200);
const GOAL_P99_MS = 10;
const GOAL_BURST_PER_S = 2000;

/**
 * CPU time (user + system, µs) of the server process and of the PostgreSQL backends connected to
 * `databaseUrl` (the server's pool) so far. Unlike matches per second, CPU per match hardly moves
 * when other work on the machine slows everything down.
 */
async function cpuNow(server, databaseUrl) {
  const own = cpuTimeUs(server.pid);
  return {
    server: own.user + own.system,
    server_system: own.system,
    database: await databaseCpuUs(databaseUrl),
  };
}

/** The warm-up crowd's run (users `ids`, gone after it); answers its burst's figures. */
async function warmUpAgainst(server, ids) {
  const crowd = await connectSearchers(server, ids);
  try {
    await warmUp(crowd, crowd.find, { count: WARMUP_USERS, perSecond: ARRIVALS_PER_S });
    return await warmUpBurst(crowd, crowd.find, { concurrency: BURST_CONCURRENCY });
  } finally {
    crowd.close();
  }
}

/**
 * The warm-up (users `warmIds`), then the steady run and the burst against `server` (Parlo or the
 * floor, on `databaseUrl`) with users `ids`; closes the crowds' sockets after.
 */
async function runAgainst(server, databaseUrl, ids, warmIds) {
  const warm = await warmUpAgainst(server, warmIds);
  const crowd = await connectSearchers(server, ids);
  try {
    const { users, find, measure, reset } = crowd;

    // Steady: open-loop arrivals at a fixed rate. The bench's own event-loop delay is watched: a
    // message it reads late counts as latency, though the server sent it in time.
    const clientLoop = monitorEventLoopDelay({ resolution: 1 });
    clientLoop.enable();
    await Promise.all(await openLoop(users, ARRIVALS_PER_S, find));
    clientLoop.disable();
    const steady = await measure('steady');
    await reset();

    // Burst: everyone at once, bounded in flight.
    const cpuBefore = await cpuNow(server, databaseUrl);
    const benchBefore = process.cpuUsage();
    const burstStart = performance.now();
    await inBatches(users, BURST_CONCURRENCY, find);
    const burst = await measure('burst');
    const burstElapsedS = (crowd.lastCreated() - burstStart) / 1000;
    const bench = process.cpuUsage(benchBefore);
    const cpuAfter = await cpuNow(server, databaseUrl);
    await reset();
    // µs of CPU per session made (the settling wait after the last one costs next to nothing).
    const spent = {
      server: cpuAfter.server - cpuBefore.server,
      server_system: cpuAfter.server_system - cpuBefore.server_system,
      database: cpuSpentSince(cpuBefore.database, cpuAfter.database),
      load_generator: bench.user + bench.system,
    };
    const perMatch = (side) =>
      burst.sessions > 0 ? Math.round(spent[side] / burst.sessions) : null;
    return {
      warm,
      steady,
      burst,
      burstElapsedS,
      cpuUsPerMatch: {
        server: perMatch('server'),
        server_system: perMatch('server_system'),
        database: perMatch('database'),
        load_generator: perMatch('load_generator'),
      },
      clientDelayP99Ms: +(clientLoop.percentile(99) / 1e6).toFixed(2),
    };
  } finally {
    crowd.close();
  }
}

const database = await createDatabase('match');
const floorDatabase = await createDatabase('match_floor');
let server;
let floor;
try {
  server = await startServer({ DATABASE_URL: database.url, JWT_SECRET });
  // The measured users, then the warm-up's (the same levels, drawn again).
  const ids = await seedUsers(database.url, USERS, { levelOf: seededLevels() });
  const warmIds = await seedUsers(database.url, USERS, { levelOf: seededLevels() });
  const { warm, steady, burst, burstElapsedS, clientDelayP99Ms, cpuUsPerMatch } = await runAgainst(
    server,
    database.url,
    ids,
    warmIds,
  );
  await server.stop();

  // The floor's database gets Parlo's schema (the server migrates it on start) and the same
  // users' levels (the same seed).
  await (await startServer({ DATABASE_URL: floorDatabase.url, JWT_SECRET })).stop();
  const floorIds = await seedUsers(floorDatabase.url, USERS, { levelOf: seededLevels() });
  const floorWarmIds = await seedUsers(floorDatabase.url, USERS, { levelOf: seededLevels() });
  floor = await startMatchFloor(floorDatabase.url);
  const floorRun = await runAgainst(floor, floorDatabase.url, floorIds, floorWarmIds);
  const floorSteady = summarize(floorRun.steady.latencies);
  const floorBurstPerS = floorRun.burst.sessions / floorRun.burstElapsedS;

  const steadyStats = summarize(steady.latencies);
  const burstStats = summarize(burst.latencies);
  const burstPerS = burst.sessions / burstElapsedS;
  report({
    bench: 'match-latency',
    users_searching: USERS,
    // The warm-up crowd's burst: the first burst the server saw (what earlier runs measured).
    warm_up_burst: {
      sessions: warm.sessions,
      matches_per_s: warm.matchesPerS && +warm.matchesPerS.toFixed(1),
      floor_matches_per_s: floorRun.warm.matchesPerS && +floorRun.warm.matchesPerS.toFixed(1),
    },
    steady: {
      warmup_users: WARMUP_USERS,
      arrivals_per_s: ARRIVALS_PER_S,
      sessions: steady.sessions,
      users_left_waiting: steady.unpaired,
      p50_ms: steadyStats.p50_ms,
      p99_ms: steadyStats.p99_ms,
      max_ms: steadyStats.max_ms,
      bench_event_loop_delay_p99_ms: clientDelayP99Ms,
    },
    burst: {
      concurrency: BURST_CONCURRENCY,
      sessions: burst.sessions,
      matches_per_s: +burstPerS.toFixed(1),
      p50_ms: burstStats.p50_ms,
      p99_ms: burstStats.p99_ms,
      max_ms: burstStats.max_ms,
      cpu_us_per_match: cpuUsPerMatch,
    },
    floor: {
      steady_p99_ms: floorSteady.p99_ms,
      burst_sessions: floorRun.burst.sessions,
      burst_matches_per_s: +floorBurstPerS.toFixed(1),
      burst_cpu_us_per_match: floorRun.cpuUsPerMatch,
    },
    burst_ratio_of_floor: +(burstPerS / floorBurstPerS).toFixed(3),
    goal: `steady p99 < ${GOAL_P99_MS} ms (second find sent -> both session_created) and burst >= ${GOAL_BURST_PER_S} matches/s, one instance`,
    goal_p99_ms: GOAL_P99_MS,
    goal_burst_matches_per_s: GOAL_BURST_PER_S,
    within_goal:
      steadyStats.p99_ms !== null &&
      steadyStats.p99_ms < GOAL_P99_MS &&
      burstPerS >= GOAL_BURST_PER_S,
    database: 'postgresql (pool default 10)',
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await server?.stop();
  await floor?.stop();
  await database.drop();
  await floorDatabase.drop();
}
