ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_escalated_at_idx" ON "users" USING btree ("escalated_at") WHERE "users"."escalated_at" is not null;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_check" CHECK ("moderation_actions"."action" in ('dismiss', 'warn', 'temporary_block', 'permanent_block', 'unblock', 'escalate'));