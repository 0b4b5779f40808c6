-- The keys that forget a purged account (`on delete set null`) find the rows that point at it by
-- index: purging an account read every session ever made for `ended_by` (125 ms per account with
-- a million sessions) and every account for `referred_by` (also read when an account is deleted).
CREATE INDEX IF NOT EXISTS "moderation_actions_moderator_idx" ON "moderation_actions" USING btree ("moderator_id") WHERE "moderation_actions"."moderator_id" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "moderation_actions_report_idx" ON "moderation_actions" USING btree ("report_id") WHERE "moderation_actions"."report_id" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reports_reviewed_by_idx" ON "reports" USING btree ("reviewed_by") WHERE "reports"."reviewed_by" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_ended_by_idx" ON "sessions" USING btree ("ended_by") WHERE "sessions"."ended_by" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_referred_by_idx" ON "users" USING btree ("referred_by") WHERE "users"."referred_by" is not null;