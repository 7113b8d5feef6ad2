import {
  ADVISOR_CONVERSATION_TITLE,
  advisorEndpoints,
  type Conversation,
  conversationEndpoints,
  MAX_CONVERSATION_TITLE_LENGTH,
  UI_TEXT,
} from '@smart/contracts';
import { describe, expect } from 'vitest';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, type Cast, type Statuses } from './helpers/authz-matrix.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { createConversation, getData, sendMessage } from './helpers/messenger.js';

/** Conversations: participants read and write; everyone else gets 404. */

/** A conversation the user started with the org_admin and the assigned advisor. */
const conversationOf = (t: TestApp, people: Cast) =>
  createConversation(t, people.user, [people.orgAdmin.id, people.advisorAssigned.id]);

const test = apiTest({ demoData: false })
  .extend('outsider', { scope: 'file' }, ({ make, cast }) => make.member(cast.organization.id))
  .extend('request', { scope: 'file' }, ({ t }) => {
    return (by: { token: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.request({ token: by.token, method, url, ...(payload && { payload }) });
  })
  .extend('arrange', { scope: 'file' }, ({ t }) => {
    return (people: Cast) => conversationOf(t, people);
  });

/** Participants 200; the admin (not a participant), an unassigned advisor and another organization 404. */
const PARTICIPANTS = (ok: number): Statuses => ({
  admin: 404,
  orgAdmin: ok,
  user: ok,
  advisorAssigned: ok,
  advisorUnassigned: 404,
  otherOrgAdmin: 404,
  anonymous: 401,
});

authzMatrix<Conversation>('who may read and write a conversation', {
  test,
  arrange: (people, { t }) => conversationOf(t, people),
  errors: { 404: UI_TEXT.conversationNotFound },
  routes: [
    {
      route: 'GET /api/conversations/:id',
      request: (conversation) => ({ method: 'GET', url: `/api/conversations/${conversation.id}` }),
      statuses: PARTICIPANTS(200),
    },
    {
      route: 'PUT /api/conversations/:id (title)',
      request: (conversation) => ({
        method: 'PUT',
        url: `/api/conversations/${conversation.id}`,
        payload: { title: 'Renamed' },
      }),
      // Its creator and the org_admin; the advisor of a group conversation does not own it.
      statuses: { ...PARTICIPANTS(200), advisorAssigned: 403 },
    },
    {
      route: 'GET /api/messages/conversations/:id',
      request: (conversation) => ({ method: 'GET', url: `/api/messages/conversations/${conversation.id}` }),
      statuses: PARTICIPANTS(200),
    },
    {
      route: 'POST /api/messages',
      request: (conversation) => ({
        method: 'POST',
        url: '/api/messages',
        payload: { conversationId: conversation.id, content: 'Hello' },
      }),
      statuses: PARTICIPANTS(201),
    },
    {
      route: 'PUT /api/messages/conversations/:id/read',
      request: (conversation) => ({ method: 'PUT', url: `/api/messages/conversations/${conversation.id}/read` }),
      statuses: PARTICIPANTS(200),
    },
  ],
});

describe('conversations', () => {
  test('a non-participant of the same organization gets 404 everywhere and does not list it', async ({
    t,
    cast,
    outsider,
    request,
    arrange,
  }) => {
    const conversation = await arrange(cast);
    for (const [method, url, payload] of [
      ['GET', `/api/conversations/${conversation.id}`],
      ['PUT', `/api/conversations/${conversation.id}`, { title: 'Mine now' }],
      ['GET', `/api/messages/conversations/${conversation.id}`],
      ['POST', '/api/messages', { conversationId: conversation.id, content: 'Let me in' }],
      ['PUT', `/api/messages/conversations/${conversation.id}/read`],
    ] as const) {
      const response = await request(outsider, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const listed = await getData<Conversation[]>(t, outsider, '/api/conversations');
    expect(listed.map((one) => one.id)).not.toContain(conversation.id);
  });

  test('creates with the caller and the named people; anyone not of the organization is a 400', async ({
    cast,
    request,
    arrange,
  }) => {
    const created = await arrange(cast);
    expect(created).toMatchObject({
      title: 'Launch plans',
      type: 'group',
      status: 'open',
      organizationId: cast.organization.id,
      organizationName: cast.organization.name,
      participantCount: 3,
      lastMessage: null,
      unreadCount: 0,
      permissions: { canEdit: true, canChangeStatus: true, canManageParticipants: true },
    });
    expect(created.participants.map((person) => person.id).sort()).toEqual(
      [cast.user.id, cast.orgAdmin.id, cast.advisorAssigned.id].sort(),
    );
    for (const stranger of [cast.otherOrgAdmin.id, cast.advisorUnassigned.id, cast.admin.id, crypto.randomUUID()]) {
      const response = await request(cast.user, 'POST', '/api/conversations', {
        title: 'Sneaky',
        participantIds: [stranger],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(UI_TEXT.participantNotAllowed);
    }
  });

  test('bad bodies are 400, never 500', async ({ cast, request, arrange }) => {
    const bodies = [
      {},
      { title: '   ' },
      { title: 'Nul\u0000title' },
      { title: 'x'.repeat(MAX_CONVERSATION_TITLE_LENGTH + 1) },
      { title: 'Ids', participantIds: ['not-an-id'] },
      { title: 'Ids', participantIds: 'everyone' },
      { title: 'Org', organizationId: 42 },
      { title: 'Priority', priority: 'whenever' },
    ];
    for (const payload of bodies) {
      const response = await request(cast.user, 'POST', '/api/conversations', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const conversation = await arrange(cast);
    for (const payload of [{ status: 'archived' }, { title: '' }, { participantIds: [null] }]) {
      const response = await request(cast.user, 'PUT', `/api/conversations/${conversation.id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await request(cast.user, 'GET', '/api/conversations/not-a-uuid')).statusCode).toBe(404);
  });

  test('an advisor starts one in an organization it is assigned to, and nowhere else', async ({ t, cast, request }) => {
    const created = await createConversation(t, cast.advisorAssigned, [cast.user.id], {
      organizationId: cast.organization.id,
    });
    expect(created.organizationId).toBe(cast.organization.id);
    const refused = await request(cast.advisorUnassigned, 'POST', '/api/conversations', {
      title: 'Hello',
      organizationId: cast.organization.id,
    });
    expect(refused.statusCode).toBe(404);
  });

  test('PUT: owners rename and manage people, advisors change status, the advisor and the caller stay', async ({
    make,
    cast,
    request,
    arrange,
  }) => {
    const conversation = await arrange(cast);
    const url = `/api/conversations/${conversation.id}`;
    const status = await request(cast.advisorAssigned, 'PUT', url, { status: 'resolved' });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data.status).toBe('resolved');

    const newcomer = await make.member(cast.organization.id);
    const people = await request(cast.orgAdmin, 'PUT', url, {
      participantIds: [cast.user.id, cast.orgAdmin.id, newcomer.id],
    });
    expect(people.statusCode, people.body).toBe(200);
    expect(people.json().data.participantCount).toBe(3);
    expect((await request(cast.advisorAssigned, 'GET', url)).statusCode).toBe(404);
    expect((await request(newcomer, 'GET', url)).statusCode).toBe(200);

    const byMember = await request(newcomer, 'PUT', url, { title: 'Mine' });
    expect(byMember.statusCode).toBe(403);
    const leaving = await request(cast.orgAdmin, 'PUT', url, { participantIds: [cast.user.id] });
    expect(leaving.json().error).toBe(UI_TEXT.cannotRemoveYourself);
    const outsiderIn = await request(cast.orgAdmin, 'PUT', url, {
      participantIds: [cast.orgAdmin.id, cast.otherOrgAdmin.id],
    });
    expect(outsiderIn.statusCode).toBe(400);
  });

  test('an advisor whose assignment ends no longer sees the conversation', async ({ t, make, cast, request }) => {
    const advisor = await make.advisor([cast.organization.id]);
    const conversation = await createConversation(t, cast.user, [advisor.id]);
    expect((await request(advisor, 'GET', `/api/conversations/${conversation.id}`)).statusCode).toBe(200);
    const ended = await t.call(advisorEndpoints.updateAssignment, {
      params: { orgId: cast.organization.id, advisorId: advisor.id },
      body: { isActive: false },
      token: cast.admin.token,
    });
    expect(ended.status, ended.response.body).toBe(200);
    expect((await request(advisor, 'GET', `/api/conversations/${conversation.id}`)).statusCode).toBe(404);
    expect(await getData<Conversation[]>(t, advisor, '/api/conversations')).toEqual([]);
    const seenByUser = await getData<Conversation>(t, cast.user, `/api/conversations/${conversation.id}`);
    expect(seenByUser.participantCount).toBe(1);
  });
});

describe('the conversations list', () => {
  test('most recent activity first, with the last message, participant count and unread counts', async ({
    t,
    make,
    request,
  }) => {
    const organization = await make.organization();
    const [ana, ben, cy] = await Promise.all([1, 2, 3].map(() => make.member(organization.id)));
    if (!ana || !ben || !cy) throw new Error('members');
    const older = await createConversation(t, ana, [ben.id], { title: 'Older' });
    const newer = await createConversation(t, ana, [ben.id, cy.id], { title: 'Newer' });
    await sendMessage(t, ben, newer.id, 'First');
    await sendMessage(t, ben, newer.id, 'Second');
    await sendMessage(t, ben, older.id, 'Bump');

    const list = await t.call(conversationEndpoints.list, { token: ana.token });
    expect(list.body.pagination).toEqual({ page: 1, limit: 50, total: 2, pages: 1 });
    const [first, second] = list.data as Conversation[];
    expect(first).toMatchObject({ id: older.id, unreadCount: 1, participantCount: 2 });
    expect(first?.lastMessage).toMatchObject({ content: 'Bump', senderId: ben.id, messageType: 'text' });
    expect(second).toMatchObject({ id: newer.id, unreadCount: 2, participantCount: 3 });
    // The sender has read its own messages.
    const forBen = await getData<Conversation[]>(t, ben, '/api/conversations');
    expect(forBen.map((one) => one.unreadCount)).toEqual([0, 0]);

    expect(await getData(t, ana, '/api/conversations/unread')).toEqual({ total: 3, conversations: 2 });
    const read = await request(ana, 'PUT', `/api/messages/conversations/${newer.id}/read`);
    expect(read.json().data).toMatchObject({ conversationId: newer.id, unreadCount: 0 });
    expect(await getData(t, ana, '/api/conversations/unread')).toEqual({ total: 1, conversations: 1 });
    const after = await getData<Conversation>(t, ana, `/api/conversations/${newer.id}`);
    expect(after.unreadCount).toBe(0);

    const secondPage = await t.call(conversationEndpoints.list, { query: { page: 2, limit: 1 }, token: ana.token });
    expect(secondPage.data.map((one: Conversation) => one.id)).toEqual([newer.id]);
    const pastTheEnd = await t.call(conversationEndpoints.list, { query: { page: 9, limit: 1 }, token: ana.token });
    expect(pastTheEnd.body).toMatchObject({ data: [], pagination: { total: 2, pages: 2 } });
  });
});

describe('advisor chats', () => {
  test("a member sees its organization's active advisors only", async ({ t, cast }) => {
    const advisors = await getData<{ id: string }[]>(t, cast.user, '/api/conversations/advisors/available');
    expect(advisors.map((advisor) => advisor.id)).toEqual([cast.advisorAssigned.id]);
    expect(await getData(t, cast.advisorAssigned, '/api/conversations/advisors/available')).toEqual([]);
  });

  test('20 parallel get-or-create calls from both sides make one conversation', async ({ make, request }) => {
    const organization = await make.organization();
    const [member, colleague] = await Promise.all([make.member(organization.id), make.member(organization.id)]);
    const advisor = await make.advisor([organization.id]);
    const calls = Array.from({ length: 20 }, (_, index) => {
      const [by, url] =
        index % 3 === 0
          ? [advisor, `/api/conversations/advisors/conversation?organizationId=${organization.id}`]
          : [index % 3 === 1 ? member : colleague, `/api/conversations/advisors/conversation?advisorId=${advisor.id}`];
      return request(by, 'GET', url);
    });
    const responses = await Promise.all(calls);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const ids = new Set(responses.map((response) => response.json().data.id));
    expect(ids.size).toBe(1);
    const chat = responses[0]?.json().data as Conversation;
    expect(chat).toMatchObject({ type: 'ticket', title: ADVISOR_CONVERSATION_TITLE, advisorId: advisor.id });
    expect(chat.participantCount).toBe(3);
  });

  test("the advisor's inbox holds its chats with every organization it is assigned to, labelled", async ({
    t,
    make,
    cast,
    request,
  }) => {
    const [first, second] = await Promise.all([make.organization(), make.organization()]);
    const advisor = await make.advisor([first.id, second.id]);
    for (const organization of [first, second]) {
      await getData(t, advisor, `/api/conversations/advisors/conversation?organizationId=${organization.id}`);
    }
    const inbox = await getData<Conversation[]>(t, advisor, '/api/conversations/advisors/conversations');
    expect(inbox.map((chat) => chat.organizationName).sort()).toEqual([first.name, second.name].sort());
    const unassigned = await request(
      cast.advisorUnassigned,
      'GET',
      `/api/conversations/advisors/conversation?organizationId=${first.id}`,
    );
    expect(unassigned.statusCode).toBe(404);
    const noOrganization = await request(advisor, 'GET', '/api/conversations/advisors/conversation');
    expect(noOrganization.statusCode).toBe(400);
  });

  test('a member without an advisor, or naming someone else, gets 404; admins open none', async ({
    make,
    cast,
    request,
  }) => {
    const organization = await make.organization();
    const lonely = await make.member(organization.id);
    const none = await request(lonely, 'GET', '/api/conversations/advisors/conversation');
    expect(none.json().error).toBe(UI_TEXT.noAdvisorAssigned);
    const other = await request(
      cast.user,
      'GET',
      `/api/conversations/advisors/conversation?advisorId=${cast.advisorUnassigned.id}`,
    );
    expect(other.statusCode).toBe(404);
    expect((await request(cast.admin, 'GET', '/api/conversations/advisors/conversation')).statusCode).toBe(403);
    expect((await request(cast.user, 'GET', '/api/conversations/advisors/conversation?advisorId=x')).statusCode).toBe(
      400,
    );
  });

  test("the organization's general conversation is made once, with its members", async ({ make, request }) => {
    const organization = await make.organization();
    const members = await Promise.all([1, 2, 3].map(() => make.member(organization.id)));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        request(members[index % 3] as Member, 'GET', '/api/conversations/general'),
      ),
    );
    const ids = new Set(responses.map((response) => response.json().data?.id));
    expect(ids.size).toBe(1);
    const general = responses[0]?.json().data as Conversation;
    expect(general.type).toBe('general');
    expect(general.participants.map((person) => person.id).sort()).toEqual(members.map((member) => member.id).sort());
  });

  test('unauthenticated calls are 401', async ({ t }) => {
    for (const url of [
      '/api/conversations',
      '/api/conversations/unread',
      '/api/conversations/general',
      '/api/conversations/advisors/available',
      '/api/conversations/advisors/conversation',
      '/api/conversations/advisors/conversations',
    ]) {
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
