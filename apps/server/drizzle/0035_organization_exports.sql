CREATE TABLE "organization_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"storage_key" text,
	"bytes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organization_exports" ADD CONSTRAINT "organization_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_exports" ADD CONSTRAINT "organization_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_exports_running_unique" ON "organization_exports" USING btree ("organization_id") WHERE "organization_exports"."status" in ('queued', 'building');--> statement-breakpoint
CREATE INDEX "organization_exports_organization_created_idx" ON "organization_exports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "organization_exports_requester_running_idx" ON "organization_exports" USING btree ("requested_by") WHERE "organization_exports"."status" in ('queued', 'building');--> statement-breakpoint
CREATE INDEX "organization_exports_ready_expiry_idx" ON "organization_exports" USING btree ("expires_at") WHERE "organization_exports"."status" = 'ready';