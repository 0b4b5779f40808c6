CREATE TABLE "frame_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid,
	"reporter_id" uuid,
	"subject_user_id" uuid NOT NULL,
	"side" text NOT NULL,
	"category" text NOT NULL,
	"score" double precision NOT NULL,
	"frame_count" integer NOT NULL,
	"report_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "frame_flags_side_check" CHECK ("frame_flags"."side" in ('incoming', 'outgoing')),
	CONSTRAINT "frame_flags_category_check" CHECK ("frame_flags"."category" in ('porn', 'hentai')),
	CONSTRAINT "frame_flags_score_check" CHECK ("frame_flags"."score" >= 0 and "frame_flags"."score" <= 1),
	CONSTRAINT "frame_flags_frame_count_check" CHECK ("frame_flags"."frame_count" between 3 and 5)
);
--> statement-breakpoint
CREATE TABLE "user_safety_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reveal_together" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "frame_flags" ADD CONSTRAINT "frame_flags_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frame_flags" ADD CONSTRAINT "frame_flags_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frame_flags" ADD CONSTRAINT "frame_flags_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frame_flags" ADD CONSTRAINT "frame_flags_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_safety_settings" ADD CONSTRAINT "user_safety_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "frame_flags_subject_created_idx" ON "frame_flags" USING btree ("subject_user_id","created_at");--> statement-breakpoint
CREATE INDEX "frame_flags_report_idx" ON "frame_flags" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "frame_flags_reporter_session_side_key" ON "frame_flags" USING btree ("reporter_id","session_id","side") WHERE "frame_flags"."session_id" is not null;