DROP INDEX "users_search_idx";--> statement-breakpoint
DROP INDEX "projects_search_idx";--> statement-breakpoint
DROP INDEX "tasks_search_idx";--> statement-breakpoint
CREATE INDEX "messages_conversation_search_idx" ON "messages" USING gin ("conversation_id","content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_organization_search_idx" ON "users" USING gin ("organization_id",("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_organization_search_idx" ON "projects" USING gin ("organization_id",("title" || ' ' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_organization_search_idx" ON "tasks" USING gin ("organization_id",("title" || ' ' || coalesce("description", '')) gin_trgm_ops);