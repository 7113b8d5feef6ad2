CREATE INDEX "messages_sender_seq_idx" ON "messages" USING btree ("sender_id","seq");--> statement-breakpoint
CREATE INDEX "ticket_comments_author_created_idx" ON "ticket_comments" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "task_comments_author_created_idx" ON "task_comments" USING btree ("author_id","created_at","id");