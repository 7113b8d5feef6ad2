-- Projects, objectives and tasks (issue 11), each row in its organization with two-column references
-- (schema/same-organization.ts); a task's objective is in the task's project (tasks_objective_in_project_fk).
-- Files gain the record they are attached to: such files are served only to the record's readers.
CREATE TYPE "public"."attachable_record_type" AS ENUM('objective', 'task', 'ticket', 'message', 'template');--> statement-breakpoint
CREATE TYPE "public"."objective_status" AS ENUM('not_started', 'in_progress', 'completed', 'on_hold');--> statement-breakpoint
CREATE TYPE "public"."project_status" AS ENUM('planning', 'active', 'on_hold', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."task_activity_kind" AS ENUM('created', 'title', 'status', 'progress', 'assignee', 'due_date', 'priority', 'description', 'comment', 'attachment_added', 'attachment_removed');--> statement-breakpoint
CREATE TYPE "public"."task_status" AS ENUM('not_started', 'in_progress', 'completed');--> statement-breakpoint
CREATE TYPE "public"."work_priority" AS ENUM('low', 'medium', 'high', 'urgent');--> statement-breakpoint
CREATE TABLE "objectives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" "objective_status" DEFAULT 'not_started' NOT NULL,
	"priority" "work_priority" DEFAULT 'medium' NOT NULL,
	"due_date" date,
	"team_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "objectives_organization_id_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "objectives_project_id_id_unique" UNIQUE("project_id","id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" "project_status" DEFAULT 'planning' NOT NULL,
	"priority" "work_priority" DEFAULT 'medium' NOT NULL,
	"start_date" date,
	"due_date" date,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"team_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_organization_id_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "projects_dates_check" CHECK ("projects"."due_date" is null or "projects"."start_date" is null or "projects"."due_date" >= "projects"."start_date")
);
--> statement-breakpoint
CREATE TABLE "task_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"actor_id" uuid,
	"kind" "task_activity_kind" NOT NULL,
	"from_value" text,
	"to_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"objective_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" "task_status" DEFAULT 'not_started' NOT NULL,
	"priority" "work_priority" DEFAULT 'medium' NOT NULL,
	"due_date" date,
	"progress" smallint DEFAULT 0 NOT NULL,
	"assigned_to" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_organization_id_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "tasks_progress_check" CHECK ("tasks"."progress" between 0 and 100 and "tasks"."progress" % 5 = 0)
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "record_type" "attachable_record_type";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "record_id" uuid;--> statement-breakpoint
ALTER TABLE "objectives" ADD CONSTRAINT "objectives_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objectives" ADD CONSTRAINT "objectives_project_fk" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."projects"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objectives" ADD CONSTRAINT "objectives_team_fk" FOREIGN KEY ("organization_id","team_id") REFERENCES "public"."teams"("organization_id","id") ON DELETE SET NULL ("team_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_team_fk" FOREIGN KEY ("organization_id","team_id") REFERENCES "public"."teams"("organization_id","id") ON DELETE SET NULL ("team_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_activity" ADD CONSTRAINT "task_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_activity" ADD CONSTRAINT "task_activity_task_fk" FOREIGN KEY ("organization_id","task_id") REFERENCES "public"."tasks"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_task_fk" FOREIGN KEY ("organization_id","task_id") REFERENCES "public"."tasks"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_fk" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."projects"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_objective_fk" FOREIGN KEY ("organization_id","objective_id") REFERENCES "public"."objectives"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_objective_in_project_fk" FOREIGN KEY ("project_id","objective_id") REFERENCES "public"."objectives"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "objectives_project_created_idx" ON "objectives" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "objectives_search_idx" ON "objectives" USING gin (("title" || ' ' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_organization_created_idx" ON "projects" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin (("title" || ' ' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "task_activity_task_created_idx" ON "task_activity" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "task_comments_task_created_idx" ON "task_comments" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_objective_created_idx" ON "tasks" USING btree ("objective_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_project_progress_idx" ON "tasks" USING btree ("project_id","status","progress");--> statement-breakpoint
CREATE INDEX "tasks_objective_progress_idx" ON "tasks" USING btree ("objective_id","status","progress");--> statement-breakpoint
CREATE INDEX "tasks_assignee_due_idx" ON "tasks" USING btree ("assigned_to","due_date");--> statement-breakpoint
CREATE INDEX "tasks_creator_due_idx" ON "tasks" USING btree ("created_by","due_date");--> statement-breakpoint
CREATE INDEX "tasks_organization_status_idx" ON "tasks" USING btree ("organization_id","status","due_date");--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin (("title" || ' ' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_record_idx" ON "files" USING btree ("record_type","record_id","created_at");