CREATE TABLE "application_counts" (
	"project_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"requested" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "application_counts_project_id_status_pk" PRIMARY KEY("project_id","status")
);
--> statement-breakpoint
CREATE TABLE "submission_hours" (
	"project_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "submission_hours_project_id_hour_pk" PRIMARY KEY("project_id","hour")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "requested_amount" numeric;--> statement-breakpoint
CREATE INDEX "submission_hours_hour_idx" ON "submission_hours" USING btree ("hour");