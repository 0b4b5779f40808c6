// The matching floor (issue 20, goal 2): the least a server can do for the bench's find and still
// make a charged session, run as a process of its own exactly as Parlo's server is, so
// match-latency.mjs can measure both in one run and print Parlo's share.
//
// - POST /api/v1/match/find: the user is read from the bearer token's payload, unverified (the
//   floor does no auth, as rest-floor's does none); one named prepared read of the searcher
//   (level in the language and date of birth); a queue per level in memory; the first waiting
//   user of the same level is the partner. Answers {status: 'searching'}.
// - A pair: one prepared statement inserts the session, both ledger rows and both usage counts
//   (no locks, no token check, no exclusions, no age groups), then `session_created` goes to both
//   sockets.
// - POST /api/v1/match/cancel: leaves the queue. Socket `end_session`: one update ends the
//   session, `session_ended` to both (the bench's reset between runs).
// - GET /health answers 200 once listening.
//
// Started by startMatchFloor(databaseUrl) below, from the bench: `node match-floor.mjs` with
// DATABASE_URL and PORT in its environment.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { startFloorProcess } from '../lib.mjs';

/** Starts the floor as a child process on a free port; resolves once it answers /health. */
export function startMatchFloor(databaseUrl, options) {
  return startFloorProcess(fileURLToPath(import.meta.url), databaseUrl, options);
}

/** The user id in a bearer token's payload, read without verifying (the floor does no auth). */
function subjectOf(token) {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).sub ?? null;
  } catch {
    return null;
  }
}

function serve() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  /** level -> waiting user ids, oldest first. */
  const queues = new Map();
  /** user id -> level, for a cancel. */
  const waiting = new Map();
  /** user id -> socket. */
  const sockets = new Map();
  /** user id -> { id, users } of the open session. */
  const sessions = new Map();

  const send = (userId, message) => sockets.get(userId)?.send(JSON.stringify(message));

  async function pair(first, second) {
    const { rows } = await pool.query({
      name: 'floor_charged_session',
      text: `with s as (
          insert into sessions (language_code, user1_id, user2_id, created_at)
          values ('en', $1, $2, now()) returning id, created_at
        ), l as (
          insert into token_ledger (user_id, delta, pool, reason, session_id, created_at)
          select v.u, -1, 'daily', 'session', s.id, s.created_at
          from s, (values ($1::uuid), ($2::uuid)) as v(u)
        ), g as (
          insert into usages (user_id, feature_code, day, count)
          select v.u, f.f, current_date, 1
          from (values ($1::uuid), ($2::uuid)) as v(u), (values ('tokens'), ('session_limit')) as f(f)
          on conflict (user_id, feature_code, day) do update set count = usages.count + 1
        )
        select id, created_at from s`,
      values: [first, second],
    });
    const session = { id: rows[0].id, users: [first, second] };
    for (const userId of session.users) sessions.set(userId, session);
    session.users.forEach((userId, index) =>
      send(userId, {
        type: 'session_created',
        payload: {
          session: { id: session.id, startedAt: rows[0].created_at, languageCode: 'en' },
          peerProfile: { id: session.users[1 - index] },
          initiator: index === 0,
        },
      }),
    );
  }

  async function find(userId, languageCode) {
    const { rows } = await pool.query({
      name: 'floor_searcher',
      text: `select l.proficiency_level, p.date_of_birth
        from user_languages l join profiles p on p.user_id = l.user_id
        where l.user_id = $1 and l.language_code = $2`,
      values: [userId, languageCode],
    });
    const level = rows[0]?.proficiency_level;
    if (!level || waiting.has(userId) || sessions.has(userId)) return;
    const queue = queues.get(level) ?? [];
    queues.set(level, queue);
    const partner = queue.shift();
    if (partner === undefined) {
      queue.push(userId);
      waiting.set(userId, level);
      return;
    }
    waiting.delete(partner);
    pair(partner, userId).catch((error) => console.error(error));
  }

  function cancel(userId) {
    const level = waiting.get(userId);
    if (level === undefined) return false;
    waiting.delete(userId);
    const queue = queues.get(level);
    queue.splice(queue.indexOf(userId), 1);
    return true;
  }

  async function end(userId) {
    const session = sessions.get(userId);
    if (!session) return;
    for (const id of session.users) sessions.delete(id);
    await pool.query({
      name: 'floor_end_session',
      text: `update sessions set ended_at = now(), end_reason = 'user_ended', ended_by = $2
        where id = $1 and ended_at is null`,
      values: [session.id, userId],
    });
    for (const id of session.users) send(id, { type: 'session_ended', payload: {} });
  }

  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    if (req.url === '/health') return json(res, 200, { status: 'ok' });
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const userId = subjectOf(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]);
      if (!userId) return json(res, 401, { code: 401, message: 'no token' });
      if (req.url === '/api/v1/match/cancel') return json(res, 200, { cancelled: cancel(userId) });
      if (req.url !== '/api/v1/match/find') return json(res, 404, { code: 404, message: 'no' });
      const { languageCode } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      find(userId, languageCode).then(
        () => json(res, 200, { status: 'searching', languageCode }),
        (error) => json(res, 500, { code: 500, message: String(error) }),
      );
    });
  });

  const wss = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
  wss.on('connection', (ws, req) => {
    const protocols = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    const userId = subjectOf(protocols[1]);
    if (!userId) return ws.close(4001, 'no token');
    sockets.set(userId, ws);
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString('utf8'));
      if (message.type === 'end_session') end(userId).catch((error) => console.error(error));
    });
    ws.on('close', () => {
      if (sockets.get(userId) === ws) sockets.delete(userId);
      cancel(userId);
    });
  });

  server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
  process.once('SIGTERM', () => {
    for (const ws of wss.clients) ws.terminate();
    server.close();
    void pool.end().finally(() => process.exit(0));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve();
