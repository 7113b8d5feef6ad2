import {
  MAX_SEARCH_LENGTH,
  recordPaths,
  SEARCH_KINDS,
  SEARCH_MIN_LENGTH,
  type SearchEverythingQuery,
  type SearchGroup,
  type SearchKind,
  searchEndpoints,
  tooLongMessage,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { advisorAssignments } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import { type Cast, MATRIX_ACTORS, type MatrixActor } from './helpers/authz-matrix.js';
import { factories } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { createConversation, sendMessage } from './helpers/messenger.js';
import { insertTemplate, insertTemplateDepartment } from './helpers/templates.js';
import { insertTicket } from './helpers/tickets.js';

/**
 * GET /api/search: one box over projects, tasks, tickets, templates, people and
 * messages. Every record below holds the word "Zephyr"; each actor of the matrix finds exactly
 * those it may read, and never another organization's.
 */
const WORD = 'zephyr';

const test = apiTest({ demoData: false }).extend('records', { scope: 'file' }, async ({ t, make, cast }) => {
  const db = t.database.db;
  const { organization, otherOrganization, orgAdmin, user, advisorAssigned, otherOrgAdmin } = cast;
  const project = await make.project(organization.id, { title: 'Zephyr roadmap', by: orgAdmin });
  const objective = await make.objective(project.id, { title: 'First quarter', by: orgAdmin });
  const kickoff = await make.task(objective.id, {
    title: 'Zephyr kickoff',
    assignedTo: advisorAssigned.id,
    by: orgAdmin,
  });
  await make.task(objective.id, { title: 'Zephyr budget', description: 'Costs', by: orgAdmin });
  const ticket = await insertTicket(db, organization.id, user.id, { title: 'Zephyr printer jams' });
  const milestones = await make.objective(project.id, { title: 'Zephyr milestones', by: orgAdmin });

  const otherProject = await make.project(otherOrganization.id, { title: 'Zephyr elsewhere', by: otherOrgAdmin });
  const otherObjective = await make.objective(otherProject.id, { by: otherOrgAdmin });
  await make.task(otherObjective.id, { title: 'Zephyr foreign task', by: otherOrgAdmin });
  await make.objective(otherProject.id, { title: 'Zephyr foreign objective', by: otherOrgAdmin });
  await insertTicket(db, otherOrganization.id, otherOrgAdmin.id, { title: 'Zephyr foreign ticket' });

  const department = await insertTemplateDepartment(db);
  const template = await insertTemplate(db, {
    departmentId: department.id,
    createdBy: null,
    name: 'Zephyr travel policy',
  });

  await make.member(organization.id, { firstName: 'Zephyra', lastName: 'Stone' });
  await make.member(otherOrganization.id, { firstName: 'Zephyrus', lastName: 'Vale' });
  await make.member(organization.id, { firstName: 'Zephyrine', lastName: 'Gone' }).then(async (gone) => {
    const response = await t.call(userEndpoints.deactivate, { params: { id: gone.id }, token: orgAdmin.token });
    expect(response.status, response.response.body).toBe(200);
  });

  const team = await createConversation(t, orgAdmin, [user.id], { title: 'Team room' });
  const teamMessage = await sendMessage(t, orgAdmin, team.id, 'Zephyr meeting notes');
  const withAdvisor = await createConversation(t, orgAdmin, [advisorAssigned.id], { title: 'Advisor room' });
  await sendMessage(t, advisorAssigned, withAdvisor.id, 'Zephyr advice for the owner');
  const colleague = await make.member(otherOrganization.id);
  const foreign = await createConversation(t, otherOrgAdmin, [colleague.id], { title: 'Foreign room' });
  await sendMessage(t, otherOrgAdmin, foreign.id, 'Zephyr foreign message');
  return { project, objective, milestones, kickoff, ticket, department, template, team, teamMessage };
});

// The app, the cast and the records are made before the first test (a hook's time, not a test's).
// Generous: ten people are signed up (argon2) on a machine other test runs share.
test.beforeAll(async ({ records }) => {
  expect(records.project.id).toBeTruthy();
}, 300_000);

type Found = Partial<Record<SearchKind, string[]>>;

/** GET /api/search as an actor of the matrix: 200 and its groups. */
const search = async (
  context: { t: TestApp; cast: Cast },
  actor: Exclude<MatrixActor, 'anonymous'>,
  query: SearchEverythingQuery,
): Promise<SearchGroup[]> => {
  const response = await context.t.call(searchEndpoints.search, { query, token: context.cast[actor].token });
  expect(response.status, response.response.body).toBe(200);
  return response.data.groups;
};

/** Each kind's titles, sorted (the order within a kind is tested on its own). */
const titlesOf = (groups: SearchGroup[]): Found =>
  Object.fromEntries(groups.map((group) => [group.kind, group.results.map((result) => result.title).sort()]));

const TEMPLATE = ['Zephyr travel policy'];
/** What each actor finds: the matrix of who reads what (policy.ts for people). */
const EXPECTED: Record<Exclude<MatrixActor, 'anonymous'>, Found> = {
  admin: {
    projects: ['Zephyr elsewhere', 'Zephyr roadmap'],
    objectives: ['Zephyr foreign objective', 'Zephyr milestones'],
    tasks: ['Zephyr budget', 'Zephyr foreign task', 'Zephyr kickoff'],
    tickets: ['Zephyr foreign ticket', 'Zephyr printer jams'],
    templates: TEMPLATE,
  },
  orgAdmin: {
    projects: ['Zephyr roadmap'],
    objectives: ['Zephyr milestones'],
    tasks: ['Zephyr budget', 'Zephyr kickoff'],
    tickets: ['Zephyr printer jams'],
    templates: TEMPLATE,
    people: ['Zephyra Stone'],
    messages: ['Zephyr advice for the owner', 'Zephyr meeting notes'],
  },
  user: {
    projects: ['Zephyr roadmap'],
    objectives: ['Zephyr milestones'],
    tasks: ['Zephyr budget', 'Zephyr kickoff'],
    tickets: ['Zephyr printer jams'],
    templates: TEMPLATE,
    messages: ['Zephyr meeting notes'],
  },
  advisorAssigned: {
    tasks: ['Zephyr kickoff'],
    tickets: ['Zephyr printer jams'],
    templates: TEMPLATE,
    messages: ['Zephyr advice for the owner'],
  },
  advisorUnassigned: { templates: TEMPLATE },
  otherOrgAdmin: {
    projects: ['Zephyr elsewhere'],
    objectives: ['Zephyr foreign objective'],
    tasks: ['Zephyr foreign task'],
    tickets: ['Zephyr foreign ticket'],
    templates: TEMPLATE,
    people: ['Zephyrus Vale'],
    messages: ['Zephyr foreign message'],
  },
};

describe('who finds what', () => {
  test.for(MATRIX_ACTORS.filter((actor) => actor !== 'anonymous'))(
    'GET /api/search as %s: only what it may read',
    async (actor, { t, cast }) => {
      const groups = await search({ t, cast }, actor, { q: WORD });
      expect(titlesOf(groups)).toEqual(EXPECTED[actor]);
      // Groups come in the contracts' order, each result labelled with its group's kind.
      const order = groups.map((group) => SEARCH_KINDS.indexOf(group.kind));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      for (const group of groups) expect(group.results.every((result) => result.kind === group.kind)).toBe(true);
    },
  );

  test('GET /api/search without a session: 401', async ({ t }) => {
    const response = await t.call(searchEndpoints.search, { query: { q: WORD } });
    expect(response.status).toBe(401);
  });

  test('an advisor whose assignment ended finds nothing of the organization at once', async ({ t, make, cast }) => {
    const advisor = await make.advisor([cast.organization.id]);
    const ticketTitle = 'Zephyr ticket for a passing advisor';
    await insertTicket(t.database.db, cast.organization.id, cast.user.id, { title: ticketTitle });
    const found = async () => {
      const response = await t.call(searchEndpoints.search, { query: { q: 'passing advisor' }, token: advisor.token });
      return titlesOf(response.data.groups);
    };
    expect(await found()).toEqual({ tickets: [ticketTitle] });
    await t.database.db
      .update(advisorAssignments)
      .set({ isActive: false })
      .where(
        and(eq(advisorAssignments.advisorId, advisor.id), eq(advisorAssignments.organizationId, cast.organization.id)),
      );
    expect(await found()).toEqual({});
  });
});

describe('the results', () => {
  test('open the record: its app path, with a line of context', async ({ t, cast, records }) => {
    const groups = await search({ t, cast }, 'orgAdmin', {
      q: WORD,
      types: 'objectives,tasks,tickets,messages,templates,people',
    });
    const find = (kind: SearchKind, title: string) =>
      groups.find((group) => group.kind === kind)?.results.find((result) => result.title === title);
    const { project, objective, milestones, kickoff, ticket, department, template, team } = records;
    expect(find('objectives', 'Zephyr milestones')).toEqual({
      id: milestones.id,
      kind: 'objectives',
      title: 'Zephyr milestones',
      context: `${cast.organization.name} · Zephyr roadmap · not started`,
      path: recordPaths.objective(project.id, milestones.id),
    });
    expect(find('tasks', 'Zephyr kickoff')).toEqual({
      id: kickoff.id,
      kind: 'tasks',
      title: 'Zephyr kickoff',
      context: `${cast.organization.name} · Zephyr roadmap · not started`,
      path: recordPaths.task(project.id, objective.id, kickoff.id),
    });
    expect(find('tickets', 'Zephyr printer jams')).toMatchObject({
      id: ticket.id,
      context: `${cast.organization.name} · open`,
      path: recordPaths.ticket(ticket.id),
    });
    expect(find('messages', 'Zephyr meeting notes')).toMatchObject({
      id: records.teamMessage.id,
      context: `Team room · ${cast.orgAdmin.firstName} ${cast.orgAdmin.lastName}`,
      path: recordPaths.conversation(team.id),
    });
    // A template opens itself (on its department's page), not only its department.
    expect(find('templates', 'Zephyr travel policy')?.path).toBe(
      `/dashboard/templates/departments/${department.id}?template=${template.id}`,
    );
    const person = groups.find((group) => group.kind === 'people')?.results[0];
    expect(person?.path).toBe(recordPaths.person(person?.context.split(' · ').at(-1) ?? ''));
  });

  test('put title matches first: a task named by the word before one that only describes it', async ({
    t,
    cast,
    make,
    records,
  }) => {
    await make.task(records.objective.id, {
      title: 'Quiet task',
      description: 'mentions kestrel once',
      by: cast.orgAdmin,
    });
    await make.task(records.objective.id, { title: 'Kestrel survey', by: cast.orgAdmin });
    const groups = await search({ t, cast }, 'user', { q: 'kestrel', types: 'tasks' });
    expect(groups[0]?.results.map((result) => result.title)).toEqual(['Kestrel survey', 'Quiet task']);
  });

  test('keep to the kinds asked for (comma-separated or repeated), each with at most `limit`', async ({ t, cast }) => {
    expect(Object.keys(titlesOf(await search({ t, cast }, 'orgAdmin', { q: WORD, types: 'tickets,people' })))).toEqual([
      'tickets',
      'people',
    ]);
    expect(
      Object.keys(titlesOf(await search({ t, cast }, 'orgAdmin', { q: WORD, types: ['tasks', 'tickets'] }))),
    ).toEqual(['tasks', 'tickets']);
    const limited = await search({ t, cast }, 'orgAdmin', { q: WORD, limit: 1 });
    expect(limited.every((group) => group.results.length === 1)).toBe(true);
    expect(limited.map((group) => group.kind)).toEqual(Object.keys(EXPECTED.orgAdmin));
  });

  test(`are none for a term shorter than ${SEARCH_MIN_LENGTH} characters, blank or padded`, async ({ t, cast }) => {
    const short = WORD.slice(0, SEARCH_MIN_LENGTH - 1);
    expect(await search({ t, cast }, 'orgAdmin', { q: short })).toEqual([]);
    expect(await search({ t, cast }, 'orgAdmin', { q: `  ${short}  ` })).toEqual([]);
    expect(await search({ t, cast }, 'orgAdmin', {})).toEqual([]);
    expect(titlesOf(await search({ t, cast }, 'orgAdmin', { q: `  ${WORD}  `, types: 'projects' }))).toEqual({
      projects: ['Zephyr roadmap'],
    });
  });

  test('take % and _ literally', async ({ t, cast }) => {
    expect(await search({ t, cast }, 'admin', { q: '%%%' })).toEqual([]);
    expect(await search({ t, cast }, 'admin', { q: '___' })).toEqual([]);
  });
});

describe('bad input: 400, never 500', () => {
  const cases: [string, SearchEverythingQuery, string][] = [
    ['a term over the limit', { q: 'z'.repeat(MAX_SEARCH_LENGTH + 1) }, tooLongMessage(MAX_SEARCH_LENGTH)],
    ['a NUL in the term', { q: 'zep\u0000hyr' }, UI_TEXT.nulCharacter],
    ['a NUL in the kinds', { q: WORD, types: 'tasks\u0000' }, UI_TEXT.nulCharacter],
    ['an unknown kind', { q: WORD, types: 'tasks,secrets' }, UI_TEXT.searchTypesInvalid],
    ['a huge kinds list', { q: WORD, types: 'tasks,'.repeat(5000) }, tooLongMessage(SEARCH_KINDS.join(',').length)],
  ];
  test.for(cases)('%s', async ([, query, message], { t, cast }) => {
    const response = await t.call(searchEndpoints.search, { query, token: cast.user.token });
    expect(response.status, response.response.body).toBe(400);
    expect(response.refusal.error).toBe(message);
  });

  test.for([0, 21, 'many'])('limit=%s', async (limit, { t, cast }) => {
    const response = await t.call(searchEndpoints.search, { query: { q: WORD, limit }, token: cast.user.token });
    expect(response.status, response.response.body).toBe(400);
  });

  test('q[a]=1&limit=0', async ({ t, cast }) => {
    // A bracketed key, as an outside client might send it.
    const response = await t.request({
      method: 'GET',
      url: `/api/search?q=${WORD}&q[a]=1&limit=0`,
      token: cast.user.token,
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});

describe('the statements of a search', () => {
  test('stay as many whatever the data holds', async ({ counting }) => {
    const make = factories(counting.app.database.db);
    const organization = await make.organization();
    const owner = await make.member(organization.id, { role: 'org_admin' });
    const advisor = await make.advisor([organization.id]);
    const searched = (token: string) => counting.queriesOfCall(token, searchEndpoints.search, { query: { q: WORD } });
    const before = {
      owner: (await searched(owner.token)).count,
      advisor: (await searched(advisor.token)).count,
    };
    const project = await make.project(organization.id, { title: 'Zephyr one', by: owner });
    const objective = await make.objective(project.id, { by: owner });
    for (let n = 0; n < 8; n += 1) {
      await make.task(objective.id, { title: `Zephyr task ${n}`, assignedTo: advisor.id, by: owner });
      await insertTicket(counting.app.database.db, organization.id, owner.id, { title: `Zephyr ticket ${n}` });
    }
    await make.member(organization.id, { firstName: 'Zephyr' });
    const after = await searched(owner.token);
    expect(after.data.groups.map((group: SearchGroup) => group.results.length)).toEqual([1, 5, 5, 1]);
    expect(after.count).toBe(before.owner);
    expect((await searched(advisor.token)).count).toBe(before.advisor);
  }, 120_000);
});
