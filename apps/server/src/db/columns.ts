import { sql, type SQL } from 'drizzle-orm';
import { timestamp, type PgColumn } from 'drizzle-orm/pg-core';

/** Instants are always stored with their time zone, read as Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/**
 * CHECK (column IN (...)) built from a contract constant, so the database refuses values the
 * code would never produce. The values are code constants, never user input.
 */
export function oneOf(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}
