-- Closing an organization account (its people cannot sign in; nothing is deleted) and reopening it:
-- when and by whom it was closed. Reopening clears both.
ALTER TABLE "organizations" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;