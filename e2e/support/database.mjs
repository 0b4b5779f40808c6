// Creates or drops the e2e run's own PostgreSQL database: `node database.mjs create|drop <url>`.
// Run as a child process so the Playwright config can stay synchronous.
import pg from 'pg';

const [action, url] = process.argv.slice(2);
const target = new URL(url);
const name = target.pathname.slice(1);
if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
const admin = new URL(url);
admin.pathname = '/postgres';

const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
try {
  if (action === 'create') await client.query(`create database ${name}`);
  else if (action === 'drop') await client.query(`drop database if exists ${name} with (force)`);
  else throw new Error(`unknown action ${action}`);
} finally {
  await client.end();
}
