CREATE TYPE "public"."invoice_status" AS ENUM('draft', 'issued');--> statement-breakpoint
CREATE TYPE "public"."time_approval_status" AS ENUM('submitted', 'approved', 'returned', 'reopened');--> statement-breakpoint
CREATE TYPE "public"."time_period_kind" AS ENUM('week', 'month');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'time.approved';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'time.returned';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'time.reopened';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'rate.set';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'rate.deleted';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'invoicing.settings_changed';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'invoice.issued';--> statement-breakpoint
ALTER TYPE "public"."audit_target_type" ADD VALUE 'time_period';--> statement-breakpoint
ALTER TYPE "public"."audit_target_type" ADD VALUE 'rate';--> statement-breakpoint
ALTER TYPE "public"."audit_target_type" ADD VALUE 'invoice';--> statement-breakpoint
CREATE TABLE "advisor_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"advisor_id" uuid NOT NULL,
	"hourly_rate_minor" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisor_rates_amount_check" CHECK ("advisor_rates"."hourly_rate_minor" between 0 and 1000000000)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"advisor_id" uuid,
	"advisor_name" text NOT NULL,
	"record_type" time_record_type NOT NULL,
	"record_id" uuid NOT NULL,
	"record_title" text NOT NULL,
	"minutes" integer NOT NULL,
	"hourly_rate_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"month" date NOT NULL,
	"status" "invoice_status" DEFAULT 'draft' NOT NULL,
	"number" integer,
	"currency" text,
	"tax_rate_basis_points" integer,
	"minutes" integer,
	"subtotal_minor" bigint,
	"tax_minor" bigint,
	"total_minor" bigint,
	"created_by" uuid,
	"issued_at" timestamp with time zone,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_issued_check" CHECK ("invoices"."status" = 'draft' or ("invoices"."number" is not null and "invoices"."total_minor" is not null and "invoices"."currency" is not null))
);
--> statement-breakpoint
CREATE TABLE "invoicing_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"last_invoice_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoicing_settings_tax_check" CHECK ("invoicing_settings"."tax_rate_basis_points" between 0 and 10000),
	CONSTRAINT "invoicing_settings_currency_check" CHECK ("invoicing_settings"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "time_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" time_period_kind NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" time_approval_status DEFAULT 'submitted' NOT NULL,
	"comment" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_approvals_period_check" CHECK ("time_approvals"."period_end" >= "time_approvals"."period_start")
);
--> statement-breakpoint
ALTER TABLE "advisor_rates" ADD CONSTRAINT "advisor_rates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_rates" ADD CONSTRAINT "advisor_rates_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_rates" ADD CONSTRAINT "advisor_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoicing_settings" ADD CONSTRAINT "invoicing_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_approvals" ADD CONSTRAINT "time_approvals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_approvals" ADD CONSTRAINT "time_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_approvals" ADD CONSTRAINT "time_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advisor_rates_key" ON "advisor_rates" USING btree ("organization_id","advisor_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_key" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_month_key" ON "invoices" USING btree ("organization_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "invoices_month_idx" ON "invoices" USING btree ("month","id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_approvals_period_key" ON "time_approvals" USING btree ("organization_id","user_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "time_approvals_person_idx" ON "time_approvals" USING btree ("user_id","organization_id","period_start");--> statement-breakpoint
CREATE INDEX "time_approvals_organization_idx" ON "time_approvals" USING btree ("organization_id","status","submitted_at");