import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createBatcher } from '../lib/batcher.ts';
import type { Database } from './client.ts';
import { poolOf, postgresClientOf } from './driver.ts';
import { refusedValueSqlstate } from './errors.ts';

/** Stands for the value of `key` in a prepared query's SQL (see preparedQuery). */
export type Param<Key extends string> = (key: Key) => SQL;

/** The PostgreSQL type of a batched query's value, for the array it travels in. */
export type BatchType = 'uuid' | 'text' | 'date' | 'int' | 'timestamptz';

export interface PreparedQueryOptions<Key extends string> {
  /**
   * Batch the calls made while others run (see below), each value sent in an array of this
   * PostgreSQL type.
   */
  batch?: Record<Key, BatchType>;
  /**
   * Values for a run that finds and changes nothing (an id no row has, empty arrays), made on
   * each pooled connection as the server starts (warmConnections). A batched statement is warmed
   * with empty arrays without them.
   */
  warm?: Record<Key, unknown>;
}

/** An id no row has (every id the database makes is random): for warm-up runs that find nothing. */
export const NO_ROW_ID = '00000000-0000-0000-0000-000000000000';

/** A statement's warm-up run on one pooled connection (see warmConnections). */
type WarmUp = (db: Database, client: pg.PoolClient) => Promise<void>;
/** Every prepared query's warm-up, in the order the modules declared them. */
const warmUps: WarmUp[] = [];

/**
 * Opens `count` connections of `db`'s pool at once (its size: all of them) and runs every hot
 * statement's warm-up on each, so no request pays for what happens once per connection and
 * statement: the parse, the generic plan (10 ms for the searcher's read) and a function's first
 * call (16-18 ms for the charge's two functions, compiled per connection). The pool keeps its
 * connections (db/client.ts), so this is paid once, at start. Answers the warm-ups that failed:
 * the statements they concern are only planned on first use, as before; the server starts all
 * the same, as it does when a connection cannot be opened. On PGlite, one in-process session,
 * there is nothing to open.
 */
export async function warmConnections(db: Database, count: number): Promise<unknown[]> {
  const pool = poolOf(db);
  if (!pool) return [];
  const failures: unknown[] = [];
  // A connection PostgreSQL refuses (its connection limit reached) is opened on demand later.
  const opened = await Promise.allSettled(Array.from({ length: count }, () => pool.connect()));
  const clients: pg.PoolClient[] = [];
  for (const result of opened) {
    if (result.status === 'fulfilled') clients.push(result.value);
    else failures.push(result.reason);
  }
  try {
    await Promise.all(
      clients.map(async (client) => {
        for (const warmUp of warmUps) {
          await warmUp(db, client).catch((error: unknown) => failures.push(error));
        }
      }),
    );
  } finally {
    for (const client of clients) client.release();
  }
  return failures;
}

/** Calls in one batched statement at most: one plan execution, a result of a few hundred rows. */
const BATCH_SIZE = 64;
/**
 * One batch of a statement runs at a time: calls that arrive meanwhile wait for it (a round trip)
 * and go together in the next. With up to four at once, as the charges do, most calls of a busy
 * statement still went alone and queued for the pool's connections instead: the dashboard's seven
 * reads at 50 connections gained nothing (0.44-0.48 of the REST floor against 0.49-0.51 before),
 * with one at a time they reached 0.72, and GET /users/me alone 1.26.
 */
const BATCHES_IN_FLIGHT = 1;

/** The column that numbers a batch's calls (from 1) in its rows. */
const ORD = 'batch_ord';

interface Compiled {
  statement: { name: string; text: string };
  params: unknown[];
}

/**
 * A raw query of the hot path, run as a named prepared statement on PostgreSQL: each pooled
 * connection parses it once and keeps its generic plan (db/client.ts), so later runs only execute
 * it (planning the find's query took as long as running it). Its SQL is built once, by `build`
 * with a placeholder for each value, not on every run: building a long query with drizzle cost a
 * find as much CPU as reading its result. On PGlite, one in-process session, it is built with the
 * values and runs as an ordinary query.
 *
 * With `batch`, calls made on a pool while others of the same statement run go to PostgreSQL
 * together, like a database's group commit (lib/batcher.ts): one statement reads for all of them,
 * its values in arrays (`unnest ... with ordinality`), `build`'s query joined laterally to each
 * call's values. Under load, one round trip, one plan execution and one result serve many
 * requests (a burst of finds, fifty members opening their dashboards); a call made alone runs at
 * once, without waiting. Nothing is kept between calls: each is read by the statement that answers
 * it. A batch that fails on a value a request carried (refusedValueSqlstate) is run again call
 * by call, so one call's bad value fails that call only; any other failure fails the batch's
 * calls with it. Inside a transaction each call runs alone, by name on the transaction's
 * connection; on PGlite each runs alone as an ordinary query.
 *
 * `build` must give one query text whatever the values: they go in only through `param`.
 */
export function preparedQuery<Row, Key extends string>(
  name: string,
  build: (param: Param<Key>) => SQL,
  options: PreparedQueryOptions<Key> = {},
) {
  let single: Compiled | undefined;
  let batched: Compiled | undefined;
  type Answer = PromiseSettledResult<Row[]>;
  const batchers = new WeakMap<pg.Pool, (values: Record<Key, unknown>) => Promise<Answer>>();
  const dialectOf = (db: Database) => (db as unknown as { dialect: PgDialect }).dialect;

  function compile(db: Database, query: SQL, statementName: string): Compiled {
    const { sql: text, params } = dialectOf(db).sqlToQuery(query);
    return { statement: { name: statementName, text }, params };
  }

  async function run(
    client: pg.Pool | pg.Client,
    compiled: Compiled,
    values: Record<string, unknown>,
  ) {
    // The name and text live on the prototype: node-postgres copies a query's own properties
    // (every descriptor) on each call, and three of them cost a request 2-3 % of its CPU.
    const config = Object.create(compiled.statement) as pg.QueryConfig;
    config.values = fillPlaceholders(compiled.params, values);
    const result = await client.query<Row & pg.QueryResultRow>(config);
    return result.rows;
  }

  /** The statement that answers a batch of calls, their values in arrays. */
  function batchedStatement(db: Database, types: Record<Key, BatchType>): Compiled {
    const keys = Object.keys(types) as Key[];
    batched ??= compile(
      db,
      sql`select q.${sql.raw(ORD)}, r.* from unnest(${sql.join(
        keys.map((key) => sql`${sql.placeholder(key)}::${sql.raw(types[key])}[]`),
        sql`, `,
      )}) with ordinality as q(${sql.raw(keys.map((key) => `"${key}"`).join(', '))}, ${sql.raw(ORD)})
        cross join lateral (${build((key) => sql.raw(`q."${key}"`))}) r`,
      `${name}_batch`,
    );
    return batched;
  }

  const singleStatement = (db: Database) =>
    (single ??= compile(
      db,
      build((key) => sql`${sql.placeholder(key)}`),
      name,
    ));

  const { batch, warm } = options;
  if (batch) {
    const none = Object.fromEntries(Object.keys(batch).map((key) => [key, []]));
    warmUps.push(async (db, client) => {
      await run(client, batchedStatement(db, batch), none);
    });
  } else if (warm) {
    warmUps.push(async (db, client) => {
      await run(client, singleStatement(db), warm);
    });
  }

  function batcherFor(db: Database, client: pg.Pool, types: Record<Key, BatchType>) {
    let batcher = batchers.get(client);
    if (batcher) return batcher;
    const keys = Object.keys(types) as Key[];
    const statement = batchedStatement(db, types);
    const runBatch = async (calls: Record<Key, unknown>[]): Promise<Answer[]> => {
      const values = Object.fromEntries(keys.map((key) => [key, calls.map((call) => call[key])]));
      const rows = await run(client, statement, values);
      const answers = calls.map((): Row[] => []);
      for (const row of rows) answers[Number((row as Record<string, unknown>)[ORD]) - 1]!.push(row);
      return answers.map((value) => ({ status: 'fulfilled', value }));
    };
    batcher = createBatcher<Record<Key, unknown>, Answer>({
      run: (calls) =>
        runBatch(calls).catch((error: unknown) =>
          calls.length === 1 || !refusedValueSqlstate(error)
            ? calls.map(() => ({ status: 'rejected' as const, reason: error }))
            : // A value PostgreSQL refused is one call's: each call again, alone, so the error
              // reaches that call only. Anything else (a timeout, a full pool, PostgreSQL gone)
              // would have failed each call as well; retrying one by one would only add load.
              Promise.all(
                calls.map((call) =>
                  runBatch([call]).then(
                    ([answer]) => answer!,
                    (reason: unknown) => ({ status: 'rejected' as const, reason }),
                  ),
                ),
              ),
        ),
      maxInFlight: BATCHES_IN_FLIGHT,
      maxSize: BATCH_SIZE,
    });
    batchers.set(client, batcher);
    return batcher;
  }

  return async (db: Database, values: Record<Key, unknown>): Promise<Row[]> => {
    // Inside a transaction: by name on the connection the transaction holds, which has the
    // statement prepared already.
    const client = postgresClientOf(db);
    if (!client) {
      // sql.param: an array value stays one parameter (drizzle spreads a bare array into a list).
      const result: unknown = await db.execute(build((key) => sql`${sql.param(values[key])}`));
      return (result as { rows: Row[] }).rows;
    }
    if (options.batch && client instanceof pg.Pool) {
      return unwrap(await batcherFor(db, client, options.batch)(values));
    }
    return run(client, singleStatement(db), values);
  };
}

function unwrap<T>(answer: PromiseSettledResult<T>): T {
  if (answer.status === 'rejected') throw answer.reason;
  return answer.value;
}

/** A json column's value: node-postgres hands it over parsed, PGlite as text. */
export const jsonColumn = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(value) : value;
