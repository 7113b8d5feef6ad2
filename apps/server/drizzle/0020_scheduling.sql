-- Scheduling with an advisor (issue 24): an advisor's availability (one row per advisor), sessions of one
-- organization with their attendees (named by (organization_id, id)), and no double booking by the database:
-- each session stores `blocked` = [start, end + buffer), and the exclusion constraint at the end (hand-written:
-- drizzle-kit cannot express it, nor the btree_gist extension it needs for the uuid's =) refuses two sessions of
-- one advisor whose ranges meet unless one is cancelled. Its GiST index also answers "the advisor's sessions in
-- this window" for the free slots.
-- advisor_sessions_ticket_fk is hand-edited to SET NULL ("ticket_id"): a deleted ticket unlinks, never moves the row.
CREATE TYPE "public"."advisor_session_status" AS ENUM('scheduled', 'cancelled');--> statement-breakpoint
CREATE TABLE "advisor_availability" (
	"advisor_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"date_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"session_lengths" integer[] DEFAULT '{30,60}' NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"minimum_notice_minutes" integer DEFAULT 120 NOT NULL,
	"horizon_days" integer DEFAULT 60 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisor_availability_limits_check" CHECK ("advisor_availability"."buffer_minutes" between 0 and 120
        and "advisor_availability"."minimum_notice_minutes" between 0 and 43200
        and "advisor_availability"."horizon_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "advisor_session_attendees" (
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	CONSTRAINT "advisor_session_attendees_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "advisor_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"advisor_id" uuid NOT NULL,
	"booked_by" uuid,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"length_minutes" integer NOT NULL,
	"topic" text NOT NULL,
	"agenda" text DEFAULT '' NOT NULL,
	"status" "advisor_session_status" DEFAULT 'scheduled' NOT NULL,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"ical_uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"ical_sequence" integer DEFAULT 0 NOT NULL,
	"ticket_id" uuid,
	"blocked" "tstzrange" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisor_sessions_ical_uid_unique" UNIQUE("ical_uid"),
	CONSTRAINT "advisor_sessions_organization_id_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "advisor_sessions_blocked_check" CHECK ("advisor_sessions"."end_at" > "advisor_sessions"."start_at" and lower("advisor_sessions"."blocked") = "advisor_sessions"."start_at"
        and upper("advisor_sessions"."blocked") >= "advisor_sessions"."end_at")
);
--> statement-breakpoint
ALTER TABLE "advisor_availability" ADD CONSTRAINT "advisor_availability_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_availability" ADD CONSTRAINT "advisor_availability_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_session_attendees" ADD CONSTRAINT "advisor_session_attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_session_attendees" ADD CONSTRAINT "advisor_session_attendees_session_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."advisor_sessions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_sessions" ADD CONSTRAINT "advisor_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_sessions" ADD CONSTRAINT "advisor_sessions_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_sessions" ADD CONSTRAINT "advisor_sessions_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_sessions" ADD CONSTRAINT "advisor_sessions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_sessions" ADD CONSTRAINT "advisor_sessions_ticket_fk" FOREIGN KEY ("organization_id","ticket_id") REFERENCES "public"."tickets"("organization_id","id") ON DELETE SET NULL ("ticket_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_session_attendees_user_idx" ON "advisor_session_attendees" USING btree ("user_id","session_id");--> statement-breakpoint
CREATE INDEX "advisor_sessions_advisor_start_idx" ON "advisor_sessions" USING btree ("advisor_id","start_at");--> statement-breakpoint
CREATE INDEX "advisor_sessions_organization_start_idx" ON "advisor_sessions" USING btree ("organization_id","start_at");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "advisor_sessions" ADD CONSTRAINT "advisor_sessions_no_overlap" EXCLUDE USING gist ("advisor_id" WITH =, "blocked" WITH &&) WHERE ("status" <> 'cancelled');
