-- "Name or e-mail contains" for GET /api/users?search= through a trigram index (design.md: search
-- uses the database). pg_trgm is a trusted extension: the database owner may create it; PGlite
-- loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);
