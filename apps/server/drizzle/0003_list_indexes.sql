CREATE TABLE "row_counts" (
	"table_name" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "row_counts_table_name_organization_id_pk" PRIMARY KEY("table_name","organization_id")
);
--> statement-breakpoint
DROP INDEX "users_organization_idx";--> statement-breakpoint
CREATE INDEX "teams_name_idx" ON "teams" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_organization_name_idx" ON "users" USING btree ("organization_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "users_active_organization_idx" ON "users" USING btree ("organization_id") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_active_department_idx" ON "users" USING btree ("department_id") WHERE "users"."is_active";