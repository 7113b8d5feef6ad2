ALTER TYPE "public"."audit_action" ADD VALUE 'webhook.created';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'webhook.deleted';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'webhook.secret_rotated';--> statement-breakpoint
ALTER TYPE "public"."audit_target_type" ADD VALUE 'webhook';