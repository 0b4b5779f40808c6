// Simulated searching users, shared by match-latency.mjs (one instance) and cluster-load.mjs
// (instances behind nginx): the seeded levels, the connected users with their sockets, the find,
// and the latency of every session made.
//
// Latency of a session: from the moment the later of its two finds was sent (just before the
// POST /match/find) to the moment the later of its two `session_created` messages arrived: "from
// the second find to both session_created", whoever the server paired with whom.
import { apiPost, inBatches, mintAccessToken, openSocket, sleep, until } from '../lib.mjs';

export const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];

/**
 * `levelOf` for seedUsers: a level drawn at random from a fixed seed, so runs draw the same
 * levels (and, with six levels, pairs form at the exact level without waiting for widening).
 */
export function seededLevels(seed = 42) {
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return () => LEVELS[Math.floor(random() * LEVELS.length)];
}

/**
 * Connects every user id (access token issued for `server.publicUrl`, socket at `server.wsUrl`;
 * `server` is one instance from startServer or a cluster from startCluster). Returns the crowd:
 * its users, `find(user)`, `measure(label)` and `reset()`, and `close()` for the sockets.
 */
export async function connectSearchers(server, ids, { concurrency = 50 } = {}) {
  const users = ids.map((id) => ({ id, token: '', socket: null, sentAt: 0, createdAt: 0 }));
  const sockets = [];
  /** session id -> the two users, filled as `session_created` arrives. */
  let sessions = new Map();
  let ended = 0;
  /** Socket `error` messages by code, so a failed run says what the server answered. */
  const socketErrors = new Map();
  /** "<close code> <reason>" -> how many sockets the server closed after they opened. */
  const closedByServer = new Map();
  let closing = false;
  try {
    await inBatches(users, concurrency, async (user) => {
      user.token = await mintAccessToken(user.id, { issuer: server.publicUrl });
      user.socket = await openSocket(server, user.token, (message, at) => {
        if (message.type === 'session_ended') ended += 1;
        if (message.type === 'error') {
          const code = String(message.payload.code);
          socketErrors.set(code, (socketErrors.get(code) ?? 0) + 1);
        }
        if (message.type !== 'session_created') return;
        user.createdAt = at;
        const id = message.payload.session.id;
        sessions.set(id, [...(sessions.get(id) ?? []), user]);
      });
      sockets.push(user.socket);
      user.socket.once('close', (code, reason) => {
        if (closing) return;
        const key = `${code} ${String(reason)}`.trim();
        closedByServer.set(key, (closedByServer.get(key) ?? 0) + 1);
      });
    });
  } catch (error) {
    closing = true;
    for (const ws of sockets) ws.terminate();
    throw error;
  }

  /** Presses Find for the user: POST /match/find (English); throws on an error answer. */
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
    const errorsBefore = new Map(socketErrors);
    const pairs = [...sessions.values()].filter((pair) => pair.length === 2);
    for (const [a] of pairs) {
      a.socket.send(JSON.stringify({ type: 'end_session', payload: { reason: 'user_ended' } }));
    }
    await until(() => ended - endedBefore >= pairs.length * 2, 30_000, 'all sessions ended').catch(
      (error) => {
        // Say how many never came, and what the server answered the ends meanwhile.
        const answered = [...socketErrors]
          .map(([code, count]) => [code, count - (errorsBefore.get(code) ?? 0)])
          .filter(([, count]) => count > 0);
        error.message += `: ${pairs.length * 2 - (ended - endedBefore)} of ${pairs.length * 2} session_ended missing; socket errors since the ends were sent: ${JSON.stringify(Object.fromEntries(answered))}`;
        throw error;
      },
    );
    await inBatches(users, concurrency, (user) => apiPost(server, user.token, '/match/cancel', {}));
    sessions = new Map();
  }

  return {
    users,
    find,
    measure,
    reset,
    /** performance.now() of the last session_created any user received (0 if none). */
    lastCreated: () => Math.max(0, ...users.map((user) => user.createdAt)),
    /** The sockets closed from the server's side since they opened, by close code and reason. */
    closedByServer: () => Object.fromEntries(closedByServer),
    close() {
      closing = true;
      for (const ws of sockets) ws.terminate();
    },
  };
}

/**
 * An unmeasured warm-up: the first `count` users find at `perSecond`, then every session ends and
 * every search is cancelled. It takes the server past what happens once (each pooled database
 * connection preparing its statements and compiling the charge function, the JIT), so the
 * measured runs see the server as it runs for real. Each warm-up user spends one session's token.
 */
export async function warmUp(crowd, find, { count, perSecond }) {
  if (count <= 0) return;
  await Promise.all(await openLoop(crowd.users.slice(0, count), perSecond, find));
  await crowd.measure('warm-up');
  await crowd.reset();
}

/**
 * An unmeasured burst: every user of `crowd` finds at once, at most `concurrency` in flight; then
 * every session ends and every search is cancelled. It takes both sides past a first burst's
 * one-time costs: the load generator opening its `concurrency` HTTP connections and both
 * processes compiling the code a burst runs (batches of many, queues of hundreds). Answers the
 * burst's sessions and matches per second, which include those costs.
 */
export async function warmUpBurst(crowd, find, { concurrency }) {
  const started = performance.now();
  await inBatches(crowd.users, concurrency, find);
  const { sessions } = await crowd.measure('warm-up burst');
  const elapsedS = (crowd.lastCreated() - started) / 1000;
  await crowd.reset();
  return { sessions, matchesPerS: elapsedS > 0 ? sessions / elapsedS : null };
}

/**
 * Open-loop arrivals: calls `task(item)` for each item at `perSecond`, each at its scheduled time
 * whatever the server's pace, and resolves to the tasks' promises (not awaited) once all are sent.
 */
export async function openLoop(items, perSecond, task) {
  const gapMs = 1000 / perSecond;
  const started = performance.now();
  const sends = [];
  for (const [i, item] of items.entries()) {
    const due = started + i * gapMs;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    sends.push(task(item));
  }
  return sends;
}
