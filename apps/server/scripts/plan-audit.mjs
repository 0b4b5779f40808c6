// Finds the statements that read a whole table whatever the data: every distinct statement of a
// PostgreSQL log, planned the way the server's pool plans it (generically: db/client.ts) with
// sequential scans discouraged. A plan that still holds a `Seq Scan` has no index it can use.
//
//   1. Log every statement of a run: `alter role postgres set log_min_duration_statement = 0`
//      (reset it after), then run the suite or a bench.
//   2. node apps/server/scripts/plan-audit.mjs <that part of the log> <url of a migrated database>
//
// Prints one JSON line per table scanned whole, with the statements that scan it and how often
// the run sent each. Small catalogue tables (languages, plans) and the tests' own reads show up
// too: read the list, it is not a verdict. docs/operations.md, "2 December, thirteenth session".
import { readFileSync } from 'node:fs';
import pg from 'pg';

const [logFile, databaseUrl] = process.argv.slice(2);
if (!logFile || !databaseUrl) {
  console.error('usage: node plan-audit.mjs <postgresql log> <database url>');
  process.exit(2);
}

/** Statement text -> times sent. A statement's later lines in the log start with a tab. */
function statementsOf(log) {
  const counts = new Map();
  let current = null;
  const flush = () => {
    if (current !== null) counts.set(current.trim(), (counts.get(current.trim()) ?? 0) + 1);
    current = null;
  };
  for (const line of log.split('\n')) {
    if (line.startsWith('\t') && current !== null) {
      current += `\n${line.slice(1)}`;
      continue;
    }
    flush();
    const found = /LOG:\s+(?:duration: [\d.]+ ms\s+)?(?:execute [^:]*|statement): (.*)$/.exec(line);
    if (found) current = found[1];
  }
  flush();
  return counts;
}

/** Statements no plan is asked of: transaction control, settings, DDL, the migrator's own. */
const NOT_PLANNED =
  /^(begin|commit|rollback|savepoint|release|set |show |reset |discard |listen|notify|create |alter |drop |do |vacuum|analyze|truncate|lock |--)|"drizzle"\."__drizzle_migrations"|pg_catalog|information_schema/i;

const statements = statementsOf(readFileSync(logFile, 'latin1'));
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const scans = new Map();
let planned = 0;
let refused = 0;
try {
  await client.query('set plan_cache_mode = force_generic_plan');
  await client.query('set enable_seqscan = off');
  for (const [text, sent] of statements) {
    if (NOT_PLANNED.test(text)) continue;
    const params = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
    try {
      await client.query('begin');
      await client.query(`prepare plan_audit as ${text}`);
      const args = params > 0 ? `(${Array(params).fill('null').join(', ')})` : '';
      const { rows } = await client.query(`explain execute plan_audit${args}`);
      planned += 1;
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      for (const [, table] of plan.matchAll(/Seq Scan on (\w+)/g)) {
        const list = scans.get(table) ?? new Map();
        list.set(text.replace(/\s+/g, ' '), sent);
        scans.set(table, list);
      }
    } catch {
      // A statement whose parameters' types cannot be inferred alone, or a fragment.
      refused += 1;
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.query('deallocate plan_audit').catch(() => undefined);
    }
  }
} finally {
  await client.end();
}
for (const [table, list] of [...scans].sort(([a], [b]) => a.localeCompare(b))) {
  const found = [...list].map(([statement, sent]) => ({ sent, statement }));
  console.log(JSON.stringify({ table, statements: found }));
}
console.log(JSON.stringify({ distinct: statements.size, planned, refused }));
