import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { devBillingObjects } from '../../../db/tables/billing.ts';

/** A Stripe-shaped object of the development provider. */
export type DevObject = Record<string, unknown> & { id: string };

/** The development provider's objects, in the database every instance shares. */
export interface DevBillingStore {
  get<T extends DevObject>(kind: string, id: string): Promise<T | undefined>;
  put(kind: string, object: DevObject, parentId?: string | null): Promise<void>;
  /** Newest first; of one parent (a customer's subscriptions) when given. */
  list<T extends DevObject>(kind: string, limit: number, parentId?: string): Promise<T[]>;
  /** Changes one object under its row lock, so two pages cannot both act on the old state. */
  change<T extends DevObject>(
    kind: string,
    id: string,
    work: (object: T, store: DevBillingStore) => Promise<T | undefined> | T | undefined,
  ): Promise<T | undefined>;
}

// Creation times strictly increase within the process, so lists keep the order things happened in
// even when one transaction makes several objects.
let lastStamp = 0;
const creationStamp = () => {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp);
};

export function createDevBillingStore(db: Database): DevBillingStore {
  const byId = (kind: string, id: string) =>
    and(eq(devBillingObjects.kind, kind), eq(devBillingObjects.id, id));

  return {
    async get<T extends DevObject>(kind: string, id: string) {
      const [row] = await db
        .select({ data: devBillingObjects.data })
        .from(devBillingObjects)
        .where(byId(kind, id));
      return row?.data as T | undefined;
    },

    async put(kind, object, parentId = null) {
      await db
        .insert(devBillingObjects)
        .values({ id: object.id, kind, data: object, parentId, createdAt: creationStamp() })
        .onConflictDoUpdate({ target: devBillingObjects.id, set: { data: object } });
    },

    async list<T extends DevObject>(kind: string, limit: number, parentId?: string) {
      const rows = await db
        .select({ data: devBillingObjects.data })
        .from(devBillingObjects)
        .where(
          parentId === undefined
            ? eq(devBillingObjects.kind, kind)
            : and(eq(devBillingObjects.kind, kind), eq(devBillingObjects.parentId, parentId)),
        )
        .orderBy(desc(devBillingObjects.createdAt), desc(devBillingObjects.id))
        .limit(limit);
      return rows.map((row) => row.data as T);
    },

    change<T extends DevObject>(
      kind: string,
      id: string,
      work: (object: T, store: DevBillingStore) => Promise<T | undefined> | T | undefined,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ data: devBillingObjects.data })
          .from(devBillingObjects)
          .where(byId(kind, id))
          .for('update');
        if (!row) return undefined;
        // Writes inside `work` go through the same transaction (PGlite has one connection).
        const next = await work(row.data as T, createDevBillingStore(tx));
        if (next) await tx.update(devBillingObjects).set({ data: next }).where(byId(kind, id));
        return next;
      });
    },
  };
}
