ALTER TABLE "refresh_tokens" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "reissued_at" timestamp with time zone;