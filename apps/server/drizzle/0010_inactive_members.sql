-- The Team Members page's Inactive filter: a page of an organization's deactivated members, and their
-- total, read from their own index instead of walking every active member (100k: 19 ms -> 0.3 ms on PGlite).
CREATE INDEX "users_inactive_organization_name_idx" ON "users" USING btree ("organization_id","last_name","first_name","id") WHERE not "users"."is_active";