CREATE TABLE "level_calibrations" (
	"user_id" uuid NOT NULL,
	"language_code" text NOT NULL,
	"level" text NOT NULL,
	"below" integer DEFAULT 0 NOT NULL,
	"about" integer DEFAULT 0 NOT NULL,
	"above" integer DEFAULT 0 NOT NULL,
	"partners" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_calibrations_user_id_language_code_level_pk" PRIMARY KEY("user_id","language_code","level"),
	CONSTRAINT "level_calibrations_level_check" CHECK ("level_calibrations"."level" in ('A1', 'A2', 'B1', 'B2', 'C1', 'C2'))
);
--> statement-breakpoint
CREATE TABLE "search_starts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"language_code" text NOT NULL,
	"level" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_starts_level_check" CHECK ("search_starts"."level" in ('A1', 'A2', 'B1', 'B2', 'C1', 'C2'))
);
--> statement-breakpoint
CREATE TABLE "session_calibrations" (
	"session_id" uuid NOT NULL,
	"side" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_calibrations_session_id_side_pk" PRIMARY KEY("session_id","side"),
	CONSTRAINT "session_calibrations_side_check" CHECK ("session_calibrations"."side" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "level_calibrations" ADD CONSTRAINT "level_calibrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_calibrations" ADD CONSTRAINT "level_calibrations_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_starts" ADD CONSTRAINT "search_starts_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_calibrations" ADD CONSTRAINT "session_calibrations_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_starts_language_level_started_idx" ON "search_starts" USING btree ("language_code","level","started_at");