CREATE INDEX "ticket_activity_organization_response_idx" ON "ticket_activity" USING btree ("organization_id","created_at","ticket_id","actor_id") WHERE "ticket_activity"."kind" in ('comment', 'status');--> statement-breakpoint
CREATE INDEX "ticket_activity_response_idx" ON "ticket_activity" USING btree ("created_at","ticket_id","actor_id") WHERE "ticket_activity"."kind" in ('comment', 'status');--> statement-breakpoint
CREATE INDEX "tickets_organization_resolved_idx" ON "tickets" USING btree ("organization_id",coalesce("resolved_at", "closed_at")) WHERE coalesce("tickets"."resolved_at", "tickets"."closed_at") is not null;--> statement-breakpoint
CREATE INDEX "tickets_resolved_idx" ON "tickets" USING btree (coalesce("resolved_at", "closed_at")) WHERE coalesce("tickets"."resolved_at", "tickets"."closed_at") is not null;--> statement-breakpoint
CREATE INDEX "projects_organization_due_idx" ON "projects" USING btree ("organization_id","due_date","id");--> statement-breakpoint
CREATE INDEX "projects_due_idx" ON "projects" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "task_activity_organization_completed_idx" ON "task_activity" USING btree ("organization_id","created_at","task_id") WHERE "task_activity"."kind" = 'status' and "task_activity"."to_value" = 'completed';--> statement-breakpoint
CREATE INDEX "task_activity_completed_idx" ON "task_activity" USING btree ("created_at","task_id") WHERE "task_activity"."kind" = 'status' and "task_activity"."to_value" = 'completed';--> statement-breakpoint
CREATE INDEX "tasks_organization_created_idx" ON "tasks" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tasks_open_by_due_idx" ON "tasks" USING btree ("due_date") WHERE "tasks"."status" <> 'completed';