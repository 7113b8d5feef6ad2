-- The admin's advisors list reads advisors in name order from their own small index instead of
-- scanning every user for role = 'advisor' (200k users: both of its statements scanned the table).
CREATE INDEX "users_advisors_name_idx" ON "users" USING btree ("last_name","first_name","id") WHERE "users"."role" = 'advisor';