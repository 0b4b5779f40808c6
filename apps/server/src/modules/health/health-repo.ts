import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export interface HealthRepo {
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
}

export function createHealthRepo(db: Database): HealthRepo {
  return {
    async ping() {
      await db.execute(sql`select 1`);
    },
  };
}
