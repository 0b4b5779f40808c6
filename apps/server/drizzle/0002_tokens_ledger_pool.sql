DROP INDEX "token_ledger_session_charge_key";--> statement-breakpoint
-- Rows written before pools existed were all bonus grants; the default only fills them in.
ALTER TABLE "token_ledger" ADD COLUMN "pool" text DEFAULT 'bonus' NOT NULL;--> statement-breakpoint
ALTER TABLE "token_ledger" ALTER COLUMN "pool" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "token_ledger_user_pool_idx" ON "token_ledger" USING btree ("user_id","pool");--> statement-breakpoint
CREATE UNIQUE INDEX "token_ledger_session_charge_key" ON "token_ledger" USING btree ("user_id","session_id","reason","pool") WHERE "token_ledger"."session_id" is not null;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_pool_check" CHECK ("token_ledger"."pool" in ('daily', 'bonus'));--> statement-breakpoint
-- Every live account gets the free plan it would have received at sign-up. The seed inserts the
-- plans after migrations, so the free plan row is made here first when accounts already exist.
INSERT INTO "plans" ("code", "name")
SELECT 'free', 'Free' WHERE EXISTS (SELECT 1 FROM "users")
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
INSERT INTO "subscriptions" ("user_id", "plan_code", "status", "started_at")
SELECT "users"."id", 'free', 'active', now()
FROM "users"
WHERE "users"."deleted_at" IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM "subscriptions"
    WHERE "subscriptions"."user_id" = "users"."id" AND "subscriptions"."status" = 'active'
  );
