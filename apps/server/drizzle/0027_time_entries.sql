CREATE TYPE "public"."time_record_type" AS ENUM('task', 'ticket');--> statement-breakpoint
CREATE TABLE "running_timers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"record_type" time_record_type NOT NULL,
	"task_id" uuid,
	"ticket_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "running_timers_one_record" CHECK (("running_timers"."record_type" = 'task' and "running_timers"."task_id" is not null and "running_timers"."ticket_id" is null)
    or ("running_timers"."record_type" = 'ticket' and "running_timers"."ticket_id" is not null and "running_timers"."task_id" is null))
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"record_type" time_record_type NOT NULL,
	"task_id" uuid,
	"ticket_id" uuid,
	"date" date NOT NULL,
	"minutes" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_one_record" CHECK (("time_entries"."record_type" = 'task' and "time_entries"."task_id" is not null and "time_entries"."ticket_id" is null)
    or ("time_entries"."record_type" = 'ticket' and "time_entries"."ticket_id" is not null and "time_entries"."task_id" is null)),
	CONSTRAINT "time_entries_minutes" CHECK ("time_entries"."minutes" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "running_timers" ADD CONSTRAINT "running_timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "running_timers" ADD CONSTRAINT "running_timers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "running_timers" ADD CONSTRAINT "running_timers_task_fk" FOREIGN KEY ("organization_id","task_id") REFERENCES "public"."tasks"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "running_timers" ADD CONSTRAINT "running_timers_ticket_fk" FOREIGN KEY ("organization_id","ticket_id") REFERENCES "public"."tickets"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_task_fk" FOREIGN KEY ("organization_id","task_id") REFERENCES "public"."tasks"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_ticket_fk" FOREIGN KEY ("organization_id","ticket_id") REFERENCES "public"."tickets"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_entries_task_date_idx" ON "time_entries" USING btree ("task_id","date") WHERE "time_entries"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "time_entries_ticket_date_idx" ON "time_entries" USING btree ("ticket_id","date") WHERE "time_entries"."ticket_id" is not null;--> statement-breakpoint
CREATE INDEX "time_entries_user_date_idx" ON "time_entries" USING btree ("user_id","date","id");--> statement-breakpoint
CREATE INDEX "time_entries_organization_date_idx" ON "time_entries" USING btree ("organization_id","date","id");