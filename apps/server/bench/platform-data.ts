import type { DatabaseHandle } from '../src/db/client.js';

/**
 * Platform size: 1,000 customer organizations, each with 4 departments, 2 teams of 10
 * and 200 people (1 in 20 deactivated), written by set-based SQL in seconds. Nobody signs in as
 * these people: their password hash is a placeholder that never verifies.
 */
export const PLATFORM_SIZE = {
  organizations: 1000,
  departmentsEach: 4,
  teamsEach: 2,
  peopleEach: 200,
  teamSize: 10,
  /** Work: 10 projects of 3 objectives of 6 tasks each (180k tasks), assigned to the org_admin. */
  projectsEach: 10,
  objectivesEach: 3,
  tasksEach: 6,
  /** Tickets: 100k tickets over 20 organizations (Acme and 19 bench ones), 5,000 each, all with service-level times. */
  ticketOrganizations: 20,
  ticketsEach: 5000,
  /**
   * Scheduling: the demo advisor also advises 10 bench organizations (12 in all) and has 500 meetings
   * in its horizon; 99 bench advisors of 10 organizations each hold 1,000 meetings apiece (99k),
   * each with the organization's org_admin attending.
   */
  advisorOrganizations: 10,
  advisorMeetings: 500,
  benchAdvisors: 99,
  benchAdvisorOrganizations: 10,
  benchAdvisorMeetings: 1000,
  /**
   * Analytics: every bench task's history has its creation and 1 in 6 a move to
   * completed within the last 12 weeks (30k); resolved and closed bench tickets have their times,
   * half the bench tickets a first answer by another person (50k); each advisor assignment of a
   * bench organization holds 30 time entries over the last 12 weeks (30k).
   */
  timeEntriesPerAssignment: 30,
  /**
   * Time lists: beside the analytics' 30k advisors' entries in bench organizations, 5,000
   * on Acme's tickets over the last year, half the owner's and half the member's, and 500 of the
   * demo advisor's over the last 60 days on tickets of the organizations it advises (those without
   * tickets, Globex, get none).
   */
  acmeTimeEntries: 5000,
  advisorTimeEntries: 500,
  /**
   * The audit log: 100 lines of its own in each bench organization (100k) and 2,000 in Acme's,
   * over the last year, by each organization's org_admin, beside the task and ticket histories above.
   */
  auditEventsEach: 100,
  acmeAuditEvents: 2000,
  /**
   * Approved hours and invoices: every active assignment of a bench organization (and the demo
   * advisor's) has its last three months approved and this month submitted, a rate, and each bench
   * organization an invoice draft for last month (1,000 drafts), so a list or a draft of Acme's is
   * read among the platform's.
   */
  approvedMonths: 3,
};

const TICKET_SUBJECTS = ['Printer', 'VPN', 'Invoice', 'Login', 'Export', 'Dashboard', 'Password', 'Upload'];

const FIRST_NAMES = ['Ava', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Iris', 'Jonas', 'Kira', 'Liam'];
const LAST_NAMES = ['Adams', 'Brooks', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen', 'Khan'];
const DEPARTMENTS = ['Engineering', 'Finance', 'Operations', 'Sales'];

const textArray = (values: string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(',')}]`;

export async function loadPlatformData(database: DatabaseHandle) {
  const { organizations, peopleEach, teamSize, projectsEach, objectivesEach, tasksEach } = PLATFORM_SIZE;
  const { ticketOrganizations, ticketsEach } = PLATFORM_SIZE;
  const statements = [
    `INSERT INTO organizations (name, website)
       SELECT 'Bench Org ' || lpad(o::text, 4, '0'), 'https://org' || o || '.example.com'
       FROM generate_series(1, ${organizations}) AS o`,
    `INSERT INTO departments (organization_id, name, description)
       SELECT org.id, d.name, 'The ' || d.name || ' department'
       FROM organizations org CROSS JOIN unnest(${textArray(DEPARTMENTS)}) AS d(name)
       WHERE org.name LIKE 'Bench Org %'`,
    `WITH numbered AS (
       SELECT org.id AS organization_id, substr(org.name, 11)::int AS o,
              d.id AS department_id, row_number() OVER (PARTITION BY org.id ORDER BY d.name) - 1 AS slot
       FROM organizations org JOIN departments d ON d.organization_id = org.id
       WHERE org.name LIKE 'Bench Org %')
     INSERT INTO users (email, password_hash, role, first_name, last_name, organization_id, department_id,
                        job_title, is_active, onboarding_completed)
       SELECT 'person' || u || '@org' || n.o || '.example.com', '$bench$never-verifies',
              (CASE WHEN u = 1 THEN 'org_admin' ELSE 'user' END)::role,
              (${textArray(FIRST_NAMES)})[1 + (u * 7 + n.o) % ${FIRST_NAMES.length}],
              (${textArray(LAST_NAMES)})[1 + (u * 13 + n.o * 3) % ${LAST_NAMES.length}] || ' ' || u,
              n.organization_id, n.department_id, 'Specialist', u % 20 <> 0, true
       FROM numbered n CROSS JOIN generate_series(1, ${peopleEach}) AS u
       WHERE u % ${DEPARTMENTS.length} = n.slot`,
    `INSERT INTO teams (organization_id, department_id, name, description)
       SELECT d.organization_id, d.id, d.name || ' Team', 'Bench team'
       FROM departments d JOIN organizations org ON org.id = d.organization_id
       WHERE org.name LIKE 'Bench Org %' AND d.name IN ('Engineering', 'Sales')`,
    `INSERT INTO team_members (organization_id, team_id, user_id, role)
       SELECT t.organization_id, t.id, p.id, (CASE WHEN p.rank = 1 THEN 'lead' ELSE 'member' END)::team_member_role
       FROM teams t
       JOIN LATERAL (
         SELECT u.id, row_number() OVER (ORDER BY u.id) AS rank FROM users u
         WHERE u.department_id = t.department_id AND u.is_active ORDER BY u.id LIMIT ${teamSize}
       ) p ON true
       WHERE t.description = 'Bench team'`,
    `UPDATE teams t SET team_lead_id = tm.user_id FROM team_members tm
       WHERE tm.team_id = t.id AND tm.role = 'lead' AND t.description = 'Bench team'`,
    `INSERT INTO projects (organization_id, title, description, status, created_by)
       SELECT org.id, 'Launch ' || p, 'Bench project',
              (ARRAY['planning','active','on_hold','completed'])[1 + p % 4]::project_status, admin.id
       FROM organizations org
       JOIN users admin ON admin.organization_id = org.id AND admin.role = 'org_admin'
       CROSS JOIN generate_series(1, ${projectsEach}) AS p
       WHERE org.name LIKE 'Bench Org %'`,
    `INSERT INTO objectives (organization_id, project_id, title, created_by)
       SELECT pr.organization_id, pr.id, 'Objective ' || o, pr.created_by
       FROM projects pr CROSS JOIN generate_series(1, ${objectivesEach}) AS o
       WHERE pr.description = 'Bench project'`,
    `INSERT INTO tasks (organization_id, project_id, objective_id, title, status, progress, due_date,
                        assigned_to, created_by)
       SELECT ob.organization_id, ob.project_id, ob.id, 'Task ' || t,
              (CASE WHEN (t * 3) % 21 = 20 THEN 'completed' WHEN (t * 3) % 21 > 0 THEN 'in_progress'
                    ELSE 'not_started' END)::task_status,
              ((t * 3) % 21) * 5, current_date + t, ob.created_by, ob.created_by
       FROM objectives ob JOIN projects pr ON pr.id = ob.project_id
       CROSS JOIN generate_series(1, ${tasksEach}) AS t
       WHERE pr.description = 'Bench project'`,
    `INSERT INTO tickets (organization_id, title, description, status, priority, category, created_by, assigned_to,
                          created_at, updated_at, resolved_at, closed_at, sla_clock, first_response_due_at,
                          first_response_warn_at, resolution_due_at, resolution_warn_at)
       SELECT org.id, (${textArray(TICKET_SUBJECTS)})[1 + t % ${TICKET_SUBJECTS.length}] || ' trouble ' || t,
              'Bench ticket ' || t || ': something stopped working after the update ' || (t * 7919) % 100000,
              (ARRAY['open','in_progress','resolved','closed'])[1 + t % 4]::ticket_status,
              (ARRAY['low','medium','high','urgent'])[1 + (t / 4) % 4]::ticket_priority,
              (ARRAY['general','technical','billing','feature_request','bug_report'])[1 + t % 5]::ticket_category,
              owner.id, CASE WHEN t % 3 = 0 THEN owner.id END,
              now() - t * interval '1 minute', now() - t * interval '1 minute',
              CASE WHEN t % 4 >= 2 THEN now() - t * interval '1 minute' + (t % 600) * interval '1 minute' END,
              CASE WHEN t % 4 = 3 THEN now() - t * interval '1 minute' + (t % 600) * interval '1 minute' END,
              -- Service levels in calendar hours (4 h to answer, 24 h to resolve): the older ones breached.
              'calendar', now() - t * interval '1 minute' + interval '4 hours',
              now() - t * interval '1 minute' + interval '192 minutes',
              now() - t * interval '1 minute' + interval '24 hours',
              now() - t * interval '1 minute' + interval '1152 minutes'
       FROM (SELECT id FROM organizations WHERE name = 'Acme Corp'
             UNION ALL (SELECT id FROM organizations WHERE name LIKE 'Bench Org %' ORDER BY name LIMIT ${ticketOrganizations - 1})) org
       JOIN LATERAL (SELECT u.id FROM users u WHERE u.organization_id = org.id AND u.role = 'org_admin'
                     ORDER BY u.email LIMIT 1) owner ON true
       CROSS JOIN generate_series(1, ${ticketsEach}) AS t`,
    ...meetingStatements(),
    ...analyticsStatements(),
    ...timeEntryStatements(),
    ...invoicingStatements(),
    auditStatement(),
    'VACUUM ANALYZE',
  ];
  for (const statement of statements) await database.query(statement);
}

/**
 * Meetings at platform size. Each advisor's meetings are 30 minutes, 12 a day from 09:00
 * UTC on consecutive days from tomorrow, so none of one advisor overlaps (the exclusion constraint
 * holds) and the demo advisor's 500 fill 42 days of its 60-day horizon.
 */
function meetingStatements(): string[] {
  const { advisorOrganizations, advisorMeetings, benchAdvisors, benchAdvisorOrganizations, benchAdvisorMeetings } =
    PLATFORM_SIZE;
  const startOf = (n: string) =>
    `date_trunc('day', now()) + interval '1 day' + (${n} / 12) * interval '1 day' + interval '9 hours' + (${n} % 12) * interval '30 minutes'`;
  const insertMeetings = (advisorFilter: string, perAdvisor: number) => `
    WITH advisor_orgs AS (
      SELECT a.advisor_id, a.organization_id, row_number() OVER (PARTITION BY a.advisor_id ORDER BY a.organization_id) - 1 AS k,
             count(*) OVER (PARTITION BY a.advisor_id) AS orgs
      FROM advisor_assignments a JOIN users adv ON adv.id = a.advisor_id
      WHERE a.is_active AND ${advisorFilter})
    INSERT INTO advisor_sessions (organization_id, advisor_id, booked_by, start_at, end_at, length_minutes, topic, agenda,
                                  blocked)
      SELECT ao.organization_id, ao.advisor_id, ao.advisor_id, ${startOf('n')}, ${startOf('n')} + interval '30 minutes', 30,
             'Bench session ' || n, 'Agenda ' || n,
             tstzrange(${startOf('n')}, ${startOf('n')} + interval '30 minutes', '[)')
      FROM generate_series(0, ${perAdvisor - 1}) AS n
      JOIN advisor_orgs ao ON ao.k = n % ao.orgs`;
  return [
    // The demo advisor: 10 bench organizations beside Acme and Globex.
    `INSERT INTO advisor_assignments (advisor_id, organization_id)
       SELECT adv.id, org.id FROM users adv
       CROSS JOIN (SELECT id FROM organizations WHERE name LIKE 'Bench Org %' ORDER BY name LIMIT ${advisorOrganizations}) org
       WHERE adv.email = 'advisor@smart.example.com'`,
    insertMeetings("adv.email = 'advisor@smart.example.com'", advisorMeetings),
    `INSERT INTO users (email, password_hash, role, first_name, last_name, organization_id, job_title, onboarding_completed)
       SELECT 'bench-advisor' || a || '@smart.example.com', '$bench$never-verifies', 'advisor'::role, 'Bench',
              'Advisor ' || a, (SELECT id FROM organizations WHERE is_platform LIMIT 1), 'Advisor', true
       FROM generate_series(1, ${benchAdvisors}) AS a`,
    `INSERT INTO advisor_assignments (advisor_id, organization_id)
       SELECT adv.id, org.id
       FROM (SELECT id, row_number() OVER (ORDER BY email) - 1 AS a FROM users WHERE email LIKE 'bench-advisor%') adv
       JOIN (SELECT id, row_number() OVER (ORDER BY name) - 1 AS o FROM organizations WHERE name LIKE 'Bench Org %') org
         ON org.o / ${benchAdvisorOrganizations} = adv.a`,
    insertMeetings("adv.email LIKE 'bench-advisor%'", benchAdvisorMeetings),
    `INSERT INTO advisor_session_attendees (session_id, user_id, organization_id)
       SELECT s.id, owner.id, s.organization_id FROM advisor_sessions s
       JOIN users owner ON owner.organization_id = s.organization_id AND owner.role = 'org_admin'
       WHERE s.topic LIKE 'Bench session %'
       ON CONFLICT DO NOTHING`,
  ];
}

/** History and time for analytics: what its figures read, at platform size. */
function analyticsStatements(): string[] {
  const { timeEntriesPerAssignment } = PLATFORM_SIZE;
  return [
    `INSERT INTO task_activity (organization_id, task_id, actor_id, kind, to_value, created_at)
       SELECT t.organization_id, t.id, t.created_by, 'created', t.title, t.created_at
       FROM tasks t JOIN projects p ON p.id = t.project_id WHERE p.description = 'Bench project'`,
    `INSERT INTO task_activity (organization_id, task_id, actor_id, kind, from_value, to_value, created_at)
       SELECT t.organization_id, t.id, t.created_by, 'status', 'in_progress', 'completed',
              now() - (abs(hashtext(t.id::text)) % 84) * interval '1 day'
       FROM tasks t JOIN projects p ON p.id = t.project_id
       WHERE p.description = 'Bench project' AND abs(hashtext(t.id::text)) % 6 = 0`,
    // The first answer to half the bench tickets: a comment by another person of the organization.
    `WITH other AS (SELECT DISTINCT ON (organization_id) organization_id, id FROM users WHERE role = 'user'
                    ORDER BY organization_id, email)
     INSERT INTO ticket_activity (organization_id, ticket_id, actor_id, kind, created_at)
       SELECT tk.organization_id, tk.id, other.id, 'comment',
              tk.created_at + (abs(hashtext(tk.id::text)) % 240) * interval '1 minute'
       FROM tickets tk JOIN other ON other.organization_id = tk.organization_id
       WHERE tk.description LIKE 'Bench ticket %' AND abs(hashtext(tk.id::text)) % 2 = 0`,
    `INSERT INTO time_entries (organization_id, user_id, record_type, task_id, date, minutes, billable)
       SELECT a.organization_id, a.advisor_id, 'task', task.id, current_date - (n * 83 / ${timeEntriesPerAssignment}),
              30 + (n % 4) * 30, n % 3 <> 0
       FROM advisor_assignments a
       JOIN organizations org ON org.id = a.organization_id AND org.name LIKE 'Bench Org %'
       JOIN LATERAL (SELECT id FROM tasks WHERE organization_id = a.organization_id LIMIT 1) task ON true
       CROSS JOIN generate_series(1, ${timeEntriesPerAssignment}) AS n
       WHERE a.is_active`,
  ];
}

/** Time entries of the demo accounts at platform size, for the time lists. */
function timeEntryStatements(): string[] {
  const { acmeTimeEntries, advisorTimeEntries } = PLATFORM_SIZE;
  return [
    `INSERT INTO time_entries (organization_id, user_id, record_type, ticket_id, date, minutes, note, billable)
       SELECT tk.organization_id, CASE WHEN tk.n % 2 = 0 THEN owner.id ELSE member.id END, 'ticket', tk.id,
              current_date - tk.n % 365, 15 + tk.n % 226, 'Bench ticket time', tk.n % 4 <> 0
       FROM (SELECT t.id, t.organization_id, row_number() OVER (ORDER BY t.id)::int AS n FROM tickets t
             JOIN organizations org ON org.id = t.organization_id AND org.name = 'Acme Corp'
             WHERE t.description LIKE 'Bench ticket %' ORDER BY t.id LIMIT ${acmeTimeEntries}) tk
       CROSS JOIN (SELECT id FROM users WHERE email = 'owner@acme.example.com') owner
       CROSS JOIN (SELECT id FROM users WHERE email = 'member@acme.example.com') member`,
    `WITH advised AS (
       SELECT a.advisor_id, a.organization_id, row_number() OVER (ORDER BY a.organization_id) - 1 AS k,
              count(*) OVER () AS orgs
       FROM advisor_assignments a JOIN users adv ON adv.id = a.advisor_id
       WHERE adv.email = 'advisor@smart.example.com' AND a.is_active)
     INSERT INTO time_entries (organization_id, user_id, record_type, ticket_id, date, minutes, note, billable)
       SELECT ad.organization_id, ad.advisor_id, 'ticket', tk.id, current_date - n % 60, 30 + n % 90,
              'Advisor bench time', n % 5 <> 0
       FROM generate_series(0, ${advisorTimeEntries - 1}) AS n
       JOIN advised ad ON ad.k = n % ad.orgs
       JOIN LATERAL (SELECT id FROM tickets WHERE organization_id = ad.organization_id ORDER BY id LIMIT 1) tk ON true`,
  ];
}

/** Periods, rates and drafts of every advisor's time in the organizations it advises (decision 0290). */
function invoicingStatements(): string[] {
  const { approvedMonths } = PLATFORM_SIZE;
  const advised = `FROM advisor_assignments a JOIN organizations org ON org.id = a.organization_id AND NOT org.is_platform
       WHERE a.is_active AND (org.name LIKE 'Bench Org %'
         OR a.advisor_id = (SELECT id FROM users WHERE email = 'advisor@smart.example.com'))`;
  const month = (back: string) => `(date_trunc('month', current_date) - (${back}) * interval '1 month')::date`;
  return [
    `INSERT INTO time_approvals (organization_id, user_id, kind, period_start, period_end, status)
       SELECT a.organization_id, a.advisor_id, 'month', ${month('m')}, (${month('m')} + interval '1 month - 1 day')::date,
              (CASE WHEN m = 0 THEN 'submitted' ELSE 'approved' END)::time_approval_status
       ${advised.replace('WHERE', 'CROSS JOIN generate_series(0, ' + approvedMonths + ') AS m WHERE')}
       ON CONFLICT DO NOTHING`,
    `INSERT INTO advisor_rates (organization_id, advisor_id, hourly_rate_minor, effective_from)
       SELECT a.organization_id, a.advisor_id, 10000 + (abs(hashtext(a.id::text)) % 100) * 100, '2020-01-01'
       ${advised}
       ON CONFLICT DO NOTHING`,
    `INSERT INTO invoices (organization_id, month)
       SELECT id, ${month('1')} FROM organizations WHERE name LIKE 'Bench Org %'
       ON CONFLICT DO NOTHING`,
  ];
}

/**
 * The audit log's own lines at platform size: role changes, department changes and
 * exports by each organization's org_admin, spread over the last year.
 */
function auditStatement(): string {
  const { auditEventsEach, acmeAuditEvents } = PLATFORM_SIZE;
  return `INSERT INTO audit_events (organization_id, actor_id, action, target_type, target_id, target_label,
                                  from_value, to_value, created_at)
     SELECT org.id, owner.id,
            (ARRAY['member.role_changed','member.department_changed','export.created'])[1 + n % 3]::audit_action,
            (CASE WHEN n % 3 = 2 THEN 'export' ELSE 'member' END)::audit_target_type,
            CASE WHEN n % 3 = 2 THEN NULL ELSE owner.id END,
            CASE WHEN n % 3 = 2 THEN 'tickets.csv' ELSE 'Bench member ' || n END,
            CASE n % 3 WHEN 0 THEN 'user' WHEN 1 THEN 'Sales' END,
            CASE n % 3 WHEN 0 THEN 'org_admin' WHEN 1 THEN 'Engineering' END,
            now() - (n * 365 * 24 * 60 / org.lines) * interval '1 minute'
     FROM (SELECT id, CASE WHEN name = 'Acme Corp' THEN ${acmeAuditEvents} ELSE ${auditEventsEach} END AS lines
           FROM organizations WHERE name = 'Acme Corp' OR name LIKE 'Bench Org %') org
     JOIN LATERAL (SELECT u.id FROM users u WHERE u.organization_id = org.id AND u.role = 'org_admin'
                   ORDER BY u.email LIMIT 1) owner ON true
     CROSS JOIN LATERAL generate_series(1, org.lines) AS n`;
}
