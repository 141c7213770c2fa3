DROP INDEX "projects_window_idx";--> statement-breakpoint
DROP INDEX "projects_category_idx";--> statement-breakpoint
DROP INDEX "projects_region_idx";--> statement-breakpoint
CREATE INDEX "projects_open_order_idx" ON "projects" USING btree ("published","apply_end","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_upcoming_order_idx" ON "projects" USING btree ("published","apply_start","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_window_idx" ON "projects" USING btree ("published","apply_end","id");--> statement-breakpoint
CREATE INDEX "projects_category_idx" ON "projects" USING btree ("category_id","published","apply_end","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_region_idx" ON "projects" USING btree ("region_id","published","apply_end","id" DESC NULLS FIRST);