import {
  type CreateTimeEntryBody,
  type Endpoint,
  type EndpointInput,
  EXPORT_COLUMNS,
  EXPORT_ORGANIZATION_COLUMN,
  type ExportKind,
  exportEndpoints,
  MAX_SEARCH_LENGTH,
  projectEndpoints,
  taskEndpoints,
  ticketEndpoints,
  timeEntryEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { z } from 'zod';
import { auditEvents, organizations, users } from '../src/db/schema/index.js';
import type { Caller, TestApp } from './helpers/app.js';
import {
  authzMatrix,
  type Cast,
  everyoneSignedIn,
  MATRIX_ACTORS,
  ORGANIZATION_READERS,
  type Statuses,
  WORK_READERS,
} from './helpers/authz-matrix.js';
import type { CallOptions } from './helpers/call.js';
import { csvRecords, readCsv } from './helpers/csv.js';
import type { Factories, Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { insertTicket } from './helpers/tickets.js';

/**
 * CSV exports: each kind's file holds what its list shows the caller with the same
 * filters, in the list's order, under contracts' headings; the list's refusals; another
 * organization's 404; formulas written as text; an audit line per export. Three rows a batch, so
 * every file here is read in several batches. (Streaming, the budget and a client hanging up:
 * exports-streaming.test.ts.)
 */
const test = apiTest({ demoData: false, settings: { EXPORT_BATCH_ROWS: '3' } });

const FORMULA_TITLE = '=HYPERLINK("http://evil.example","x")';
const DAY = Date.UTC(2031, 2, 10, 9, 30);
/** A test that makes a hundred requests or more. */
const LONG = { timeout: 120_000 };

interface World {
  tickets: Record<'printer' | 'formula' | 'vpn' | 'invoice', string>;
  tasks: Record<'dueLater' | 'undated' | 'advisors' | 'unassigned' | 'secondProject', string>;
  projects: Record<'first' | 'second', string>;
  inactive: Member;
}

/** Tickets, work, time and people in the cast's organization, and a little in the other one. */
async function arrange(t: TestApp, make: Factories, cast: Cast): Promise<World> {
  const db = t.database.db;
  const org = cast.organization.id;
  const at = (minutes: number) => new Date(DAY + minutes * 60_000);
  const printer = await insertTicket(db, org, cast.user.id, {
    title: 'Printer on fire',
    priority: 'high',
    assignedTo: cast.orgAdmin.id,
    createdAt: at(0),
  });
  const formula = await insertTicket(db, org, cast.user.id, {
    title: FORMULA_TITLE,
    description: 'Line one, "quoted"\nline two',
    priority: 'low',
    createdAt: at(1),
  });
  const vpn = await insertTicket(db, org, cast.user.id, {
    title: 'VPN drops',
    status: 'resolved',
    priority: 'urgent',
    assignedTo: cast.advisorAssigned.id,
    createdAt: at(1),
  });
  const invoice = await insertTicket(db, org, cast.orgAdmin.id, {
    title: 'Invoice printer jammed',
    status: 'closed',
    createdAt: at(1),
  });
  // Equal times and names across batch boundaries: the id breaks the ties.
  for (let index = 0; index < 5; index += 1) {
    await insertTicket(db, org, cast.user.id, { title: `Tie ${index % 2}`, createdAt: at(2) });
  }
  await insertTicket(db, cast.otherOrganization.id, cast.otherOrgAdmin.id, { title: 'Printer elsewhere' });

  const first = await make.project(org, { by: cast.orgAdmin, title: 'Payroll revamp', priority: 'high' });
  const second = await make.project(org, { by: cast.orgAdmin, title: 'Office move', status: 'active' });
  const objective = await make.objective(first.id, { by: cast.orgAdmin });
  const other = await make.objective(second.id, { by: cast.orgAdmin });
  const task = (objectiveId: string, options: Parameters<Factories['task']>[1]) =>
    make.task(objectiveId, { by: cast.orgAdmin, ...options });
  const dueLater = await task(objective.id, { title: 'Reconcile', assignedTo: cast.user.id, dueDate: '2031-01-10' });
  const undated = await task(objective.id, { title: 'Archive', assignedTo: cast.user.id });
  const advisors = await task(objective.id, {
    title: 'Audit books',
    assignedTo: cast.advisorAssigned.id,
    dueDate: '2031-01-05',
  });
  const unassigned = await make.task(objective.id, { by: cast.user, title: 'Order boxes' });
  const secondProject = await task(other.id, { title: 'Pack desks', assignedTo: cast.user.id, dueDate: '2031-01-10' });
  const elsewhere = await make.project(cast.otherOrganization.id, { by: cast.otherOrgAdmin });
  await make.task((await make.objective(elsewhere.id, { by: cast.otherOrgAdmin })).id, { by: cast.otherOrgAdmin });

  const log = async (member: Member, body: CreateTimeEntryBody) => {
    const response = await t.call(timeEntryEndpoints.create, { as: member, body });
    expect(response.status, response.response.body).toBe(201);
  };
  const onTask = (id: string, date: string, minutes: number) => ({
    recordType: 'task' as const,
    recordId: id,
    date,
    minutes,
  });
  await log(cast.user, { ...onTask(dueLater.id, '2031-03-10', 90), note: '+1 reconciled' });
  await log(cast.user, { recordType: 'ticket', recordId: printer.id, date: '2031-03-11', minutes: 30 });
  await log(cast.user, onTask(undated.id, '2031-03-09', 15));
  await log(cast.orgAdmin, { ...onTask(unassigned.id, '2031-03-10', 60), billable: false });
  await log(cast.advisorAssigned, onTask(advisors.id, '2031-03-12', 45));

  await make.member(org, { firstName: 'Ada', lastName: 'Zed', jobTitle: 'Clerk' });
  const inactive = await make.member(org, { firstName: '@Bea', lastName: 'Zed' });
  await db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));

  return {
    tickets: { printer: printer.id, formula: formula.id, vpn: vpn.id, invoice: invoice.id },
    tasks: {
      dueLater: dueLater.id,
      undated: undated.id,
      advisors: advisors.id,
      unassigned: unassigned.id,
      secondProject: secondProject.id,
    },
    projects: { first: first.id, second: second.id },
    inactive,
  };
}

let arranged: Promise<World> | undefined;
/** The file's records, made once by the first test that asks. */
const world = (t: TestApp, make: Factories, cast: Cast) => {
  arranged ??= arrange(t, make, cast);
  return arranged;
};

/** The exports of a list (the audit log's has its own tests). */
type ListedKind = Exclude<ExportKind, 'audit-log'>;
/** Each kind's file, and the list it is: the file takes the list's query without the page. */
const FILES = {
  tickets: exportEndpoints.tickets,
  tasks: exportEndpoints.tasks,
  projects: exportEndpoints.projects,
  members: exportEndpoints.members,
  'time-entries': exportEndpoints.timeEntries,
} as const satisfies Record<ListedKind, Endpoint>;
const LISTS = {
  tickets: ticketEndpoints.list,
  tasks: taskEndpoints.mine,
  projects: projectEndpoints.list,
  members: userEndpoints.list,
  'time-entries': timeEntryEndpoints.list,
} as const satisfies Record<ListedKind, Endpoint>;
type FileQuery<K extends ListedKind> = z.input<(typeof FILES)[K]['query']>;
type Input<E extends Endpoint> = EndpointInput<E> & CallOptions<Caller>;

/** The kind's file with the query, as `member` (200 expected): its text and headers. */
async function exported<K extends ListedKind>(t: TestApp, member: Member, kind: K, query?: FileQuery<K>) {
  // The signature types the query by the kind; the call cannot see through K.
  const { response } = await t.call(FILES[kind], { query, as: member } as unknown as Input<(typeof FILES)[K]>);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const exportedIds = async <K extends ListedKind>(t: TestApp, member: Member, kind: K, query?: FileQuery<K>) =>
  csvRecords((await exported(t, member, kind, query)).body).map((row) => row.ID);

/** Every id the kind's list shows with the query, page after page. */
async function listedIds<K extends ListedKind>(
  t: TestApp,
  member: Member,
  kind: K,
  query: FileQuery<K> | undefined,
  limit: number,
) {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const input = { query: { ...query, page, limit }, as: member } as unknown as Input<(typeof LISTS)[K]>;
    const response = await t.call(LISTS[kind], input);
    expect(response.status, response.response.body).toBe(200);
    const body = response.body as unknown as { data: { id: string }[]; pagination: { pages: number } };
    ids.push(...body.data.map((item) => item.id));
    if (page >= body.pagination.pages) return ids;
  }
}

describe('each file is its list', () => {
  /** Each query as the first person; as the others, the first two (their scope differs, the filters do not). */
  function filterByFilter<K extends ListedKind>(
    kind: K,
    limit: number,
    who: (cast: Cast) => Member[],
    queries: FileQuery<K>[],
  ) {
    const list = LISTS[kind].path;
    test(`${kind}: the same rows in the same order as ${list}, filter by filter`, LONG, async ({ t, make, cast }) => {
      await world(t, make, cast);
      for (const [index, member] of who(cast).entries()) {
        for (const query of index === 0 ? queries : queries.slice(0, 2)) {
          const listed = await listedIds(t, member, kind, query, limit);
          expect(await exportedIds(t, member, kind, query), `${member.role} ${JSON.stringify(query)}`).toEqual(listed);
        }
      }
    });
  }
  filterByFilter('tickets', 4, (cast) => [cast.orgAdmin, cast.user, cast.advisorAssigned, cast.admin], [
    {},
    { status: 'open' },
    { priority: 'high' },
    { search: 'printer' },
    { assignedTo: 'unassigned' },
    { assignedTo: 'me' },
    { createdBy: 'me' },
    { sort: 'assignedTo' },
    { sort: 'assignedTo', order: 'desc' },
    { sort: 'createdBy' },
    { sort: 'title' },
    { sort: 'priority', order: 'asc' },
    { sort: 'status' },
    { sort: 'organization' },
    { sort: 'updatedAt', order: 'asc' },
  ]);
  filterByFilter('tasks', 2, (cast) => [cast.user, cast.orgAdmin, cast.advisorAssigned], [
    { filter: 'assigned' },
    { filter: 'created' },
    { filter: 'assigned', status: 'not_started' },
    { filter: 'assigned', due: 'none' },
    { filter: 'assigned', sort: 'title', order: 'desc' },
    { filter: 'assigned', sort: 'project' },
    { filter: 'assigned', sort: 'organization' },
    { filter: 'assigned', sort: 'dueDate', order: 'desc' },
    { filter: 'created', sort: 'progress' },
  ]);
  filterByFilter('projects', 1, (cast) => [cast.orgAdmin, cast.user], [
    {},
    { status: 'active' },
    { priority: 'high' },
    { search: 'payroll' },
  ]);
  filterByFilter('members', 2, (cast) => [cast.orgAdmin], [
    {},
    { status: 'active' },
    { status: 'inactive' },
    { status: 'all' },
    { search: 'zed' },
    { search: 'ze' },
  ]);
  filterByFilter('time-entries', 2, (cast) => [cast.user, cast.orgAdmin, cast.advisorAssigned], [
    {},
    { from: '2031-03-10' },
    { from: '2031-03-10', to: '2031-03-11' },
  ]);

  test("an admin's file of one organization is that organization's list", async ({ t, make, cast }) => {
    await world(t, make, cast);
    const query = { organizationId: cast.organization.id };
    for (const kind of ['tickets', 'projects', 'members', 'time-entries'] as const) {
      const listed = await listedIds(t, cast.admin, kind, query, 50);
      expect(listed.length, kind).toBeGreaterThan(0);
      expect(await exportedIds(t, cast.admin, kind, query), kind).toEqual(listed);
    }
  });

  test("tasks: without a tab, every task the caller reaches; a project's or an objective's", async ({
    t,
    make,
    cast,
  }) => {
    const { tasks } = await world(t, make, cast);
    const ofOrganization = [tasks.dueLater, tasks.undated, tasks.advisors, tasks.unassigned, tasks.secondProject];
    expect((await exportedIds(t, cast.orgAdmin, 'tasks')).sort()).toEqual([...ofOrganization].sort());
    expect(await exportedIds(t, cast.user, 'tasks', { sort: 'title' })).toHaveLength(ofOrganization.length);
    // An advisor's: the ones assigned to it.
    expect(await exportedIds(t, cast.advisorAssigned, 'tasks')).toEqual([tasks.advisors]);
    const project = await t.call(taskEndpoints.get, { params: { id: tasks.secondProject }, as: cast.user });
    const { projectId, objectiveId } = project.data;
    expect(await exportedIds(t, cast.user, 'tasks', { projectId })).toEqual([tasks.secondProject]);
    expect(await exportedIds(t, cast.user, 'tasks', { objectiveId })).toEqual([tasks.secondProject]);
  });
});

describe('the columns', () => {
  test('a ticket as a spreadsheet reads it: people, ISO dates, its text as written', async ({ t, make, cast }) => {
    const { tickets } = await world(t, make, cast);
    const response = await exported(t, cast.orgAdmin, 'tickets', { sort: 'createdAt', order: 'asc' });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="tickets-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const [header] = readCsv(response.body);
    // One organization's people: no Organization column.
    expect(header).toEqual(EXPORT_COLUMNS.tickets.filter((column) => column !== EXPORT_ORGANIZATION_COLUMN));
    const rows = csvRecords(response.body);
    expect(rows[0]).toEqual({
      ID: tickets.printer,
      Title: 'Printer on fire',
      Status: 'open',
      Priority: 'high',
      Category: 'general',
      'Created by': `${cast.user.firstName} ${cast.user.lastName}`,
      'Created by e-mail': cast.user.email,
      Assignee: `${cast.orgAdmin.firstName} ${cast.orgAdmin.lastName}`,
      'Assignee e-mail': cast.orgAdmin.email,
      Created: '2031-03-10T09:30:00.000Z',
      Updated: '2031-03-10T09:30:00.000Z',
      Resolved: '',
      Closed: '',
      Comments: '0',
      // No targets for its priority: the service-level columns are blank.
      'SLA clock': '',
      'First response due': '',
      'First responded': '',
      'First response SLA': '',
      'Resolution due': '',
      'Resolution SLA': '',
      Description: 'The office printer smokes when printing in colour.',
    });
    expect(rows.find((row) => row.ID === tickets.formula)?.Description).toBe('Line one, "quoted"\nline two');
  });

  test('a cell a spreadsheet would run as a formula is written as text', async ({ t, make, cast }) => {
    const { tickets } = await world(t, make, cast);
    const response = await exported(t, cast.orgAdmin, 'tickets');
    expect(response.body).toContain(`${tickets.formula},"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvRecords(response.body).find((row) => row.ID === tickets.formula)?.Title).toBe(`'${FORMULA_TITLE}`);
    // A name starting with @, a note starting with +.
    const members = csvRecords((await exported(t, cast.orgAdmin, 'members', { status: 'inactive' })).body);
    expect(members.map((row) => row['First name'])).toEqual(["'@Bea"]);
    const entries = csvRecords((await exported(t, cast.user, 'time-entries')).body);
    expect(entries.map((row) => row.Note)).toContain("'+1 reconciled");
  });

  test('whoever reaches several organizations gets their names', async ({ t, make, cast }) => {
    const { tickets } = await world(t, make, cast);
    for (const member of [cast.admin, cast.advisorAssigned]) {
      const rows = csvRecords((await exported(t, member, 'tickets')).body);
      expect(rows.find((row) => row.ID === tickets.vpn)?.Organization, member.role).toBe(cast.organization.name);
    }
    const [header] = readCsv((await exported(t, cast.admin, 'projects')).body);
    expect(header).toEqual([...EXPORT_COLUMNS.projects]);
  });

  test('tasks, projects, members and time entries under their headings', async ({ t, make, cast }) => {
    const { tasks, projects, inactive } = await world(t, make, cast);
    const task = csvRecords((await exported(t, cast.user, 'tasks', { filter: 'assigned' })).body).find(
      (row) => row.ID === tasks.dueLater,
    );
    expect(task).toMatchObject({
      Title: 'Reconcile',
      Project: 'Payroll revamp',
      Status: 'not_started',
      'Progress (%)': '0',
      'Due date': '2031-01-10',
      'Assignee e-mail': cast.user.email,
      'Created by e-mail': cast.orgAdmin.email,
    });
    const project = csvRecords((await exported(t, cast.orgAdmin, 'projects')).body).find(
      (row) => row.ID === projects.first,
    );
    expect(project).toMatchObject({ Title: 'Payroll revamp', Priority: 'high', Objectives: '1', Tasks: '4' });
    const member = csvRecords((await exported(t, cast.orgAdmin, 'members', { status: 'all' })).body).find(
      (row) => row.ID === inactive.id,
    );
    expect(member).toMatchObject({ 'Last name': 'Zed', 'E-mail': inactive.email, Role: 'user', Status: 'inactive' });
    const [header, ...entries] = readCsv((await exported(t, cast.orgAdmin, 'time-entries')).body);
    expect(header).toEqual(EXPORT_COLUMNS['time-entries'].filter((column) => column !== EXPORT_ORGANIZATION_COLUMN));
    const oneDay = await exported(t, cast.orgAdmin, 'time-entries', { from: '2031-03-10', to: '2031-03-10' });
    // A file of some days is named after them, so two months' files do not save over each other.
    expect(oneDay.headers['content-disposition']).toBe(
      'attachment; filename="time-entries-2031-03-10-to-2031-03-10.csv"',
    );
    const entry = csvRecords(oneDay.body);
    expect(entries.length).toBeGreaterThanOrEqual(entry.length);
    expect(entry.map((row) => [row.Date, row.Minutes, row.Hours, row.Billable, row['Record type']])).toEqual(
      expect.arrayContaining([
        ['2031-03-10', '90', '1.50', 'yes', 'task'],
        ['2031-03-10', '60', '1.00', 'no', 'task'],
      ]),
    );
  });
});

describe('who may export what', () => {
  const withOrganization = (kind: ExportKind) => (_: unknown, cast: Cast) => ({
    method: 'GET' as const,
    url: `/api/exports/${kind}.csv?organizationId=${cast.organization.id}`,
  });
  /** The members list: canManageUsers (org_admin, admin); the others 403. */
  const MEMBER_EXPORTERS: Statuses = {
    ...ORGANIZATION_READERS,
    user: 403,
    advisorAssigned: 403,
    advisorUnassigned: 403,
  };

  authzMatrix('GET /api/exports/{kind}.csv', {
    test,
    arrange: async () => null,
    routes: [
      {
        route: 'GET /api/exports/tickets.csv',
        request: () => ({ method: 'GET', url: '/api/exports/tickets.csv' }),
        statuses: everyoneSignedIn(200),
      },
      {
        route: 'GET /api/exports/tickets.csv?organizationId',
        request: withOrganization('tickets'),
        statuses: ORGANIZATION_READERS,
      },
      {
        route: 'GET /api/exports/tasks.csv?organizationId',
        request: withOrganization('tasks'),
        statuses: ORGANIZATION_READERS,
      },
      {
        route: 'GET /api/exports/projects.csv?organizationId',
        request: withOrganization('projects'),
        statuses: WORK_READERS,
      },
      {
        route: 'GET /api/exports/members.csv?organizationId',
        request: withOrganization('members'),
        statuses: MEMBER_EXPORTERS,
      },
      {
        route: 'GET /api/exports/time-entries.csv?organizationId',
        request: withOrganization('time-entries'),
        statuses: ORGANIZATION_READERS,
      },
    ],
  });

  test('an export refuses whom its list refuses, with the same status', async ({ t, cast }) => {
    for (const actor of MATRIX_ACTORS) {
      const signing = actor === 'anonymous' ? {} : { as: cast[actor] };
      for (const kind of Object.keys(FILES) as ListedKind[]) {
        const listed = await t.call(LISTS[kind], signing);
        const file = await t.call(FILES[kind], signing);
        expect(file.status, `${actor} ${kind}`).toBe(listed.status);
      }
    }
  });

  test("another organization's records: 404 where the caller does not act", async ({ t, make, cast }) => {
    await world(t, make, cast);
    for (const kind of ['tickets', 'tasks', 'projects', 'members', 'time-entries'] as const) {
      const query = { organizationId: cast.otherOrganization.id };
      const response = await t.call(FILES[kind], { query, as: cast.orgAdmin });
      expect(response.status, kind).toBe(404);
      expect(response.refusal.error).toBe(UI_TEXT.organizationNotFound);
    }
    const unknown = await t.call(exportEndpoints.tickets, {
      query: { organizationId: '00000000-0000-4000-8000-000000000000' },
      as: cast.admin,
    });
    expect(unknown.status).toBe(404);
    // An org_admin's file never holds the other organization's rows.
    const rows = csvRecords((await exported(t, cast.orgAdmin, 'tickets', { search: 'printer' })).body);
    expect(rows.map((row) => row.Title)).toContain('Printer on fire');
    expect(rows.map((row) => row.Title)).not.toContain('Printer elsewhere');
  });

  test('a bad filter is a 400 with the message, never a file', async ({ t, cast }) => {
    const bad = [
      () => t.call(exportEndpoints.tickets, { query: { search: 'x'.repeat(MAX_SEARCH_LENGTH + 1) }, as: cast.admin }),
      () => t.call(exportEndpoints.tickets, { query: { search: 'a\u0000b' }, as: cast.admin }),
      () => t.call(exportEndpoints.tickets, { query: { organizationId: 'not-an-id' }, as: cast.admin }),
      () => t.call(exportEndpoints.timeEntries, { query: { from: '2031-03-10', to: '2031-03-01' }, as: cast.admin }),
      () => t.call(exportEndpoints.timeEntries, { query: { from: 'March' }, as: cast.admin }),
    ];
    for (const call of bad) {
      const response = await call();
      expect(response.status, response.response.body).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    // Values none of the filters has, as an outside client might send them.
    for (const [kind, query] of [
      ['tickets', 'status=lost'],
      ['tasks', 'due=someday'],
      ['projects', 'priority=extreme'],
      ['members', 'status=gone'],
    ] as const) {
      const response = await t.request({
        method: 'GET',
        url: `/api/exports/${kind}.csv?${query}`,
        token: cast.admin.token,
      });
      expect(response.statusCode, `${kind} ${query}`).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    const reversed = await t.call(exportEndpoints.timeEntries, {
      query: { from: '2031-03-10', to: '2031-03-01' },
      as: cast.user,
    });
    expect(reversed.refusal.error).toBe(UI_TEXT.timeRangeOrder);
  });
});

describe('the audit log', () => {
  const exportsOf = (t: TestApp, actorId: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, actorId), eq(auditEvents.action, 'export.created')))
      .orderBy(desc(auditEvents.createdAt));

  test('every export is a line in the organization exported: who, which file, which filters', async ({
    t,
    make,
    cast,
  }) => {
    await world(t, make, cast);
    const member = await make.member(cast.organization.id, { role: 'org_admin' });
    await exported(t, member, 'tickets', { status: 'open', search: 'printer', sort: 'title' });
    await exported(t, member, 'members', { organizationId: cast.organization.id, status: 'active' });
    await exported(t, member, 'projects');
    const lines = await exportsOf(t, member.id);
    expect(
      lines.map(({ organizationId, targetType, targetId, targetLabel, toValue }) => ({
        organizationId,
        targetType,
        targetId,
        targetLabel,
        toValue,
      })),
    ).toEqual([
      {
        organizationId: cast.organization.id,
        targetType: 'export',
        targetId: null,
        targetLabel: 'projects.csv',
        toValue: 'no filters',
      },
      {
        organizationId: cast.organization.id,
        targetType: 'export',
        targetId: null,
        targetLabel: 'members.csv',
        toValue: `Organization: ${cast.organization.name}; Status: active`,
      },
      {
        organizationId: cast.organization.id,
        targetType: 'export',
        targetId: null,
        targetLabel: 'tickets.csv',
        toValue: 'Search: printer; Status: open',
      },
    ]);
  });

  test("an admin's export of every organization is on the platform's; an advisor's on each it advises", async ({
    t,
    make,
    cast,
  }) => {
    const admin = await make.admin();
    const before = (await exportsOf(t, admin.id)).length;
    await exported(t, admin, 'tickets');
    const [line] = await exportsOf(t, admin.id);
    const [platform] = await t.database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.isPlatform, true));
    expect((await exportsOf(t, admin.id)).length).toBe(before + 1);
    expect(line?.organizationId).toBe(platform?.id);

    const advisor = await make.advisor([cast.organization.id, cast.otherOrganization.id]);
    await exported(t, advisor, 'tickets');
    const advised = (await exportsOf(t, advisor.id)).map((row) => row.organizationId).sort();
    expect(advised).toEqual([cast.organization.id, cast.otherOrganization.id].sort());
  });

  test('a refused export writes no line', async ({ t, make, cast }) => {
    const member = await make.member(cast.organization.id);
    const refused = await t.call(exportEndpoints.members, { as: member });
    expect(refused.status).toBe(403);
    expect(await exportsOf(t, member.id)).toEqual([]);
  });
});
