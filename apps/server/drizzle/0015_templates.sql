-- The template library (issue 14). A template search looks in name, description and tags through
-- one trigram index (design.md: search uses the database). array_to_string is only STABLE, so the
-- index covers this IMMUTABLE wrapper (safe: the text of a text[] depends on no setting); queries
-- use the same expression (db/schema/templates.ts templateSearchText).
CREATE OR REPLACE FUNCTION template_search_text(name text, description text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT name || ' ' || description || ' ' || array_to_string(tags, ' ') $$;--> statement-breakpoint
CREATE TABLE "template_departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL,
	"icon" text DEFAULT 'HiUserGroup' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"primary_file_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_download_count_check" CHECK ("templates"."download_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_department_id_template_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."template_departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_primary_file_id_files_id_fk" FOREIGN KEY ("primary_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "template_departments_name_unique" ON "template_departments" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "templates_department_updated_idx" ON "templates" USING btree ("department_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "templates_department_downloads_idx" ON "templates" USING btree ("department_id","download_count","id");--> statement-breakpoint
CREATE INDEX "templates_updated_idx" ON "templates" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "templates_downloads_idx" ON "templates" USING btree ("download_count","id");--> statement-breakpoint
CREATE INDEX "templates_search_idx" ON "templates" USING gin ((template_search_text("name", "description", "tags")) gin_trgm_ops);