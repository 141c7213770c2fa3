ALTER TABLE "applications" ADD COLUMN "eligibility" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "eligibility" jsonb DEFAULT '[]'::jsonb NOT NULL;