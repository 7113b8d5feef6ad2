CREATE TABLE "absence_substitutes" (
	"absence_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"substitute_id" uuid NOT NULL,
	CONSTRAINT "absence_substitutes_absence_id_organization_id_pk" PRIMARY KEY("absence_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "advisor_absences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advisor_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisor_absences_dates_check" CHECK ("advisor_absences"."ends_on" >= "advisor_absences"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "absence_substitutes" ADD CONSTRAINT "absence_substitutes_absence_id_advisor_absences_id_fk" FOREIGN KEY ("absence_id") REFERENCES "public"."advisor_absences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_substitutes" ADD CONSTRAINT "absence_substitutes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_substitutes" ADD CONSTRAINT "absence_substitutes_substitute_id_users_id_fk" FOREIGN KEY ("substitute_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_absences" ADD CONSTRAINT "advisor_absences_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_absences" ADD CONSTRAINT "advisor_absences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absence_substitutes_substitute_idx" ON "absence_substitutes" USING btree ("substitute_id");--> statement-breakpoint
CREATE INDEX "advisor_absences_advisor_ends_idx" ON "advisor_absences" USING btree ("advisor_id","ends_on");