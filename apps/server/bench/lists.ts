import { ANALYTICS_DEFAULT_WEEKS, MAX_SLOT_RANGE_DAYS } from '@smart/contracts';

/**
 * The lists `npm run bench` measures. A later issue adds its lists here. `path` may depend on the
 * list's page count (for the deep page), which the bench reads from a first request.
 */
export type BenchAccount = 'admin' | 'orgAdmin' | 'advisor' | 'member';

/** Who each list is read as: the demo accounts (the advisor is active in Acme and Globex). */
export const BENCH_ACCOUNTS: Record<BenchAccount, { email: string; label: string }> = {
  admin: { email: 'admin@smart.example.com', label: "admin's" },
  orgAdmin: { email: 'owner@acme.example.com', label: "org_admin's" },
  advisor: { email: 'advisor@smart.example.com', label: "advisor's" },
  member: { email: 'member@acme.example.com', label: "member's" },
};

export interface ListContext {
  acmeId: string;
  /** The demo member's user id (member@acme.example.com). */
  memberId: string;
  /** The page count of a list, read from its first page. */
  pages: (path: string) => Promise<number>;
  /** The id of the first row the org_admin's list shows. */
  firstId: (path: string) => Promise<string>;
}

export interface BenchList {
  name: string;
  account: BenchAccount;
  path: (context: ListContext) => Promise<string>;
  /**
   * How the goal is judged: against the demo-size median, or against another list at the same
   * size; 'report' lists a known cost without a goal.
   */
  goal: { kind: 'scale' } | { kind: 'deep'; of: string } | { kind: 'report' };
}

/** A list whose platform-size time is judged against its demo-size time. */
const atScale = (account: BenchAccount, name: string, path: string | BenchList['path']): BenchList => ({
  name: `${BENCH_ACCOUNTS[account].label} ${name}`,
  account,
  path: typeof path === 'string' ? async () => path : path,
  goal: { kind: 'scale' },
});

/** A list measured and shown without a goal: a known cost. */
const reported = (list: BenchList): BenchList => ({ ...list, goal: { kind: 'report' } });

const DAY_MS = 24 * 60 * 60 * 1000;
/** A day as YYYY-MM-DD (UTC, the demo accounts' zone). */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
/** This month's first and last day (UTC), as the Timesheet page asks for them. */
function thisMonth(): { from: string; to: string } {
  const now = new Date();
  return {
    from: dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
    to: dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0))),
  };
}
const monthQuery = () => new URLSearchParams(thisMonth()).toString();
/** The Sessions page's Upcoming tab: from now, soonest first. */
const upcoming = () => new URLSearchParams({ from: new Date().toISOString(), sort: 'start' }).toString();

export const BENCH_LISTS: BenchList[] = [
  atScale('orgAdmin', 'GET /api/departments', '/api/departments'),
  atScale('orgAdmin', 'GET /api/teams', '/api/teams'),
  atScale(
    'orgAdmin',
    'directory GET /api/users/organization/:id',
    async ({ acmeId }) => `/api/users/organization/${acmeId}?limit=20`,
  ),
  // The Team Members page's Inactive filter (a partial index on deactivated members).
  atScale(
    'orgAdmin',
    'inactive GET /api/users/organization/:id?status=inactive',
    async ({ acmeId }) => `/api/users/organization/${acmeId}?status=inactive&limit=20`,
  ),
  atScale('orgAdmin', 'GET /api/users', '/api/users?limit=20'),
  atScale('admin', 'GET /api/organizations', '/api/organizations'),
  atScale('admin', 'GET /api/departments', '/api/departments'),
  atScale('admin', 'GET /api/teams', '/api/teams'),
  atScale('admin', 'GET /api/users?page=1&limit=20', '/api/users?page=1&limit=20'),
  // People pickers search the server as the user types (trigram index on name and e-mail).
  atScale('orgAdmin', 'picker GET /api/users?search=chen', '/api/users?search=chen&status=active&limit=20'),
  atScale('admin', 'picker GET /api/users?search=chen 142 (91 of 200k match)', '/api/users?search=chen%20142&limit=20'),
  {
    // Every match is read to count them: a platform-wide search for a common piece of a name costs
    // what its matches cost (docs/decisions/0051-people-pickers-search-the-server.md).
    ...atScale('admin', 'GET /api/users?search=chen (18k of 200k match)', '/api/users?search=chen&limit=20'),
    goal: { kind: 'report' },
  },
  // The S.M.A.R.T. Advisors page (every advisor with its assignments) and an advisor's Organizations page.
  {
    // Every advisor with every assignment, unpaged (the page shows them all): at platform size 102
    // advisors and about 1,000 assignments (the bench's advisors), against the demo's 3 advisors.
    ...atScale('admin', 'GET /api/users/advisors (102 advisors)', '/api/users/advisors'),
    goal: { kind: 'report' },
  },
  atScale(
    'advisor',
    'GET /api/organizations/advisors/my-organizations',
    '/api/organizations/advisors/my-organizations',
  ),
  // Work lists: progress and counts are computed per row in the list query.
  atScale('orgAdmin', 'GET /api/projects', '/api/projects?limit=20'),
  atScale('orgAdmin', 'GET /api/projects?search=launch', '/api/projects?search=launch&limit=20'),
  atScale(
    'orgAdmin',
    'GET /api/objectives/projects/:id',
    async ({ firstId }) => `/api/objectives/projects/${await firstId('/api/projects?limit=1')}?limit=20`,
  ),
  atScale('orgAdmin', 'GET /api/tasks/objectives/:id', async ({ firstId }) => {
    const projectId = await firstId('/api/projects?limit=1');
    return `/api/tasks/objectives/${await firstId(`/api/objectives/projects/${projectId}?limit=1`)}?limit=20`;
  }),
  atScale('orgAdmin', 'GET /api/tasks/my-tasks', '/api/tasks/my-tasks'),
  // My Tasks' filters and sorts.
  atScale('orgAdmin', 'GET /api/tasks/my-tasks?due=next_7_days', '/api/tasks/my-tasks?due=next_7_days'),
  atScale(
    'orgAdmin',
    'GET /api/tasks/my-tasks?status=in_progress&sort=title',
    '/api/tasks/my-tasks?status=in_progress&sort=title',
  ),
  atScale('advisor', 'GET /api/tasks/my-tasks?sort=organization', '/api/tasks/my-tasks?sort=organization'),
  atScale('admin', 'GET /api/projects', '/api/projects?limit=20'),
  // Tickets: 5,000 of Acme's among 100k; the search reads tickets_search_idx.
  atScale('orgAdmin', 'GET /api/tickets', '/api/tickets'),
  atScale('orgAdmin', 'GET /api/tickets?search=printer trouble 4', '/api/tickets?search=printer%20trouble%204'),
  atScale('orgAdmin', 'GET /api/tickets?status=open&priority=urgent', '/api/tickets?status=open&priority=urgent'),
  atScale('advisor', 'GET /api/tickets', '/api/tickets'),
  // Triage: the quick filters, the organization filter and the sort by any column.
  atScale('orgAdmin', 'GET /api/tickets?assignedTo=me', '/api/tickets?assignedTo=me'),
  // Service levels: past a target, near one, and the soonest due first (decision 0286).
  atScale('orgAdmin', 'GET /api/tickets?sla=breached', '/api/tickets?sla=breached'),
  atScale('orgAdmin', 'GET /api/tickets?sla=at_risk', '/api/tickets?sla=at_risk'),
  atScale('orgAdmin', 'GET /api/tickets?sort=slaDue', '/api/tickets?sort=slaDue'),
  atScale('advisor', 'GET /api/tickets?sla=breached', '/api/tickets?sla=breached'),
  atScale('admin', 'GET /api/tickets?sla=breached', '/api/tickets?sla=breached'),
  atScale('orgAdmin', 'GET /api/tickets?createdBy=me', '/api/tickets?createdBy=me'),
  atScale('orgAdmin', 'GET /api/tickets?assignedTo=unassigned', '/api/tickets?assignedTo=unassigned'),
  atScale('advisor', 'GET /api/tickets?createdBy=me', '/api/tickets?createdBy=me'),
  atScale('advisor', 'GET /api/tickets?assignedTo=unassigned', '/api/tickets?assignedTo=unassigned'),
  atScale(
    'advisor',
    'GET /api/tickets?organizationId=Acme',
    async ({ acmeId }) => `/api/tickets?organizationId=${acmeId}`,
  ),
  atScale('orgAdmin', 'GET /api/tickets?sort=title', '/api/tickets?sort=title'),
  atScale('orgAdmin', 'GET /api/tickets?sort=status&order=desc', '/api/tickets?sort=status&order=desc'),
  atScale('orgAdmin', 'GET /api/tickets?sort=category', '/api/tickets?sort=category'),
  // Sorting by a person's or an organization's name reads every ticket in scope (names live in
  // other tables, so no index of tickets is in their order): a known cost, reported.
  reported(atScale('orgAdmin', 'GET /api/tickets?sort=assignedTo', '/api/tickets?sort=assignedTo')),
  reported(atScale('orgAdmin', 'GET /api/tickets?sort=createdBy', '/api/tickets?sort=createdBy')),
  reported(atScale('advisor', 'GET /api/tickets?sort=organization', '/api/tickets?sort=organization')),
  atScale('advisor', 'GET /api/tickets?sort=title', '/api/tickets?sort=title'),
  atScale('admin', 'GET /api/tickets', '/api/tickets'),
  atScale('admin', 'GET /api/tickets?sort=priority', '/api/tickets?sort=priority'),
  atScale('admin', 'GET /api/tickets?sort=title', '/api/tickets?sort=title'),
  reported(atScale('admin', 'GET /api/tickets?sort=assignedTo&order=desc', '/api/tickets?sort=assignedTo&order=desc')),
  // Meetings with an advisor: the advisor's 500 among 100k, in its 12 organizations.
  atScale('advisor', 'upcoming GET /api/sessions', async () => `/api/sessions?${upcoming()}&limit=20`),
  atScale('orgAdmin', 'upcoming GET /api/sessions', async () => `/api/sessions?${upcoming()}&limit=20`),
  // A plain member's: those it attends (the attendee index), never a scan of the 100k.
  atScale('member', 'upcoming GET /api/sessions', async () => `/api/sessions?${upcoming()}&limit=20`),
  atScale('admin', 'GET /api/sessions', '/api/sessions?limit=20'),
  // Its free slots over the widest window (14 days) with its meetings as busy ranges.
  atScale('advisor', 'GET /api/advisors/me/slots (14 days)', async () => {
    const from = new Date(Date.now() + DAY_MS);
    const to = new Date(from.getTime() + MAX_SLOT_RANGE_DAYS * DAY_MS);
    return `/api/advisors/me/slots?${new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), length: '30' })}`;
  }),
  // Search everything: one statement per kind, each on an organization-first trigram
  // index; 'launch' names 10,000 projects of other organizations at platform size, none of them Acme's.
  atScale('orgAdmin', 'GET /api/search?q=launch', '/api/search?q=launch'),
  atScale('member', 'GET /api/search?q=checkout', '/api/search?q=checkout'),
  atScale('advisor', 'GET /api/search?q=launch', '/api/search?q=launch'),
  atScale('admin', 'GET /api/search?q=chen 142', '/api/search?q=chen%20142'),
  {
    // Platform reach has no organization to start from: every match is read to rank the newest.
    ...atScale('admin', 'GET /api/search?q=launch (10k projects match)', '/api/search?q=launch'),
    goal: { kind: 'report' },
  },
  // Time: 5,000 entries of Acme's (half the member's) and 500 of the demo advisor's among 35k.
  atScale('orgAdmin', 'GET /api/time-entries?organizationId=Acme', async ({ acmeId }) => {
    return `/api/time-entries?organizationId=${acmeId}`;
  }),
  atScale('orgAdmin', "a person's GET /api/time-entries?userId=", async ({ memberId }) => {
    return `/api/time-entries?userId=${memberId}`;
  }),
  atScale('member', 'own GET /api/time-entries', '/api/time-entries'),
  atScale('advisor', 'GET /api/time-entries/timesheet (this month)', async () => {
    return `/api/time-entries/timesheet?${monthQuery()}`;
  }),
  // A statement draws every entry of the month (about 200 of the member's at platform size, none
  // at demo size): its cost grows with the person's own month, not with anyone else's.
  reported(
    atScale('member', 'GET /api/time-entries/timesheet.pdf (this month, Acme)', async ({ acmeId }) => {
      return `/api/time-entries/timesheet.pdf?${monthQuery()}&organizationId=${acmeId}`;
    }),
  ),
  // Approved hours and invoices (decision 0290): each organization's periods and drafts among the platform's.
  atScale('orgAdmin', 'GET /api/time-approvals', '/api/time-approvals'),
  atScale('advisor', 'GET /api/time-approvals', '/api/time-approvals'),
  atScale('admin', 'GET /api/time-approvals?status=submitted', '/api/time-approvals?status=submitted'),
  atScale('orgAdmin', 'GET /api/invoices', '/api/invoices'),
  atScale('advisor', 'GET /api/invoices', '/api/invoices'),
  // A page of 50 drafts, each summed from its month's approved entries: a known cost.
  reported(atScale('admin', 'GET /api/invoices (50 drafts a page)', '/api/invoices')),
  atScale('orgAdmin', "a draft's GET /api/invoices/:id", async ({ firstId }) => {
    return `/api/invoices/${await firstId('/api/invoices?limit=1')}`;
  }),
  // My work on the dashboard: one statement per block, each on the caller's own indexes.
  atScale('member', 'GET /api/my-work', '/api/my-work'),
  atScale('orgAdmin', 'GET /api/my-work', '/api/my-work'),
  atScale('advisor', 'GET /api/my-work', '/api/my-work'),
  // The admin's figures count the platform's open tickets (an index-only count over 100k): a known cost.
  {
    name: "admin's GET /api/my-work/platform",
    account: 'admin',
    path: async () => '/api/my-work/platform',
    goal: { kind: 'report' },
  },
  // Analytics: five statements on organization-first indexes. 12 weeks ending before the
  // bench's tickets (all raised in the last 4 days) measure what other organizations' rows cost Acme;
  // the default 12 weeks then hold 5,000 tickets of Acme's own, a known cost.
  atScale('orgAdmin', 'GET /api/analytics (12 weeks before the bench tickets)', async () => {
    const to = new Date(Date.now() - 5 * DAY_MS);
    const from = new Date(to.getTime() - (ANALYTICS_DEFAULT_WEEKS * 7 - 1) * DAY_MS);
    return `/api/analytics?${new URLSearchParams({ from: dayOf(from), to: dayOf(to) })}`;
  }),
  reported(atScale('orgAdmin', "GET /api/analytics (12 weeks holding 5,000 of Acme's tickets)", '/api/analytics')),
  // The whole platform: ranges of the time-first indexes, every row in the range read (100k tickets).
  reported(atScale('admin', 'GET /api/analytics (the platform, 12 weeks: 100k tickets)', '/api/analytics')),
  // The audit log: each source's newest lines from its organization-first index, merged.
  // At platform size Acme has 2,000 lines of its own, 5,000 tickets' and 2,500 first answers' history.
  atScale('orgAdmin', 'GET /api/audit-log', '/api/audit-log'),
  atScale('orgAdmin', 'GET /api/audit-log?action=member.role_changed', '/api/audit-log?action=member.role_changed'),
  atScale('orgAdmin', "a person's GET /api/audit-log?actorId=", async ({ memberId }) => {
    return `/api/audit-log?actorId=${memberId}`;
  }),
  atScale('admin', 'GET /api/audit-log?organizationId=Acme', async ({ acmeId }) => {
    return `/api/audit-log?organizationId=${acmeId}`;
  }),
  {
    name: "org_admin's GET /api/tickets, page at 90%",
    account: 'orgAdmin',
    path: async ({ pages }) => `/api/tickets?page=${Math.max(1, Math.floor((await pages('/api/tickets')) * 0.9))}`,
    goal: { kind: 'deep', of: "org_admin's GET /api/tickets" },
  },
  {
    // Pages reach AUDIT_MAX_DEPTH lines deep: the 40th page of 50 reads 2,000 lines of each source.
    name: "org_admin's GET /api/audit-log, page 40",
    account: 'orgAdmin',
    path: async () => '/api/audit-log?page=40',
    goal: { kind: 'deep', of: "org_admin's GET /api/audit-log" },
  },
  {
    name: "admin's GET /api/users, page at 90% (9,000 of 10,000)",
    account: 'admin',
    path: async ({ pages }) => {
      const count = await pages('/api/users?page=1&limit=20');
      return `/api/users?page=${Math.max(1, Math.floor(count * 0.9))}&limit=20`;
    },
    goal: { kind: 'deep', of: "admin's GET /api/users?page=1&limit=20" },
  },
  {
    // The worst page (decision 0018): read from either end, it skips 100,000 index entries (about
    // 20 ms on PostgreSQL, 3× page 1 on one run and not the next): a known cost, reported.
    name: "admin's GET /api/users, middle page",
    account: 'admin',
    path: async ({ pages }) => {
      const count = await pages('/api/users?page=1&limit=20');
      return `/api/users?page=${Math.max(1, Math.ceil(count / 2))}&limit=20`;
    },
    goal: { kind: 'report' },
  },
];
