ALTER TYPE "public"."audit_action" ADD VALUE 'api_token.created';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'api_token.revoked';--> statement-breakpoint
ALTER TYPE "public"."audit_target_type" ADD VALUE 'api_token';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "service_organization_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_service_organization_id_organizations_id_fk" FOREIGN KEY ("service_organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;