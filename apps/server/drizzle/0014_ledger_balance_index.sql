-- The bonus balance (a sum of `delta` over one user's rows of the pool, read by every find and
-- twice by every charge) is read from the index alone. On a large ledger, build the index by
-- hand first without holding writes (docs/operations.md, PostgreSQL):
--   CREATE INDEX CONCURRENTLY IF NOT EXISTS token_ledger_user_pool_delta_idx
--     ON token_ledger (user_id, pool, delta);
-- and this migration only drops the old one.
CREATE INDEX IF NOT EXISTS "token_ledger_user_pool_delta_idx" ON "token_ledger" USING btree ("user_id","pool","delta");--> statement-breakpoint
DROP INDEX IF EXISTS "token_ledger_user_pool_idx";
