// The REST floor (issue 20, goal 1): a bare node:http server with a `pg` pool of 10 that answers
// every request with the one-row read a GET /users/me needs at the least (users joined to profiles
// by id), as JSON. It runs as a process of its own, exactly as Parlo's server does (and as the
// matching floor does), so neither side shares its event loop with the load generator.
//
// The user id stands where Parlo's token would, in the x-user-id header: the floor does no auth.
// GET /health answers 200 once listening.
//
// Started by startRestFloor(databaseUrl) below, from the bench: `node rest-floor.mjs` with
// DATABASE_URL and PORT in its environment.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startFloorProcess } from '../lib.mjs';

/** The floor's one read: what /users/me shows of the user and the profile, by id. */
const FLOOR_QUERY = `select u.id, u.username, u.status, u.provider, u.image_url, u.referral_id,
  p.name, p.gender, p.country, p.date_of_birth, p.current_language_code
  from users u join profiles p on p.user_id = u.id where u.id = $1`;

/** Starts the floor as a child process on a free port; resolves once it answers /health. */
export function startRestFloor(databaseUrl, options) {
  return startFloorProcess(fileURLToPath(import.meta.url), databaseUrl, options);
}

function serve() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const server = createServer(async (req, res) => {
    if (req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"status":"ok"}');
    }
    try {
      // A named statement, parsed once per connection: the best a bare server can do (Parlo's
      // hot reads are prepared too).
      const { rows } = await pool.query({
        name: 'floor_me',
        text: FLOOR_QUERY,
        values: [req.headers['x-user-id']],
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(rows[0] ?? null));
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  });
  server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
  process.once('SIGTERM', () => {
    server.close();
    void pool.end().finally(() => process.exit(0));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve();
