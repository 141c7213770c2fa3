CREATE TABLE "review_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"round_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"status" text DEFAULT 'assigned' NOT NULL,
	"conflict_reason" text,
	"declared_at" timestamp with time zone,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" numeric,
	"recommendation" text,
	"comment_to_staff" text DEFAULT '' NOT NULL,
	"comment_to_applicant" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"assigned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_assignments_status_check" CHECK ("review_assignments"."status" in ('assigned', 'declared', 'conflict', 'submitted')),
	CONSTRAINT "review_assignments_recommendation_check" CHECK ("review_assignments"."recommendation" is null or "review_assignments"."recommendation" in ('fund', 'fund_with_changes', 'do_not_fund'))
);
--> statement-breakpoint
CREATE TABLE "review_reminders" (
	"assignment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reminders_assignment_id_kind_pk" PRIMARY KEY("assignment_id","kind")
);
--> statement-breakpoint
CREATE TABLE "review_rounds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"number" integer NOT NULL,
	"criteria" jsonb NOT NULL,
	"applicant_comments" boolean DEFAULT false NOT NULL,
	"blind" boolean DEFAULT false NOT NULL,
	"peer_visibility" text DEFAULT 'never' NOT NULL,
	"review_starts_at" timestamp with time zone NOT NULL,
	"review_ends_at" timestamp with time zone NOT NULL,
	"experts_per_application" integer DEFAULT 3 NOT NULL,
	"disagreement_threshold" numeric DEFAULT 20 NOT NULL,
	"reminder_days_before" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_rounds_peer_visibility_check" CHECK ("review_rounds"."peer_visibility" in ('never', 'after_submit'))
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"staff_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_role_check";--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "declared_interests" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "interest_enterprise_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "expert_id" integer;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_round_id_review_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."review_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_assigned_by_staff_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reminders" ADD CONSTRAINT "review_reminders_assignment_id_review_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."review_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_assignments_unique" ON "review_assignments" USING btree ("round_id","application_id","expert_id");--> statement-breakpoint
CREATE INDEX "review_assignments_expert_idx" ON "review_assignments" USING btree ("expert_id","status");--> statement-breakpoint
CREATE INDEX "review_assignments_round_idx" ON "review_assignments" USING btree ("round_id","application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_rounds_project_number_unique" ON "review_rounds" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "staff_invitations_staff_idx" ON "staff_invitations" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_expert_unique" UNIQUE("expert_id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_expert_check" CHECK (("staff"."role" = 'expert') = ("staff"."expert_id" is not null));--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_check" CHECK ("staff"."role" in ('admin', 'reviewer', 'expert'));