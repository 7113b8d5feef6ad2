-- Same organization enforced by the database (schema/same-organization.ts): a child names its parent
-- by (organization_id, parent_id), which must match a parent's UNIQUE (organization_id, id). A service
-- bug can no longer put a user of one organization on another's team, or a team in another's department.
--
-- 1. team_members carries its team's organization.
ALTER TABLE "team_members" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "team_members" SET "organization_id" = "teams"."organization_id" FROM "teams" WHERE "teams"."id" = "team_members"."team_id";--> statement-breakpoint
ALTER TABLE "team_members" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
-- 2. Rows that already cross organizations (the services refuse them, so none are expected) are
--    detached the way deleting their parent would detach them.
DELETE FROM "team_members" USING "users" WHERE "users"."id" = "team_members"."user_id"
  AND "users"."organization_id" IS DISTINCT FROM "team_members"."organization_id";--> statement-breakpoint
UPDATE "teams" SET "department_id" = NULL FROM "departments" WHERE "departments"."id" = "teams"."department_id"
  AND "departments"."organization_id" <> "teams"."organization_id";--> statement-breakpoint
UPDATE "teams" SET "team_lead_id" = NULL FROM "users" WHERE "users"."id" = "teams"."team_lead_id"
  AND "users"."organization_id" IS DISTINCT FROM "teams"."organization_id";--> statement-breakpoint
UPDATE "departments" SET "manager_id" = NULL FROM "users" WHERE "users"."id" = "departments"."manager_id"
  AND "users"."organization_id" IS DISTINCT FROM "departments"."organization_id";--> statement-breakpoint
UPDATE "users" SET "department_id" = NULL FROM "departments" WHERE "departments"."id" = "users"."department_id"
  AND "departments"."organization_id" IS DISTINCT FROM "users"."organization_id";--> statement-breakpoint
-- 3. Parents are named by (organization_id, id).
ALTER TABLE "departments" ADD CONSTRAINT "departments_organization_id_id_unique" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_organization_id_id_unique" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_id_unique" UNIQUE("organization_id","id");--> statement-breakpoint
-- 4. The one-column references become two-column ones. ON DELETE SET NULL (column) clears only the
--    reference, never the child's organization (PostgreSQL 15+; drizzle-kit cannot write the column list).
ALTER TABLE "departments" DROP CONSTRAINT "departments_manager_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "team_members" DROP CONSTRAINT "team_members_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "team_members" DROP CONSTRAINT "team_members_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "teams" DROP CONSTRAINT "teams_department_id_departments_id_fk";--> statement-breakpoint
ALTER TABLE "teams" DROP CONSTRAINT "teams_team_lead_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_department_id_departments_id_fk";--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_manager_fk" FOREIGN KEY ("organization_id","manager_id") REFERENCES "public"."users"("organization_id","id") ON DELETE SET NULL ("manager_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_fk" FOREIGN KEY ("organization_id","team_id") REFERENCES "public"."teams"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_department_fk" FOREIGN KEY ("organization_id","department_id") REFERENCES "public"."departments"("organization_id","id") ON DELETE SET NULL ("department_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_team_lead_fk" FOREIGN KEY ("organization_id","team_lead_id") REFERENCES "public"."users"("organization_id","id") ON DELETE SET NULL ("team_lead_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_department_fk" FOREIGN KEY ("organization_id","department_id") REFERENCES "public"."departments"("organization_id","id") ON DELETE SET NULL ("department_id") ON UPDATE no action;
