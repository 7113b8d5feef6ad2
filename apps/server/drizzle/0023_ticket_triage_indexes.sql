CREATE INDEX "tickets_creator_created_idx" ON "tickets" USING btree ("created_by","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_organization_title_idx" ON "tickets" USING btree ("organization_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "tickets_title_idx" ON "tickets" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "tickets_status_created_idx" ON "tickets" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_priority_created_idx" ON "tickets" USING btree ("priority","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_category_created_idx" ON "tickets" USING btree ("category","created_at","id");