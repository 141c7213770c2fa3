-- drizzle-kit cannot name the old primary key (it left the drop commented out, and put the new key before its column):
-- completed by hand with PostgreSQL's default name for it, in the order that runs.
ALTER TABLE "deadline_reminders" DROP CONSTRAINT "deadline_reminders_pkey";--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD COLUMN "kind" text DEFAULT 'week' NOT NULL;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_application_id_kind_deadline_pk" PRIMARY KEY("application_id","kind","deadline");
