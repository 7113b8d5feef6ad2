-- A stored zone name as PostgreSQL reads it: itself when PostgreSQL knows it, else UTC. Trying the
-- conversion costs microseconds; reading pg_timezone_names lists the zone files, 30 to 70 ms a call
-- (it ran on every ticket raised, re-prioritised or assigned).
CREATE OR REPLACE FUNCTION known_time_zone(p_zone text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_zone IS NULL OR p_zone = '' THEN RETURN 'UTC'; END IF;
  PERFORM now() AT TIME ZONE p_zone;
  RETURN p_zone;
EXCEPTION WHEN others THEN
  RETURN 'UTC';
END $$;
--> statement-breakpoint
-- An organization's working week and the zone it is kept in, for the two business-time functions.
CREATE OR REPLACE FUNCTION sla_working_week(p_organization uuid, OUT zone text, OUT week jsonb) LANGUAGE sql STABLE AS $$
  SELECT known_time_zone(o.time_zone), o.business_hours FROM organizations o WHERE o.id = p_organization
$$;
--> statement-breakpoint
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
  SELECT w.zone, w.week INTO zone, week FROM sla_working_week(p_organization) w;
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
  SELECT w.zone, w.week INTO zone, week FROM sla_working_week(p_organization) w;
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
