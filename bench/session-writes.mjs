// The writes crowds of calls make at the same moment, through the server's own repository
// (apps/server/src/modules/sessions/live-sessions-repo.ts) on a PostgreSQL database of the run's
// own with a pool of 10, as an instance has: CALLS (1,000) open calls, then, each phase all at
// once, two quality reports per call (three rounds), two "media connected" marks per call, and
// two ends per call (both sides ending together; one of each pair ends the call). Then as many
// calls again, each side charged a token, whose network fails: both sides' grace periods run out
// together, two `connection_issue` ends per call, and the half that never connected get their
// tokens back. For each phase, JSON: its wall time, the writes refused, and per write the CPU of
// this process and of its PostgreSQL backends.
//
// Run with the TypeScript loader (run-all.mjs passes it), from the repository's root:
//   node --import tsx bench/session-writes.mjs
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDatabase } from '../apps/server/src/db/seed.ts';
import { createLiveSessionsRepo } from '../apps/server/src/modules/sessions/live-sessions-repo.ts';
import { cpuSpentSince, createDatabase, databaseCpuUs, report, seedUsers } from './lib.mjs';

const CALLS = Number(process.env.CALLS ?? 1000);
const QUALITY = {
  strength: 'good',
  packetLoss: 1,
  roundTripTimeMs: 80,
  jitterMs: 5,
  bitrateKbps: 900,
};

const database = await createDatabase('writes');
const handle = await openDatabase({ driver: 'pg', url: database.url, poolSize: 10 });
try {
  // The server's schema and catalogue, as it makes them at start, then the calls' users.
  await handle.migrate();
  const { db } = handle;
  await seedDatabase(db);
  const ids = await seedUsers(database.url, CALLS * 2);
  const failing = await seedUsers(database.url, CALLS * 2);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  /** Open calls between users[0] and [1], [2] and [3], ...: their ids and first users. */
  const open = async (users) =>
    (
      await client.query(
        `insert into sessions (language_code, user1_id, user2_id)
         select 'en', a, b from unnest($1::uuid[], $2::uuid[]) as t(a, b)
         returning id, user1_id as "user1Id"`,
        [users.filter((_, i) => i % 2 === 0), users.filter((_, i) => i % 2 === 1)],
      )
    ).rows;
  let calls;
  let failedCalls;
  try {
    calls = await open(ids);
    failedCalls = await open(failing);
    // Each side of the failing calls paid a token of the day's allowance (as the charge writes
    // it); the first half connected two minutes ago, so only the other half is refunded.
    await client.query(
      `insert into token_ledger (user_id, delta, pool, reason, session_id)
       select u, -1, 'daily', 'session', s.id from sessions s, unnest(array[s.user1_id, s.user2_id]) u
       where s.id = any($1::uuid[])`,
      [failedCalls.map((call) => call.id)],
    );
    await client.query(
      `insert into usages (user_id, feature_code, day, count)
       select u, f, (now() at time zone 'utc')::date, 1 from unnest($1::uuid[]) u,
         unnest(array['tokens', 'session_limit']) f`,
      [failing],
    );
    await client.query(
      `update sessions set started_at = now() - interval '2 minutes' where id = any($1::uuid[])`,
      [failedCalls.slice(0, CALLS / 2).map((call) => call.id)],
    );
  } finally {
    await client.end();
  }
  const repo = createLiveSessionsRepo(db);

  const phases = [];
  /** Runs the writes `make` makes, all at once; records the phase's figures. */
  async function phase(name, make) {
    const databaseBefore = await databaseCpuUs(database.url);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const writes = make();
    const outcomes = await Promise.allSettled(writes);
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const databaseUs = cpuSpentSince(databaseBefore, await databaseCpuUs(database.url));
    phases.push({
      phase: name,
      writes: writes.length,
      failed: outcomes.filter((outcome) => outcome.status === 'rejected').length,
      ms: Math.round(ms),
      server_cpu_us_per_write: Math.round((cpu.user + cpu.system) / writes.length),
      database_cpu_us_per_write: Math.round(databaseUs / writes.length),
    });
  }

  // Unmeasured: each pooled connection prepares the statements once.
  await Promise.all(calls.slice(0, 50).map((call) => repo.saveQuality(call.id, QUALITY)));
  for (let round = 1; round <= 3; round++) {
    await phase(`quality reports, round ${round}`, () =>
      calls.flatMap((call) => [
        repo.saveQuality(call.id, QUALITY),
        repo.saveQuality(call.id, QUALITY),
      ]),
    );
  }
  await phase('media connected marks', () =>
    calls.flatMap((call) => [
      repo.markStarted(call.id, new Date()),
      repo.markStarted(call.id, new Date()),
    ]),
  );
  await phase('ends', () =>
    calls.flatMap((call) => [
      repo.end(call.id, 'user_ended', call.user1Id, new Date()),
      repo.end(call.id, 'user_ended', call.user1Id, new Date()),
    ]),
  );
  // Both sides' grace periods run out at the same moment.
  await phase('failed-call ends', () =>
    failedCalls.flatMap((call) => [
      repo.end(call.id, 'connection_issue', null, new Date()),
      repo.end(call.id, 'connection_issue', null, new Date()),
    ]),
  );
  report({ bench: 'session-writes', calls: CALLS, pool: 10, phases });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await handle.close();
  await database.drop();
}
