import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client.ts';

/**
 * A raw query of the hot path run as a named prepared statement on PostgreSQL: each pooled
 * connection parses it once, and after a few runs PostgreSQL keeps a generic plan, so later runs
 * only execute it (planning the find's query took as long as running it). On PGlite, one
 * in-process session, it runs as an ordinary query. `name` must name one query text: the SQL of
 * `query` may vary only in its parameters.
 */
export function preparedRows<Row>(name: string) {
  return async (db: Database, query: SQL): Promise<Row[]> => {
    const client = (db as unknown as { $client: unknown }).$client;
    if (!(client instanceof pg.Pool)) {
      const result: unknown = await db.execute(query);
      return (result as { rows: Row[] }).rows;
    }
    const dialect = (db as unknown as { dialect: PgDialect }).dialect;
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await client.query<Row & pg.QueryResultRow>({ name, text, values: params });
    return result.rows;
  };
}
