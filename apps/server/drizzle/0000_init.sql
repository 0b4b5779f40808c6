CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"code" text PRIMARY KEY NOT NULL,
	"native_name" text NOT NULL,
	"available" boolean DEFAULT false NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_features" (
	"plan_code" text NOT NULL,
	"feature_code" text NOT NULL,
	"value" integer NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_features_plan_code_feature_code_pk" PRIMARY KEY("plan_code","feature_code"),
	CONSTRAINT "plan_features_feature_code_check" CHECK ("plan_features"."feature_code" in ('tokens', 'session_limit', 'ads', 'video_ad_rewards')),
	CONSTRAINT "plan_features_value_check" CHECK ("plan_features"."value" >= -1),
	CONSTRAINT "plan_features_cost_check" CHECK ("plan_features"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_exclusions" (
	"user_low_id" uuid NOT NULL,
	"user_high_id" uuid NOT NULL,
	"reason" text DEFAULT 'report' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_exclusions_pair_key" PRIMARY KEY("user_low_id","user_high_id"),
	CONSTRAINT "match_exclusions_order_check" CHECK ("match_exclusions"."user_low_id" < "match_exclusions"."user_high_id"),
	CONSTRAINT "match_exclusions_reason_check" CHECK ("match_exclusions"."reason" in ('report', 'moderation'))
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"moderator_id" uuid,
	"report_id" uuid,
	"action" text NOT NULL,
	"reason" text,
	"blocked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_action_check" CHECK ("moderation_actions"."action" in ('warn', 'temporary_block', 'permanent_block', 'unblock')),
	CONSTRAINT "moderation_actions_temporary_block_check" CHECK ("moderation_actions"."action" <> 'temporary_block' or "moderation_actions"."blocked_until" is not null)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid,
	"reported_user_id" uuid NOT NULL,
	"session_id" uuid,
	"reason" text NOT NULL,
	"comment" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('nudity', 'harassment', 'spam', 'other')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'dismissed', 'actioned')),
	CONSTRAINT "reports_not_self_check" CHECK ("reports"."reporter_id" <> "reports"."reported_user_id")
);
--> statement-breakpoint
CREATE TABLE "session_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text DEFAULT 'continuation' NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"language_code" text NOT NULL,
	"previous_session_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"created_session_id" uuid,
	CONSTRAINT "session_offers_distinct_users_check" CHECK ("session_offers"."from_user_id" <> "session_offers"."to_user_id"),
	CONSTRAINT "session_offers_type_check" CHECK ("session_offers"."type" in ('continuation')),
	CONSTRAINT "session_offers_status_check" CHECK ("session_offers"."status" in ('pending', 'declined', 'cancelled', 'error', 'failed', 'accepted', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"language_code" text NOT NULL,
	"user1_id" uuid,
	"user2_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ended_by" uuid,
	"connection_type" text DEFAULT 'unknown' NOT NULL,
	"quality" jsonb,
	CONSTRAINT "sessions_distinct_users_check" CHECK ("sessions"."user1_id" <> "sessions"."user2_id"),
	CONSTRAINT "sessions_end_reason_check" CHECK ("sessions"."end_reason" in ('user_ended', 'time_limit_reached', 'connection_issue', 'system_ended', 'user_reported')),
	CONSTRAINT "sessions_ended_consistency_check" CHECK (("sessions"."ended_at" is null) = ("sessions"."end_reason" is null)),
	CONSTRAINT "sessions_connection_type_check" CHECK ("sessions"."connection_type" in ('direct', 'turn', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "ad_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inviter_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_invitee_key" UNIQUE("invitee_id"),
	CONSTRAINT "referrals_not_self_check" CHECK ("referrals"."inviter_id" <> "referrals"."invitee_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_code" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'cancelled', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "token_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"session_id" uuid,
	"ad_view_id" uuid,
	"referral_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_ledger_ad_view_key" UNIQUE("ad_view_id"),
	CONSTRAINT "token_ledger_referral_user_key" UNIQUE("referral_id","user_id"),
	CONSTRAINT "token_ledger_delta_check" CHECK ("token_ledger"."delta" <> 0),
	CONSTRAINT "token_ledger_reason_check" CHECK ("token_ledger"."reason" in ('ad_reward', 'referral_inviter', 'referral_invitee', 'session', 'session_refund', 'admin_grant'))
);
--> statement-breakpoint
CREATE TABLE "usages" (
	"user_id" uuid NOT NULL,
	"feature_code" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usages_user_feature_day_key" PRIMARY KEY("user_id","feature_code","day"),
	CONSTRAINT "usages_feature_code_check" CHECK ("usages"."feature_code" in ('tokens', 'session_limit', 'ads', 'video_ad_rewards')),
	CONSTRAINT "usages_count_check" CHECK ("usages"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"country" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"current_language_code" text,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_gender_check" CHECK ("profiles"."gender" in ('male', 'female', 'prefer_not_to_say')),
	CONSTRAINT "profiles_country_check" CHECK ("profiles"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "user_languages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"language_code" text NOT NULL,
	"proficiency_level" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_languages_user_language_key" UNIQUE("user_id","language_code"),
	CONSTRAINT "user_languages_level_check" CHECK ("user_languages"."proficiency_level" in ('A1', 'A2', 'B1', 'B2', 'C1', 'C2'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"provider" text NOT NULL,
	"provider_subject" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"blocked_at" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"role" text DEFAULT 'user' NOT NULL,
	"referral_id" text NOT NULL,
	"referred_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_provider_subject_key" UNIQUE("provider","provider_subject"),
	CONSTRAINT "users_referral_id_key" UNIQUE("referral_id"),
	CONSTRAINT "users_provider_check" CHECK ("users"."provider" in ('google', 'kakao', 'line')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'unverified', 'temporarily_blocked', 'blocked')),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'moderator', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_features" ADD CONSTRAINT "plan_features_plan_code_plans_code_fk" FOREIGN KEY ("plan_code") REFERENCES "public"."plans"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_exclusions" ADD CONSTRAINT "match_exclusions_user_low_id_users_id_fk" FOREIGN KEY ("user_low_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_exclusions" ADD CONSTRAINT "match_exclusions_user_high_id_users_id_fk" FOREIGN KEY ("user_high_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_offers" ADD CONSTRAINT "session_offers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_offers" ADD CONSTRAINT "session_offers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_offers" ADD CONSTRAINT "session_offers_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_offers" ADD CONSTRAINT "session_offers_previous_session_id_sessions_id_fk" FOREIGN KEY ("previous_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_offers" ADD CONSTRAINT "session_offers_created_session_id_sessions_id_fk" FOREIGN KEY ("created_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user1_id_users_id_fk" FOREIGN KEY ("user1_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user2_id_users_id_fk" FOREIGN KEY ("user2_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_views" ADD CONSTRAINT "ad_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_code_plans_code_fk" FOREIGN KEY ("plan_code") REFERENCES "public"."plans"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_ad_view_id_ad_views_id_fk" FOREIGN KEY ("ad_view_id") REFERENCES "public"."ad_views"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usages" ADD CONSTRAINT "usages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_current_language_fk" FOREIGN KEY ("user_id","current_language_code") REFERENCES "public"."user_languages"("user_id","language_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_languages" ADD CONSTRAINT "user_languages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_languages" ADD CONSTRAINT "user_languages_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires_at_idx" ON "refresh_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "match_exclusions_user_high_idx" ON "match_exclusions" USING btree ("user_high_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_user_created_idx" ON "moderation_actions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_created_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_reported_user_idx" ON "reports" USING btree ("reported_user_id");--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_session_key" ON "reports" USING btree ("reporter_id","session_id") WHERE "reports"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "session_offers_to_user_status_idx" ON "session_offers" USING btree ("to_user_id","status");--> statement-breakpoint
CREATE INDEX "session_offers_from_user_status_idx" ON "session_offers" USING btree ("from_user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "session_offers_pending_pair_key" ON "session_offers" USING btree ("from_user_id","to_user_id") WHERE "session_offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sessions_user1_created_idx" ON "sessions" USING btree ("user1_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user2_created_idx" ON "sessions" USING btree ("user2_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_active_idx" ON "sessions" USING btree ("created_at") WHERE "sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "ad_views_user_started_idx" ON "ad_views" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "referrals_inviter_idx" ON "referrals" USING btree ("inviter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_active_user_key" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "token_ledger_user_created_idx" ON "token_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "token_ledger_session_charge_key" ON "token_ledger" USING btree ("user_id","session_id","reason") WHERE "token_ledger"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "users_deleted_at_idx" ON "users" USING btree ("deleted_at") WHERE "users"."deleted_at" is not null;