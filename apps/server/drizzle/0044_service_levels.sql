CREATE TYPE "public"."sla_clock" AS ENUM('business', 'calendar');--> statement-breakpoint
ALTER TYPE "public"."ticket_status" ADD VALUE 'waiting' BEFORE 'resolved';--> statement-breakpoint
CREATE TABLE "holidays" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "holidays_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "service_level_targets" (
	"organization_id" uuid NOT NULL,
	"priority" "ticket_priority" NOT NULL,
	"first_response_minutes" integer,
	"resolution_minutes" integer,
	"clock" "sla_clock" DEFAULT 'business' NOT NULL,
	CONSTRAINT "service_level_targets_organization_id_priority_pk" PRIMARY KEY("organization_id","priority")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "business_hours" jsonb DEFAULT '{"monday":{"start":"09:00","end":"17:00"},"tuesday":{"start":"09:00","end":"17:00"},"wednesday":{"start":"09:00","end":"17:00"},"thursday":{"start":"09:00","end":"17:00"},"friday":{"start":"09:00","end":"17:00"},"saturday":null,"sunday":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_clock" "sla_clock";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolution_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolution_warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_paused_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_noticed" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_due_at" timestamp with time zone GENERATED ALWAYS AS (case when sla_paused_at is null and status not in ('resolved', 'closed') then
  case when first_responded_at is null then least(first_response_due_at, resolution_due_at) else resolution_due_at end end) STORED;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_warn_at" timestamp with time zone GENERATED ALWAYS AS (case when sla_paused_at is null and status not in ('resolved', 'closed') then
  case when first_responded_at is null then least(first_response_warn_at, resolution_warn_at) else resolution_warn_at end end) STORED;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_next_notice_at" timestamp with time zone GENERATED ALWAYS AS (case when sla_paused_at is null and status not in ('resolved', 'closed') then least(
  case when first_responded_at is null and not ('first_response_warning' = any(sla_noticed)) then first_response_warn_at end,
  case when first_responded_at is null and not ('first_response_breach' = any(sla_noticed)) then first_response_due_at end,
  case when not ('resolution_warning' = any(sla_noticed)) then resolution_warn_at end,
  case when not ('resolution_breach' = any(sla_noticed)) then resolution_due_at end) end) STORED;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_level_targets" ADD CONSTRAINT "service_level_targets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_organization_sla_due_idx" ON "tickets" USING btree ("organization_id","sla_due_at","id") WHERE "tickets"."sla_due_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_sla_due_idx" ON "tickets" USING btree ("sla_due_at","id") WHERE "tickets"."sla_due_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_organization_sla_warn_idx" ON "tickets" USING btree ("organization_id","sla_warn_at") WHERE "tickets"."sla_warn_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_assignee_sla_warn_idx" ON "tickets" USING btree ("assigned_to","sla_warn_at") WHERE "tickets"."sla_warn_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_sla_notice_idx" ON "tickets" USING btree ("sla_next_notice_at") WHERE "tickets"."sla_next_notice_at" is not null;--> statement-breakpoint
-- Business time (decision 0286): p_minutes of the organization's working hours after p_from, in its
-- zone (an unknown zone counts as UTC), skipping its holidays; calendar time is plain minutes. A
-- week without working hours gives no time (null) after ten years of days.
CREATE OR REPLACE FUNCTION sla_add_minutes(p_organization uuid, p_from timestamptz, p_minutes integer, p_clock sla_clock)
RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
DECLARE
  zone text;
  week jsonb;
  local_from timestamp;
  current_day date;
  hours jsonb;
  window_start timestamp;
  window_end timestamp;
  available double precision;
  remaining double precision := p_minutes;
BEGIN
  IF p_minutes IS NULL OR p_from IS NULL THEN RETURN NULL; END IF;
  IF p_clock = 'calendar' THEN RETURN p_from + make_interval(mins => p_minutes); END IF;
  SELECT coalesce(z.name, 'UTC'), o.business_hours INTO zone, week
    FROM organizations o LEFT JOIN pg_timezone_names z ON z.name = o.time_zone
    WHERE o.id = p_organization;
  IF week IS NULL THEN RETURN NULL; END IF;
  local_from := p_from AT TIME ZONE zone;
  current_day := local_from::date;
  FOR step IN 0..3660 LOOP
    hours := week -> trim(to_char(current_day, 'day'));
    IF jsonb_typeof(hours) = 'object' AND NOT EXISTS (
      SELECT 1 FROM holidays h WHERE h.organization_id = p_organization AND h.day = current_day
    ) THEN
      window_start := greatest(current_day + (hours ->> 'start')::time, local_from);
      window_end := current_day + (hours ->> 'end')::time;
      IF window_end > window_start THEN
        available := extract(epoch FROM window_end - window_start) / 60;
        IF available >= remaining THEN
          RETURN (window_start + make_interval(secs => remaining * 60)) AT TIME ZONE zone;
        END IF;
        remaining := remaining - available;
      END IF;
    END IF;
    current_day := current_day + 1;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The minutes of p_clock between two instants: the working minutes in the organization's week, or all.
CREATE OR REPLACE FUNCTION sla_minutes_between(p_organization uuid, p_from timestamptz, p_to timestamptz, p_clock sla_clock)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  zone text;
  week jsonb;
  local_from timestamp;
  local_to timestamp;
  current_day date;
  hours jsonb;
  window_start timestamp;
  window_end timestamp;
  total double precision := 0;
BEGIN
  IF p_from IS NULL OR p_to IS NULL OR p_to <= p_from THEN RETURN 0; END IF;
  IF p_clock = 'calendar' THEN RETURN floor(extract(epoch FROM p_to - p_from) / 60); END IF;
  SELECT coalesce(z.name, 'UTC'), o.business_hours INTO zone, week
    FROM organizations o LEFT JOIN pg_timezone_names z ON z.name = o.time_zone
    WHERE o.id = p_organization;
  IF week IS NULL THEN RETURN 0; END IF;
  local_from := p_from AT TIME ZONE zone;
  local_to := p_to AT TIME ZONE zone;
  current_day := local_from::date;
  FOR step IN 0..3660 LOOP
    EXIT WHEN current_day > local_to::date;
    hours := week -> trim(to_char(current_day, 'day'));
    IF jsonb_typeof(hours) = 'object' AND NOT EXISTS (
      SELECT 1 FROM holidays h WHERE h.organization_id = p_organization AND h.day = current_day
    ) THEN
      window_start := greatest(current_day + (hours ->> 'start')::time, local_from);
      window_end := least(current_day + (hours ->> 'end')::time, local_to);
      IF window_end > window_start THEN
        total := total + extract(epoch FROM window_end - window_start) / 60;
      END IF;
    END IF;
    current_day := current_day + 1;
  END LOOP;
  RETURN floor(total);
END $$;
