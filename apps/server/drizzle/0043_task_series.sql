CREATE TYPE "public"."recurrence_trigger" AS ENUM('completion', 'due_date');--> statement-breakpoint
ALTER TYPE "public"."task_activity_kind" ADD VALUE 'recurrence';--> statement-breakpoint
CREATE TABLE "task_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"objective_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"priority" "work_priority" DEFAULT 'medium' NOT NULL,
	"assigned_to" uuid,
	"created_by" uuid,
	"rule" jsonb NOT NULL,
	"trigger" "recurrence_trigger" NOT NULL,
	"starts_on" date NOT NULL,
	"latest_on" date NOT NULL,
	"made" integer DEFAULT 1 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_series_organization_id_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "task_series_made_check" CHECK ("task_series"."made" >= 1)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "occurrence_on" date;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_objective_fk" FOREIGN KEY ("organization_id","objective_id") REFERENCES "public"."objectives"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_series_due_idx" ON "task_series" USING btree ("latest_on") WHERE "task_series"."trigger" = 'due_date' and "task_series"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_series_fk" FOREIGN KEY ("organization_id","series_id") REFERENCES "public"."task_series"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_series_occurrence_unique" UNIQUE("series_id","occurrence_on");--> statement-breakpoint
-- An organization's zone starts as its first org_admin's, when it named one.
UPDATE "organizations" AS o SET "time_zone" = first_admin."time_zone"
FROM (
  SELECT DISTINCT ON ("organization_id") "organization_id", "time_zone" FROM "users"
  WHERE "role" = 'org_admin' AND "time_zone" IS NOT NULL
  ORDER BY "organization_id", "created_at"
) AS first_admin
WHERE first_admin."organization_id" = o."id";
