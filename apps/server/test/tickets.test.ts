import {
  type CreateTicketBody,
  fileEndpoints,
  queryStringOf,
  type TicketDetail,
  type TicketListQuery,
  type TicketStatus,
  ticketEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { describe, expect } from 'vitest';
import type { TicketRow } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, type Cast, type Statuses } from './helpers/authz-matrix.js';
import type { Factories } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { sendUpload, TINY_PNG } from './helpers/multipart.js';
import { insertTicket, type TicketOptions } from './helpers/tickets.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A ticket of the cast's organization raised by its user. */
const ticketIn = (t: TestApp, people: Cast, options: TicketOptions = {}) =>
  insertTicket(t.database.db, people.organization.id, people.user.id, options);

async function readTicketIn(t: TestApp, id: string, token: string): Promise<TicketDetail> {
  const response = await t.call(ticketEndpoints.get, { params: { id }, token });
  expect(response.status, response.response.body).toBe(200);
  return response.data;
}

/** An upload of the session's, as a ticket attachment names it. */
async function uploadedIn(t: TestApp, token: string) {
  const response = await sendUpload(
    t,
    [{ field: 'file', filename: 'screen.png', content: TINY_PNG, type: 'image/png' }],
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  const file = response.json().data;
  return {
    filename: file.fileName,
    originalName: file.originalName,
    mimeType: file.fileType,
    size: file.fileSize,
    url: file.fileUrl,
  };
}

/** An organization of its own with 23 tickets of every status, priority and category, for the list. */
async function listedOrganization(t: TestApp, make: Factories) {
  const organization = await make.organization();
  const owner = await make.member(organization.id, { role: 'org_admin' });
  const statuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
  const priorities = ['low', 'medium', 'high', 'urgent'] as const;
  for (let index = 0; index < 23; index += 1) {
    await insertTicket(t.database.db, organization.id, owner.id, {
      title: index === 7 ? 'Kerberos login loop' : `Ticket ${index}`,
      description: index === 11 ? 'The kerberos ticket expires' : 'Something else',
      status: statuses[index % 4],
      priority: priorities[index % 4],
      category: index % 2 === 0 ? 'technical' : 'billing',
      assignedTo: index % 3 === 0 ? owner.id : null,
    });
  }
  return { id: organization.id, token: owner.token, member: owner };
}

const test = apiTest({ demoData: false })
  .extend('colleague', { scope: 'file' }, ({ make, cast }) => make.member(cast.organization.id))
  .extend('ticketOf', { scope: 'file' }, ({ t }) => {
    return (people: Cast, options?: TicketOptions) => ticketIn(t, people, options);
  })
  .extend('readTicket', { scope: 'file' }, ({ t, cast }) => {
    return (id: string, token = cast.admin.token) => readTicketIn(t, id, token);
  })
  .extend('uploaded', { scope: 'file' }, ({ t }) => {
    return (token: string) => uploadedIn(t, token);
  })
  .extend('post', { scope: 'file' }, ({ t }) => {
    return (token: string | undefined, body: CreateTicketBody) =>
      t.call(ticketEndpoints.create, { body, ...(token && { token }) });
  })
  .extend('org', { scope: 'file' }, ({ t, make }) => listedOrganization(t, make))
  .extend('list', { scope: 'file' }, ({ t, org }) => async (query: TicketListQuery, token = org.token) => {
    const response = await t.call(ticketEndpoints.list, { query, token });
    expect(response.status, response.response.body).toBe(200);
    return response.body;
  });

/** Readers: the organization's members, its active advisors, admin. */
const READERS: Statuses = {
  admin: 200,
  orgAdmin: 200,
  user: 200,
  advisorAssigned: 200,
  advisorUnassigned: 404,
  otherOrgAdmin: 404,
  anonymous: 401,
};

authzMatrix('who may do what with a ticket', {
  test,
  arrange: (people, { t }) => ticketIn(t, people, { title: 'Printer on fire' }),
  routes: [
    {
      route: 'GET /api/tickets/:id',
      request: (ticket: TicketRow) => ({ method: 'GET', url: `/api/tickets/${ticket.id}` }),
      statuses: READERS,
    },
    {
      route: 'PUT /api/tickets/:id',
      request: (ticket) => ({ method: 'PUT', url: `/api/tickets/${ticket.id}`, payload: { title: 'Renamed' } }),
      statuses: READERS,
    },
    {
      route: 'PATCH /api/tickets/:id/status',
      request: (ticket) => ({
        method: 'PATCH',
        url: `/api/tickets/${ticket.id}/status`,
        payload: { status: 'resolved' },
      }),
      statuses: READERS,
    },
    {
      route: 'PATCH /api/tickets/:id/assign',
      request: (ticket, people) => ({
        method: 'PATCH',
        url: `/api/tickets/${ticket.id}/assign`,
        payload: { assignedTo: people.advisorAssigned.id },
      }),
      statuses: { ...READERS, user: 403 },
    },
    {
      route: 'DELETE /api/tickets/:id',
      request: (ticket) => ({ method: 'DELETE', url: `/api/tickets/${ticket.id}` }),
      statuses: { ...READERS, advisorAssigned: 403 },
    },
    {
      route: 'POST /api/tickets/:id/comments',
      request: (ticket) => ({
        method: 'POST',
        url: `/api/tickets/${ticket.id}/comments`,
        payload: { text: 'Any news?' },
      }),
      statuses: { ...READERS, admin: 201, orgAdmin: 201, user: 201, advisorAssigned: 201 },
    },
  ],
  errors: { 404: UI_TEXT.ticketNotFound, 403: UI_TEXT.forbidden },
  async unchanged(ticket, cast, { t }) {
    expect(await readTicketIn(t, ticket.id, cast.admin.token)).toMatchObject({
      title: 'Printer on fire',
      status: 'open',
      assignedTo: null,
    });
  },
});

describe('another member of the organization', () => {
  test('reads and comments, but may not edit, change the status, assign or delete (403)', async ({
    t,
    cast,
    colleague,
    ticketOf,
    readTicket,
  }) => {
    const ticket = await ticketOf(cast);
    const as = { token: colleague.token };
    const params = { id: ticket.id };
    expect((await t.call(ticketEndpoints.get, { ...as, params })).status).toBe(200);
    const refused = await Promise.all([
      t.call(ticketEndpoints.update, { ...as, params, body: { title: 'Mine now' } }),
      t.call(ticketEndpoints.setStatus, { ...as, params, body: { status: 'closed' } }),
      t.call(ticketEndpoints.assign, { ...as, params, body: { assignedTo: colleague.id } }),
      t.call(ticketEndpoints.remove, { ...as, params }),
    ]);
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403]);
    const detail = await readTicket(ticket.id, colleague.token);
    expect(detail.permissions).toEqual({ canEdit: false, canAssign: false, canChangeStatus: false, canDelete: false });
  });

  test('the assignee may change the status, and its permissions say so', async ({
    t,
    cast,
    colleague,
    ticketOf,
    readTicket,
  }) => {
    const ticket = await ticketOf(cast, { assignedTo: colleague.id });
    expect((await readTicket(ticket.id, colleague.token)).permissions.canChangeStatus).toBe(true);
    const response = await t.call(ticketEndpoints.setStatus, {
      token: colleague.token,
      params: { id: ticket.id },
      body: { status: 'in_progress' },
    });
    expect(response.status, response.response.body).toBe(200);
  });

  test('the creator may delete only while the ticket is open', async ({ t, cast, ticketOf }) => {
    const ticket = await ticketOf(cast, { status: 'in_progress' });
    const response = await t.call(ticketEndpoints.remove, { params: { id: ticket.id }, token: cast.user.token });
    expect(response.status).toBe(403);
  });
});

describe('POST /api/tickets', () => {
  test('a member raises one in its organization, with the defaults, trimmed, and its first history entry', async ({
    cast,
    post,
  }) => {
    const response = await post(cast.user.token, { title: '  VPN down ', description: ' Since 9am. ' });
    expect(response.status, response.response.body).toBe(201);
    const ticket: TicketDetail = response.data;
    expect(ticket).toMatchObject({
      _id: ticket.id,
      title: 'VPN down',
      description: 'Since 9am.',
      status: 'open',
      priority: 'medium',
      category: 'general',
      organizationId: cast.organization.id,
      organizationName: cast.organization.name,
      createdBy: { id: cast.user.id },
      assignedTo: null,
      resolvedAt: null,
      closedAt: null,
      commentCount: 0,
      attachmentCount: 0,
    });
    expect(ticket.history).toMatchObject([{ kind: 'created', to: 'VPN down', actor: { id: cast.user.id } }]);
  });

  test('an advisor raises one for an organization it is assigned to, not for another (404) or none (400)', async ({
    cast,
    post,
  }) => {
    const payload: CreateTicketBody = {
      title: 'Audit',
      description: 'Quarterly audit request',
      priority: 'urgent',
      category: 'billing',
    };
    const ok = await post(cast.advisorAssigned.token, { ...payload, organizationId: cast.organization.id });
    expect(ok.status, ok.response.body).toBe(201);
    expect(ok.data).toMatchObject({ priority: 'urgent', category: 'billing' });
    const other = await post(cast.advisorAssigned.token, { ...payload, organizationId: cast.otherOrganization.id });
    expect(other.status).toBe(404);
    expect(other.refusal.error).toBe(UI_TEXT.organizationNotFound);
    expect(
      (await post(cast.advisorUnassigned.token, { ...payload, organizationId: cast.organization.id })).status,
    ).toBe(404);
    expect((await post(cast.advisorAssigned.token, payload)).status).toBe(400);
  });

  test('a member cannot raise one in another organization (404), and may name its own', async ({ cast, post }) => {
    const body = { title: 'Elsewhere', description: 'Try' };
    const response = await post(cast.user.token, { ...body, organizationId: cast.otherOrganization.id });
    expect(response.status).toBe(404);
    expect(response.refusal.error).toBe(UI_TEXT.organizationNotFound);
    const own = await post(cast.user.token, { ...body, organizationId: cast.organization.id });
    expect(own.status).toBe(201);
    expect(own.data.organizationId).toBe(cast.organization.id);
  });

  test('admins raise none (403 with the message); anonymous 401', async ({ cast, post }) => {
    const admin = await post(cast.admin.token, { title: 'Hi', description: 'There' });
    expect(admin.status).toBe(403);
    expect(admin.refusal.error).toBe(UI_TEXT.adminsRaiseNoTickets);
    expect((await post(undefined, { title: 'Hi', description: 'There' })).status).toBe(401);
  });

  test.for<[CreateTicketBody, string | undefined]>([
    [{ title: '   ', description: 'x' }, UI_TEXT.titleAndDescriptionRequired],
    [{ title: 'x', description: ' ' }, UI_TEXT.titleAndDescriptionRequired],
    [{ title: 'x'.repeat(201), description: 'x' }, undefined],
    [{ title: 'x', description: 'x'.repeat(10_001) }, undefined],
    [{ title: 'a\u0000b', description: 'x' }, undefined],
    [{ title: 'x', description: 'x', organizationId: 'nope' }, undefined],
  ])('400 for body #%#', async ([body, message], { cast, post }) => {
    const response = await post(cast.user.token, body);
    expect(response.status, response.response.body).toBe(400);
    if (message) expect(response.refusal.error).toBe(message);
  });

  // Bodies mistyped or missing, as an outside client might send them.
  test.for([
    [{}, UI_TEXT.titleAndDescriptionRequired],
    [{ title: 'x', description: 'x', priority: 'critical' }, undefined],
    [{ title: 'x', description: 'x', category: 'sales' }, undefined],
    [{ title: 5, description: 'x' }, UI_TEXT.titleAndDescriptionRequired],
  ] as [object, string | undefined][])('400 for mistyped body #%#', async ([payload, message], { t, cast }) => {
    const response = await t.request({ method: 'POST', url: '/api/tickets', payload, token: cast.user.token });
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json().error).toBe(message);
  });
});

describe('PUT, status and assign', () => {
  test('PUT changes the given fields only, each in the history, and moves updatedAt', async ({ t, cast, ticketOf }) => {
    const ticket = await ticketOf(cast, { priority: 'low' });
    const response = await t.call(ticketEndpoints.update, {
      params: { id: ticket.id },
      body: { title: 'Printer still on fire', priority: 'urgent', category: 'technical' },
      token: cast.user.token,
    });
    expect(response.status, response.response.body).toBe(200);
    const detail: TicketDetail = response.data;
    expect(detail).toMatchObject({ title: 'Printer still on fire', priority: 'urgent', category: 'technical' });
    expect(detail.description).toBe(ticket.description);
    expect(detail.history.map((entry) => [entry.kind, entry.from, entry.to])).toEqual([
      ['title', 'Printer on fire', 'Printer still on fire'],
      ['priority', 'low', 'urgent'],
      ['category', 'general', 'technical'],
    ]);
    expect(Date.parse(detail.updatedAt)).toBeGreaterThan(ticket.updatedAt.getTime());
  });

  test('status sets resolvedAt and closedAt, and reopening clears them', async ({ t, cast, ticketOf }) => {
    const ticket = await ticketOf(cast);
    const setStatus = async (status: TicketStatus) => {
      const response = await t.call(ticketEndpoints.setStatus, {
        params: { id: ticket.id },
        body: { status },
        token: cast.orgAdmin.token,
      });
      expect(response.status, response.response.body).toBe(200);
      return response.data as TicketDetail;
    };
    const resolved = await setStatus('resolved');
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.closedAt).toBeNull();
    const closed = await setStatus('closed');
    expect(closed.resolvedAt).toBe(resolved.resolvedAt);
    expect(closed.closedAt).not.toBeNull();
    expect(Date.parse(closed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(resolved.updatedAt));
    const reopened = await setStatus('open');
    expect([reopened.resolvedAt, reopened.closedAt]).toEqual([null, null]);
    expect(reopened.history.filter((entry) => entry.kind === 'status').map((entry) => entry.to)).toEqual([
      'resolved',
      'closed',
      'open',
    ]);
  });

  test('assigns to a member or an active advisor of the organization, never to someone else (400); null unassigns', async ({
    t,
    cast,
    colleague,
    ticketOf,
  }) => {
    const ticket = await ticketOf(cast);
    const assign = (assignedTo: string | null) =>
      t.call(ticketEndpoints.assign, { params: { id: ticket.id }, body: { assignedTo }, token: cast.orgAdmin.token });
    const toAdvisor = await assign(cast.advisorAssigned.id);
    expect(toAdvisor.status, toAdvisor.response.body).toBe(200);
    expect(toAdvisor.data.assignedTo).toMatchObject({ id: cast.advisorAssigned.id });
    expect((await assign(colleague.id)).status).toBe(200);
    for (const outsider of [cast.advisorUnassigned.id, cast.otherOrgAdmin.id, cast.admin.id, UNKNOWN_ID]) {
      const refused = await assign(outsider);
      expect(refused.status).toBe(400);
      expect(refused.refusal.error).toBe(UI_TEXT.ticketAssigneeNotAllowed);
    }
    const unassigned = await assign(null);
    expect(unassigned.data.assignedTo).toBeNull();
    expect(unassigned.data.history.filter((entry: { kind: string }) => entry.kind === 'assignee')).toHaveLength(3);
    const bad = await assign('me' as never);
    expect(bad.status).toBe(400);
    expect(bad.refusal.error).toBe(UI_TEXT.selectTicketAssignee);
  });

  test.for([
    ['PUT', '', { title: '' }],
    ['PUT', '', { status: 'pending' }],
    ['PUT', '', { description: 'x'.repeat(10_001) }],
    ['PATCH', '/status', {}],
    ['PATCH', '/status', { status: 'done' }],
    ['PATCH', '/assign', {}],
    ['POST', '/comments', { text: '   ' }],
    ['POST', '/comments', { text: 'a\u0000b' }],
    ['POST', '/attachments', { filename: '../etc/passwd' }],
  ] as const)('%s %s with %j: 400', async ([method, path, payload], { t, cast, ticketOf }) => {
    const ticket = await ticketOf(cast);
    // Bodies as an outside client might send them, most of them mistyped or missing a field.
    const response = await t.request({
      token: cast.orgAdmin.token,
      method,
      url: `/api/tickets/${ticket.id}${path}`,
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
  });

  test('a malformed or unknown id is 404', async ({ t, cast }) => {
    for (const id of ['nope', UNKNOWN_ID]) {
      const response = await t.call(ticketEndpoints.get, { params: { id }, token: cast.user.token });
      expect(response.status).toBe(404);
    }
  });
});

describe('comments and attachments', () => {
  test('a comment is kept with its author, counted, and in the history', async ({ t, cast, ticketOf, readTicket }) => {
    const ticket = await ticketOf(cast);
    const response = await t.call(ticketEndpoints.comment, {
      params: { id: ticket.id },
      body: { text: '  Looking into it  ' },
      token: cast.advisorAssigned.token,
    });
    expect(response.status, response.response.body).toBe(201);
    expect(response.data).toMatchObject({ text: 'Looking into it', createdBy: { id: cast.advisorAssigned.id } });
    const detail = await readTicket(ticket.id);
    expect(detail.commentCount).toBe(1);
    expect(detail.comments).toHaveLength(1);
    expect(detail.history.at(-1)).toMatchObject({ kind: 'comment', actor: { id: cast.advisorAssigned.id } });
  });

  test("attaches the caller's own upload once; someone else's, an unknown key or a second time is 400", async ({
    t,
    cast,
    colleague,
    ticketOf,
    readTicket,
    uploaded,
  }) => {
    const ticket = await ticketOf(cast);
    const mine = await uploaded(cast.user.token);
    const theirs = await uploaded(colleague.token);
    const attach = (body: typeof mine) =>
      t.call(ticketEndpoints.attach, { params: { id: ticket.id }, body, as: cast.user });
    const added = await attach(mine);
    expect(added.status, added.response.body).toBe(201);
    expect(added.data).toMatchObject({
      filename: mine.filename,
      originalName: 'screen.png',
      permissions: { canRemove: true },
    });
    for (const refused of [
      await attach(mine),
      await attach(theirs),
      await attach({ ...mine, filename: `${UNKNOWN_ID}.png` }),
    ]) {
      expect(refused.status).toBe(400);
      expect(refused.refusal.error).toBe(UI_TEXT.ticketFileNotYours);
    }
    const detail = await readTicket(ticket.id);
    expect(detail.attachmentCount).toBe(1);
    expect(detail.attachments).toMatchObject([{ filename: mine.filename }]);
    expect(detail.history.at(-1)).toMatchObject({ kind: 'attachment_added', to: 'screen.png' });
    // Now the ticket's: the plain by-key URL no longer serves it, a signed link does for its readers.
    const info = await t.call(fileEndpoints.info, { params: { key: mine.filename }, token: cast.otherOrgAdmin.token });
    expect(info.status).toBe(404);
  });

  test('removing: the uploader and editors; another member 403; the bytes go when the ticket is deleted', async ({
    t,
    cast,
    colleague,
    ticketOf,
    readTicket,
    uploaded,
  }) => {
    const ticket = await ticketOf(cast);
    const file = await uploaded(cast.user.token);
    const added = await t.call(ticketEndpoints.attach, {
      params: { id: ticket.id },
      body: file,
      token: cast.user.token,
    });
    const attachmentId = added.data.id;
    const remove = (token: string) =>
      t.call(ticketEndpoints.detach, { params: { id: ticket.id, attachmentId }, token });
    expect((await remove(colleague.token)).status).toBe(403);
    expect((await remove(cast.otherOrgAdmin.token)).status).toBe(404);
    expect((await remove(cast.orgAdmin.token)).status).toBe(200);
    expect((await readTicket(ticket.id)).history.at(-1)).toMatchObject({
      kind: 'attachment_removed',
      from: 'screen.png',
    });
  });
});

describe('GET /api/tickets', () => {
  test('pages of 10, newest first, with the pagination; the last page partial; past the end empty', async ({
    list,
  }) => {
    const first = await list({});
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 23, pages: 3 });
    expect(first.data[0]?.title).toBe('Ticket 22');
    expect((await list({ page: 3 })).data.map((ticket) => ticket.title)).toEqual(['Ticket 2', 'Ticket 1', 'Ticket 0']);
    expect((await list({ page: 4 })).data).toEqual([]);
    expect((await list({ limit: 100 })).data).toHaveLength(23);
    const pages = [
      (await list({ page: 1, limit: 7 })).data,
      (await list({ page: 2, limit: 7 })).data,
      (await list({ page: 3, limit: 7 })).data,
      (await list({ page: 4, limit: 7 })).data,
    ];
    expect(new Set(pages.flat().map((ticket) => ticket.id)).size).toBe(23);
  });

  test('filters by status, priority, category and assignee; searches title and description', async ({ org, list }) => {
    expect((await list({ status: 'open' })).pagination.total).toBe(6);
    expect((await list({ priority: 'urgent', status: 'closed' })).pagination.total).toBe(5);
    expect((await list({ category: 'billing' })).pagination.total).toBe(11);
    expect((await list({ assignedTo: 'me' })).pagination.total).toBe(8);
    expect((await list({ assignedTo: 'unassigned' })).pagination.total).toBe(15);
    expect((await list({ assignedTo: org.member.id })).pagination.total).toBe(8);
    const found = await list({ search: 'KERBEROS' });
    expect(found.data.map((ticket) => ticket.title).sort()).toEqual(['Kerberos login loop', 'Ticket 11']);
    expect((await list({ search: '%' })).pagination.total).toBe(0);
  });

  test('sorts by priority (urgent first) and updatedAt', async ({ list }) => {
    const byPriority = await list({ sort: 'priority', limit: 100 });
    expect(byPriority.data[0]?.priority).toBe('urgent');
    expect(byPriority.data.at(-1)?.priority).toBe('low');
    expect((await list({ sort: 'updatedAt' })).data).toHaveLength(10);
  });

  test('rows carry people, counts and permissions; other organizations see none of them', async ({
    cast,
    org,
    list,
  }) => {
    const [row] = (await list({ limit: 1 })).data;
    expect(row).toMatchObject({ createdBy: { id: org.member.id }, commentCount: 0, attachmentCount: 0 });
    expect(row?.permissions).toEqual({ canEdit: true, canAssign: true, canChangeStatus: true, canDelete: true });
    const other = await list({ limit: 100 }, cast.otherOrgAdmin.token);
    expect(other.data.some((ticket) => ticket.organizationId === org.id)).toBe(false);
    expect((await list({ organizationId: org.id }, cast.admin.token)).pagination.total).toBe(23);
  });

  test('an advisor lists its assigned organizations only', async ({ cast, list }) => {
    const mine = await list({ limit: 100 }, cast.advisorAssigned.token);
    expect(mine.data.every((ticket) => ticket.organizationId === cast.organization.id)).toBe(true);
    expect((await list({}, cast.advisorUnassigned.token)).pagination.total).toBe(0);
  });

  const badQueries: TicketListQuery[] = [
    { page: 0 },
    { limit: 101 },
    { limit: 0 },
    { assignedTo: 'someone' },
    { search: 'x'.repeat(300) },
    { search: 'a\u0000b' },
    { organizationId: 'nope' },
  ];
  test.for(badQueries.map((query) => [queryStringOf(query).slice(1), query] as const))(
    'GET /api/tickets?%s: 400',
    async ([, query], { t, org }) => {
      const response = await t.call(ticketEndpoints.list, { query, token: org.token });
      expect(response.status, response.response.body).toBe(400);
    },
  );

  // Values none of the filters has, as an outside client might send them.
  test.for(['page=abc', 'status=pending', 'priority=critical', 'category=sales', 'sort=popularity'])(
    'GET /api/tickets?%s: 400',
    async (query, { t, org }) => {
      const response = await t.request({ token: org.token, method: 'GET', url: `/api/tickets?${query}` });
      expect(response.statusCode, response.body).toBe(400);
    },
  );

  test('anonymous: 401', async ({ t }) => {
    expect((await t.call(ticketEndpoints.list, {})).status).toBe(401);
    expect((await t.call(ticketEndpoints.stats, {})).status).toBe(401);
  });

  test("stats count the caller's scope by status, priority and category", async ({ t, cast, org }) => {
    const response = await t.call(ticketEndpoints.stats, { token: org.token });
    expect(response.status, response.response.body).toBe(200);
    expect(response.data).toEqual({
      total: 23,
      byStatus: { open: 6, in_progress: 6, waiting: 0, resolved: 6, closed: 5 },
      byPriority: { low: 6, medium: 6, high: 6, urgent: 5 },
      byCategory: { general: 0, technical: 12, billing: 11, feature_request: 0, bug_report: 0 },
    });
    const unassigned = await t.call(ticketEndpoints.stats, { token: cast.advisorUnassigned.token });
    expect(unassigned.data.total).toBe(0);
  });
});
