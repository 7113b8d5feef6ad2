CREATE TYPE "public"."audit_action" AS ENUM('member.added', 'member.role_changed', 'member.department_changed', 'member.deactivated', 'member.reactivated', 'member.moved', 'member.two_factor_reset', 'advisor.assigned', 'advisor.paused', 'advisor.resumed', 'advisor.removed', 'organization.created', 'organization.settings_changed', 'organization.closed', 'organization.reopened', 'organization.two_factor_required', 'export.created');--> statement-breakpoint
CREATE TYPE "public"."audit_target_type" AS ENUM('member', 'advisor', 'organization', 'export', 'task', 'ticket');--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" "audit_action" NOT NULL,
	"target_type" "audit_target_type" NOT NULL,
	"target_id" uuid,
	"target_label" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_organization_created_idx" ON "audit_events" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_organization_actor_idx" ON "audit_events" USING btree ("organization_id","actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_organization_action_idx" ON "audit_events" USING btree ("organization_id","action","created_at");--> statement-breakpoint
CREATE INDEX "ticket_activity_organization_created_idx" ON "ticket_activity" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "task_activity_organization_created_idx" ON "task_activity" USING btree ("organization_id","created_at");