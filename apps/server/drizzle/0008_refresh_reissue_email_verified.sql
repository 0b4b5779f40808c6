ALTER TABLE "refresh_tokens" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "reissued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_verified_email_idx" ON "users" USING btree ("email") WHERE "users"."email_verified";--> statement-breakpoint
-- Accounts made before the claim was kept: Google and LINE hand out only addresses they verified
-- (docs/decisions.md, Hardening); Kakao's status is learnt at the account's next sign-in.
UPDATE "users" SET "email_verified" = true WHERE "email" IS NOT NULL AND "deleted_at" IS NULL AND "provider" IN ('google', 'line');
