-- Issue 24, the session lists at platform size: admin's list of every session, sorted by start either way,
-- reads its page from this index instead of sorting all sessions (a member's list uses the attendee index).
CREATE INDEX "advisor_sessions_start_idx" ON "advisor_sessions" USING btree ("start_at","id");