CREATE TABLE "known_devices" (
	"token_hash" text NOT NULL,
	"target" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_devices_token_hash_target_pk" PRIMARY KEY("token_hash","target")
);
--> statement-breakpoint
CREATE TABLE "login_brakes" (
	"target" text NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "login_brakes_target_device_pk" PRIMARY KEY("target","device")
);
--> statement-breakpoint
CREATE INDEX "known_devices_target_idx" ON "known_devices" USING btree ("target");--> statement-breakpoint
CREATE INDEX "known_devices_expires_idx" ON "known_devices" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_brakes_device_idx" ON "login_brakes" USING btree ("device");--> statement-breakpoint
CREATE INDEX "login_brakes_last_failure_idx" ON "login_brakes" USING btree ("last_failure_at");