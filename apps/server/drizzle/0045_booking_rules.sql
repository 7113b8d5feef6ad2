ALTER TABLE "advisor_availability" ADD COLUMN "max_sessions_per_day" integer;--> statement-breakpoint
ALTER TABLE "advisor_availability" ADD COLUMN "max_sessions_per_week" integer;--> statement-breakpoint
ALTER TABLE "advisor_availability" ADD COLUMN "cancel_cutoff_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "advisor_availability" ADD COLUMN "max_reschedules" integer;--> statement-breakpoint
ALTER TABLE "advisor_sessions" ADD COLUMN "reschedule_count" integer DEFAULT 0 NOT NULL;