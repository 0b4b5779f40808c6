import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client.ts';

/** Stands for the value of `key` in a prepared query's SQL (see preparedQuery). */
export type Param<Key extends string> = (key: Key) => SQL;

/**
 * A raw query of the hot path, run as a named prepared statement on PostgreSQL: each pooled
 * connection parses it once, and after a few runs PostgreSQL keeps a generic plan, so later runs
 * only execute it (planning the find's query took as long as running it). Its SQL is built once,
 * by `build` with a placeholder for each value, not on every run: building a long query with
 * drizzle cost a find as much CPU as reading its result. On PGlite, one in-process session, it
 * is built with the values and runs as an ordinary query.
 *
 * `build` must give one query text whatever the values: they go in only through `param`.
 */
export function preparedQuery<Row, Key extends string>(
  name: string,
  build: (param: Param<Key>) => SQL,
) {
  let compiled: { statement: { name: string; text: string }; params: unknown[] } | undefined;
  return async (db: Database, values: Record<Key, unknown>): Promise<Row[]> => {
    const client = (db as unknown as { $client: unknown }).$client;
    if (!(client instanceof pg.Pool)) {
      const result: unknown = await db.execute(build((key) => sql`${values[key]}`));
      return (result as { rows: Row[] }).rows;
    }
    if (!compiled) {
      const dialect = (db as unknown as { dialect: PgDialect }).dialect;
      const { sql: text, params } = dialect.sqlToQuery(
        build((key) => sql`${sql.placeholder(key)}`),
      );
      compiled = { statement: { name, text }, params };
    }
    // The name and text live on the prototype: node-postgres copies a query's own properties
    // (every descriptor) on each call, and three of them cost a request 2-3 % of its CPU.
    const config = Object.create(compiled.statement) as pg.QueryConfig;
    config.values = fillPlaceholders(compiled.params, values);
    const result = await client.query<Row & pg.QueryResultRow>(config);
    return result.rows;
  };
}

/** A json column's value: node-postgres hands it over parsed, PGlite as text. */
export const jsonColumn = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(value) : value;
