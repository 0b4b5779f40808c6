// Fault run: kill -9 one of two instances under 500 connected clients (the Scale issue).
//
// Two instances behind nginx share a PostgreSQL database and a Redis database of the run's own.
// FAULT_CLIENTS users connect through nginx (so about half land on each instance); 80% of them are
// paired into calls, the rest stay idle. Then instance 0 is killed with SIGKILL. Each client whose
// socket dropped reconnects the way the web client does (up to 3 attempts, 1 s base doubling,
// equal jitter) except FAULT_ABANDONED of them, who never come back (a closed laptop). The run
// checks and prints:
// - every returning client is connected again (to the surviving instance) within 10 s, and none
//   is refused as a second socket;
// - each call whose two users are back still relays signalling between them, and ends for both
//   on end_session;
// - a call whose partner never came back ends with connection_issue after the grace;
// - afterwards the idle and ended users find again and are matched on the surviving instance;
// - no token charged twice: each user's session charges equal the sessions they were in, and no
//   session has two charges of one user;
// - no session left open: with FAULT_WAIT_ALL=1 (the default) the run waits until every session
//   has ended, which for calls whose two users both vanished takes the 420 s limit plus the
//   overdue sweep (about 7.5 minutes); FAULT_WAIT_ALL=0 only reports how many are still open.
//
// Build first: `npm run build -w @parlo/server`.
import pg from 'pg';
import WebSocket from 'ws';
import {
  apiPost,
  createDatabase,
  inBatches,
  JWT_SECRET,
  mintAccessToken,
  report,
  round,
  seedUsers,
  sleep,
  summarize,
  until,
} from './lib.mjs';
import { startCluster } from './support/cluster.mjs';
import { claimRedisDatabase } from './support/redis.mjs';

const CLIENTS = Number(process.env.FAULT_CLIENTS ?? 500);
const ABANDONED = Number(process.env.FAULT_ABANDONED ?? 20);
const WAIT_ALL = process.env.FAULT_WAIT_ALL !== '0';
const GRACE_MS = 5_000;
const RECONNECT_GOAL_MS = 10_000;
// The web client's reconnect (apps/web/src/lib/realtime/socket-client.ts).
const MAX_ATTEMPTS = 3;
const reconnectDelay = (attempt) => {
  const capped = Math.min(10_000, 1_000 * 2 ** (attempt - 1));
  return Math.round(capped / 2 + (Math.random() * capped) / 2);
};

/** A simulated browser tab: one socket at a time, reconnecting after a drop unless abandoned. */
class Client {
  constructor(cluster, userId, token) {
    Object.assign(this, { cluster, userId, token });
    this.abandoned = false;
    this.messages = [];
    this.waiters = [];
    this.drops = 0;
    this.refusals = 0;
    this.reconnectedAt = null;
  }

  connect() {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.cluster.wsUrl, ['bearer', this.token], {
        headers: { origin: this.cluster.publicUrl },
        perMessageDeflate: false,
      });
      ws.on('message', (data) => this.receive(JSON.parse(data.toString('utf8'))));
      ws.once('open', () => {
        this.ws = ws;
        resolve();
      });
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
      ws.once('close', (code) => {
        if (this.ws !== ws) return reject(new Error(`closed with ${code} before opening`));
        this.ws = undefined;
        if (code === 4999) this.refusals += 1;
        if (code === 1000 || code === 4999) return;
        this.drops += 1;
        this.droppedAt = performance.now();
        if (!this.abandoned) void this.reconnect();
      });
    });
  }

  async reconnect() {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await sleep(reconnectDelay(attempt));
      try {
        await this.connect();
        this.reconnectedAt = performance.now();
        return;
      } catch {
        // the next attempt
      }
    }
  }

  receive(message) {
    this.messages.push(message);
    this.waiters = this.waiters.filter(({ type, resolve }) => {
      if (message.type !== type) return true;
      resolve(message);
      return false;
    });
  }

  /** The next message of the type from now on (or one already received since `since`). */
  next(type, timeoutMs = 15_000, since = this.messages.length) {
    const seen = this.messages.slice(since).find((message) => message.type === type);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${type} did not arrive in ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        type,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  }

  send(message) {
    this.ws?.send(JSON.stringify(message));
  }

  find() {
    return apiPost(this.cluster, this.token, '/match/find', { languageCode: 'en' });
  }
}

/** Pairs the clients two by two through the real find; answers {sessionId → [client, client]}. */
async function pairUp(clients) {
  const pairs = [];
  for (let i = 0; i + 1 < clients.length; i += 2) pairs.push([clients[i], clients[i + 1]]);
  await inBatches(pairs, 10, async (pair) => {
    const created = pair.map((client) => client.next('session_created', 20_000));
    for (const client of pair) await client.find();
    await Promise.all(created);
  });
  // Whoever the server paired with whom: each client's latest session.
  const calls = new Map();
  for (const client of clients) {
    const created = client.messages.findLast((message) => message.type === 'session_created');
    const id = created.payload.session.id;
    calls.set(id, [...(calls.get(id) ?? []), client]);
  }
  return calls;
}

async function ledgerCheck(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const doubled = await db.query(
      `select count(*)::int as n from (
         select user_id, session_id from token_ledger
         where session_id is not null and delta < 0
         group by user_id, session_id having count(*) > 1) d`,
    );
    const mismatched = await db.query(
      `with taken as (
         select u.id, count(*)::int as sessions from sessions s
         join users u on u.id in (s.user1_id, s.user2_id) group by u.id),
       paid as (
         select user_id as id, -sum(delta)::int as tokens from token_ledger
         where session_id is not null and delta < 0 group by user_id)
       select count(*)::int as n from taken full join paid using (id)
       where coalesce(taken.sessions, 0) <> coalesce(paid.tokens, 0)`,
    );
    const counts = await db.query(
      `select count(*)::int as sessions,
              count(*) filter (where ended_at is null)::int as open,
              count(*) filter (where end_reason = 'connection_issue')::int as connection_issue,
              count(*) filter (where end_reason = 'time_limit_reached')::int as time_limit
       from sessions`,
    );
    return { doubled: doubled.rows[0].n, mismatched: mismatched.rows[0].n, ...counts.rows[0] };
  } finally {
    await db.end();
  }
}

const database = await createDatabase('fault');
const redis = await claimRedisDatabase({ label: 'fault-kill' });
let cluster;
let clients = [];
try {
  cluster = await startCluster({
    instances: 2,
    env: {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      JWT_SECRET,
      SESSION_RECONNECT_GRACE_MS: String(GRACE_MS),
    },
  });
  const ids = await seedUsers(database.url, CLIENTS);
  clients = await Promise.all(
    ids.map(
      async (id) =>
        new Client(cluster, id, await mintAccessToken(id, { issuer: cluster.publicUrl })),
    ),
  );
  await inBatches(clients, 50, (client) => client.connect());

  const inCalls = clients.slice(0, Math.floor((CLIENTS * 0.8) / 2) * 2);
  const idle = clients.slice(inCalls.length);
  const calls = await pairUp(inCalls);
  // Some users, picked at random among those in calls, will never come back.
  for (const client of [...inCalls].sort(() => Math.random() - 0.5).slice(0, ABANDONED)) {
    client.abandoned = true;
  }

  const killedAt = performance.now();
  cluster.kill(0);
  await sleep(500);
  const dropped = clients.filter((client) => client.drops > 0);
  const returning = dropped.filter((client) => !client.abandoned);
  await until(
    () => returning.every((client) => client.reconnectedAt !== null),
    RECONNECT_GOAL_MS + 5_000,
    'returning clients to reconnect',
  ).catch(() => undefined);
  const reconnectMs = returning
    .filter((client) => client.reconnectedAt !== null)
    .map((client) => client.reconnectedAt - killedAt);

  // Calls whose two users are back: signalling still flows, and end_session ends both sides.
  let relayed = 0;
  let ended = 0;
  const both = [...calls.values()].filter((pair) => pair.every((c) => !c.abandoned));
  await inBatches(both, 20, async ([first, second]) => {
    const since = second.messages.length;
    first.send({ type: 'offer', payload: { sdp: `after-kill-${first.userId}` } });
    const offer = await second.next('offer', 5_000, since).catch(() => null);
    if (offer?.payload.sdp === `after-kill-${first.userId}`) relayed += 1;
    const endings = [first, second].map((c) => c.next('session_ended', 5_000, c.messages.length));
    first.send({ type: 'end_session', payload: { reason: 'user_ended' } });
    const results = await Promise.all(endings.map((p) => p.catch(() => null)));
    if (results.every(Boolean)) ended += 1;
  });

  // Calls with one user gone for good (dropped by the kill and never back): the other is told
  // connection_issue after the grace. (An abandoned user on the surviving instance never dropped:
  // that call simply runs to its end.)
  const gone = (client) => client.abandoned && client.drops > 0;
  const halfGone = [...calls.values()].filter((pair) => pair.filter(gone).length === 1);
  let partnerTold = 0;
  await Promise.all(
    halfGone.map(async (pair) => {
      const stayer = pair.find((c) => !gone(c));
      const message = await stayer.next('session_ended', GRACE_MS + 20_000, 0).catch(() => null);
      if (message?.payload.reason === 'connection_issue') partnerTold += 1;
    }),
  );

  // Life goes on: the idle users and those whose call ended find again and are paired.
  const again = [...idle, ...both.flat()].filter((client) => client.ws);
  const before = again.map((client) => client.messages.length);
  const finds = await Promise.all(
    again.map((client) =>
      client.find().then(
        () => true,
        () => false,
      ),
    ),
  );
  const found = finds.filter(Boolean).length;
  await sleep(3_000);
  const rematched = again.filter((client, i) =>
    client.messages.slice(before[i]).some((message) => message.type === 'session_created'),
  ).length;

  let ledger = await ledgerCheck(database.url);
  const waitStarted = performance.now();
  if (WAIT_ALL) {
    // End every new call, then wait for the ones whose users both vanished to be swept.
    for (const client of again)
      client.send({ type: 'end_session', payload: { reason: 'user_ended' } });
    while (ledger.open > 0 && performance.now() - waitStarted < 9 * 60_000) {
      await sleep(5_000);
      ledger = await ledgerCheck(database.url);
    }
  }

  const reconnect = summarize(reconnectMs);
  report({
    bench: 'fault-kill',
    clients: CLIENTS,
    calls_before_kill: calls.size,
    dropped_by_kill: dropped.length,
    abandoned: dropped.filter((client) => client.abandoned).length,
    returning: returning.length,
    reconnected: reconnectMs.length,
    refused_as_second_socket: clients.reduce((sum, client) => sum + client.refusals, 0),
    reconnect_ms: reconnect,
    reconnect_within_10s: reconnectMs.filter((ms) => ms <= RECONNECT_GOAL_MS).length,
    calls_both_back: both.length,
    calls_relaying_after_kill: relayed,
    calls_ended_for_both: ended,
    calls_partner_gone: halfGone.length,
    calls_partner_told_connection_issue: partnerTold,
    finds_after_kill: { sent: again.length, accepted: found, matched: rematched },
    sessions: ledger.sessions,
    sessions_open_at_end: ledger.open,
    waited_for_all_to_end_s: WAIT_ALL ? round((performance.now() - waitStarted) / 1000, 1) : null,
    ended_by_time_limit_or_sweep: ledger.time_limit,
    users_charged_twice_for_a_session: ledger.doubled,
    users_whose_charges_differ_from_their_sessions: ledger.mismatched,
  });
} finally {
  for (const client of clients) {
    client.abandoned = true;
    client.ws?.terminate();
  }
  await cluster?.stop().catch(() => undefined);
  await redis.release();
  await database.drop();
}
