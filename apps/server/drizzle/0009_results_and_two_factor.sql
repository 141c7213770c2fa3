CREATE TABLE "result_announcement_items" (
	"announcement_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"organisation" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"amount_granted" numeric(14, 2),
	"notified_at" timestamp with time zone,
	CONSTRAINT "result_announcement_items_announcement_id_application_id_pk" PRIMARY KEY("announcement_id","application_id"),
	CONSTRAINT "result_announcement_items_amount_check" CHECK ("result_announcement_items"."amount_granted" is null or "result_announcement_items"."amount_granted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "result_announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "result_announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"title" text NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"objection_starts_at" timestamp with time zone NOT NULL,
	"objection_ends_at" timestamp with time zone NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"policy_id" integer,
	"published_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdrawal_reason" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_announcements_status_check" CHECK ("result_announcements"."status" in ('draft', 'published', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "staff_login_challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_login_challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"staff_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_login_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "staff_two_factor_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "recovery_code_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "verified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "result_announcement_items" ADD CONSTRAINT "result_announcement_items_announcement_id_result_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."result_announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_announcement_items" ADD CONSTRAINT "result_announcement_items_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_announcements" ADD CONSTRAINT "result_announcements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_announcements" ADD CONSTRAINT "result_announcements_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_announcements" ADD CONSTRAINT "result_announcements_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_announcements" ADD CONSTRAINT "result_announcements_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_login_challenges" ADD CONSTRAINT "staff_login_challenges_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_announcement_items_application_idx" ON "result_announcement_items" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "result_announcements_project_idx" ON "result_announcements" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "result_announcements_status_idx" ON "result_announcements" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "staff_login_challenges_expires_idx" ON "staff_login_challenges" USING btree ("expires_at");