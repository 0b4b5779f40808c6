// Signalling relay latency with 2,000 authenticated sockets in 1,000 calls: a side sends an ICE
// `candidate`, the gateway relays it to the partner. Latency = performance.now() on the partner's
// socket message minus performance.now() just before ws.send (both in this process; the counter
// in the candidate's foundation correlates the two).
//
// The calls are made through the real API first (POST /match/find by every user, 50 at a time,
// all at one level, so whoever is waiting pairs up); each user's partner is the peerProfile of
// its session_created. Then RELAY_MESSAGES candidates are sent at RELAY_RATE per second in total,
// senders taken round-robin over all 2,000 sockets: 1 message/s per socket at the defaults, far
// inside SOCKET_RATE_LIMIT (default 50/s, left unchanged).
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
} from './lib.mjs';

const SOCKETS = Number(process.env.RELAY_SOCKETS ?? 2000);
const MESSAGES = Number(process.env.RELAY_MESSAGES ?? 20_000);
const RATE = Number(process.env.RELAY_RATE ?? 2000);
const TICK_MS = 5;
const GOAL_P99_MS = 5;

const database = await createDatabase('relay');
let server;
const sockets = [];
try {
  server = await startServer({ DATABASE_URL: database.url, JWT_SECRET });
  const ids = await seedUsers(database.url, SOCKETS);
  const sentAt = new Float64Array(MESSAGES);
  const senderOf = new Int32Array(MESSAGES);
  let misrouted = 0;
  const latencies = [];
  let matched = 0;
  let errors = 0;
  const users = ids.map((id) => ({ id, token: '', ws: null, peerId: null }));
  await inBatches(users, 50, async (user) => {
    user.token = await mintAccessToken(user.id, { issuer: server.publicUrl });
    user.ws = await openSocket(server, user.token, (message, at) => {
      if (message.type === 'candidate') {
        const { candidate } = message.payload;
        const n = Number(candidate.slice('candidate:'.length, candidate.indexOf(' ')));
        latencies.push(at - sentAt[n]);
        if (users[senderOf[n]].peerId !== user.id) misrouted += 1;
      } else if (message.type === 'session_created') {
        user.peerId = message.payload.peerProfile.id;
        matched += 1;
      } else if (message.type === 'error') {
        errors += 1;
      }
    });
    sockets.push(user.ws);
  });

  const setupStarted = performance.now();
  await inBatches(users, 50, (user) =>
    apiPost(server, user.token, '/match/find', { languageCode: 'en' }),
  );
  const deadline = Date.now() + 60_000;
  while (matched < users.length && Date.now() < deadline) await sleep(50);
  if (matched < users.length) throw new Error(`only ${matched}/${users.length} users matched`);
  const setupS = (performance.now() - setupStarted) / 1000;
  await sleep(500);

  const perTick = Math.max(1, Math.round((RATE * TICK_MS) / 1000));
  let n = 0;
  const sendStarted = performance.now();
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      for (let k = 0; k < perTick && n < MESSAGES; k += 1, n += 1) {
        const sender = users[n % users.length];
        const message = JSON.stringify({
          type: 'candidate',
          payload: {
            candidate: `candidate:${n} 1 udp 1 127.0.0.1 9 typ host`,
            sdpMid: '0',
            sdpMLineIndex: 0,
          },
        });
        senderOf[n] = n % users.length;
        sentAt[n] = performance.now();
        sender.ws.send(message);
      }
      if (n >= MESSAGES) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  const sendS = (performance.now() - sendStarted) / 1000;
  const drain = Date.now() + 10_000;
  while (latencies.length < MESSAGES && Date.now() < drain) await sleep(50);

  const stats = summarize(latencies);
  report({
    bench: 'relay-latency',
    sockets: users.length,
    calls: users.length / 2,
    calls_set_up_s: +setupS.toFixed(1),
    messages_sent: MESSAGES,
    messages_received: stats.count,
    error_messages: errors,
    misrouted,
    offered_rate_per_s: +(MESSAGES / sendS).toFixed(0),
    per_socket_rate_per_s: +(MESSAGES / sendS / users.length).toFixed(2),
    socket_rate_limit: 'default 50/s (unchanged)',
    p50_ms: stats.p50_ms,
    p99_ms: stats.p99_ms,
    max_ms: stats.max_ms,
    goal: 'p99 < 5 ms (candidate send -> partner receives)',
    goal_p99_ms: GOAL_P99_MS,
    within_goal: stats.count === MESSAGES && misrouted === 0 && stats.p99_ms < GOAL_P99_MS,
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const ws of sockets) ws.terminate();
  await server?.stop();
  await database.drop();
}
