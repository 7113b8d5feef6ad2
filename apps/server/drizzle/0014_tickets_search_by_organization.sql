-- btree_gin lets a trigram index begin with the organization (trusted extension, like pg_trgm).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "tickets_search_idx";--> statement-breakpoint
CREATE INDEX "tickets_organization_search_idx" ON "tickets" USING gin ("organization_id",("title" || ' ' || "description") gin_trgm_ops);
