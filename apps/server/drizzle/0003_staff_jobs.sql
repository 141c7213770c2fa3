CREATE TABLE "staff_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"staff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"project_id" integer NOT NULL,
	"input" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_jobs_name_unique" UNIQUE("name"),
	CONSTRAINT "staff_jobs_kind_check" CHECK ("staff_jobs"."kind" in ('export', 'download')),
	CONSTRAINT "staff_jobs_status_check" CHECK ("staff_jobs"."status" in ('pending', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "staff_jobs" ADD CONSTRAINT "staff_jobs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_jobs" ADD CONSTRAINT "staff_jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_jobs_staff_idx" ON "staff_jobs" USING btree ("staff_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "staff_jobs_expires_idx" ON "staff_jobs" USING btree ("expires_at");