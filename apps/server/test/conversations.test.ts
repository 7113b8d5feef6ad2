import {
  ADVISOR_CONVERSATION_TITLE,
  advisorEndpoints,
  type Conversation,
  conversationEndpoints,
  MAX_CONVERSATION_TITLE_LENGTH,
  messageEndpoints,
  UI_TEXT,
  type UpdateConversationBody,
} from '@smart/contracts';
import { describe, expect } from 'vitest';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, type Cast, type Statuses } from './helpers/authz-matrix.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { createConversation, sendMessage } from './helpers/messenger.js';

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
    arrange,
  }) => {
    const conversation = await arrange(cast);
    const params = { id: conversation.id };
    const { token } = outsider;
    const calls: [string, () => Promise<{ status: number }>][] = [
      ['read it', () => t.call(conversationEndpoints.get, { params, token })],
      ['rename it', () => t.call(conversationEndpoints.update, { params, token, body: { title: 'Mine now' } })],
      ['read its messages', () => t.call(messageEndpoints.list, { params, token })],
      [
        'write in it',
        () => t.call(messageEndpoints.send, { token, body: { conversationId: conversation.id, content: 'Let me in' } }),
      ],
      ['mark it read', () => t.call(messageEndpoints.markRead, { params, token })],
    ];
    for (const [name, call] of calls) expect((await call()).status, name).toBe(404);
    const listed = (await t.call(conversationEndpoints.list, { token: outsider.token })).data;
    expect(listed.map((one) => one.id)).not.toContain(conversation.id);
  });

  test('creates with the caller and the named people; anyone not of the organization is a 400', async ({
    t,
    cast,
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
      const response = await t.call(conversationEndpoints.create, {
        token: cast.user.token,
        body: {
          title: 'Sneaky',
          participantIds: [stranger],
        },
      });
      expect(response.status).toBe(400);
      expect(response.refusal.error).toBe(UI_TEXT.participantNotAllowed);
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
    // Mistyped bodies and a malformed id, as an outside client might send them.
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

  test('an advisor starts one in an organization it is assigned to, and nowhere else', async ({ t, cast }) => {
    const created = await createConversation(t, cast.advisorAssigned, [cast.user.id], {
      organizationId: cast.organization.id,
    });
    expect(created.organizationId).toBe(cast.organization.id);
    const refused = await t.call(conversationEndpoints.create, {
      token: cast.advisorUnassigned.token,
      body: {
        title: 'Hello',
        organizationId: cast.organization.id,
      },
    });
    expect(refused.status).toBe(404);
  });

  test('PUT: owners rename and manage people, advisors change status, the advisor and the caller stay', async ({
    t,
    make,
    cast,
    arrange,
  }) => {
    const conversation = await arrange(cast);
    const params = { id: conversation.id };
    const put = (by: Member, body: UpdateConversationBody) =>
      t.call(conversationEndpoints.update, { params, token: by.token, body });
    const read = (by: Member) => t.call(conversationEndpoints.get, { params, token: by.token });
    const status = await put(cast.advisorAssigned, { status: 'resolved' });
    expect(status.status, status.response.body).toBe(200);
    expect(status.data.status).toBe('resolved');

    const newcomer = await make.member(cast.organization.id);
    const people = await put(cast.orgAdmin, { participantIds: [cast.user.id, cast.orgAdmin.id, newcomer.id] });
    expect(people.status, people.response.body).toBe(200);
    expect(people.data.participantCount).toBe(3);
    expect((await read(cast.advisorAssigned)).status).toBe(404);
    expect((await read(newcomer)).status).toBe(200);

    const byMember = await put(newcomer, { title: 'Mine' });
    expect(byMember.status).toBe(403);
    const leaving = await put(cast.orgAdmin, { participantIds: [cast.user.id] });
    expect(leaving.refusal.error).toBe(UI_TEXT.cannotRemoveYourself);
    const outsiderIn = await put(cast.orgAdmin, { participantIds: [cast.orgAdmin.id, cast.otherOrgAdmin.id] });
    expect(outsiderIn.status).toBe(400);
  });

  test('an advisor whose assignment ends no longer sees the conversation', async ({ t, make, cast }) => {
    const advisor = await make.advisor([cast.organization.id]);
    const conversation = await createConversation(t, cast.user, [advisor.id]);
    expect(
      (await t.call(conversationEndpoints.get, { params: { id: conversation.id }, token: advisor.token })).status,
    ).toBe(200);
    const ended = await t.call(advisorEndpoints.updateAssignment, {
      params: { orgId: cast.organization.id, advisorId: advisor.id },
      body: { isActive: false },
      token: cast.admin.token,
    });
    expect(ended.status, ended.response.body).toBe(200);
    expect(
      (await t.call(conversationEndpoints.get, { params: { id: conversation.id }, token: advisor.token })).status,
    ).toBe(404);
    expect((await t.call(conversationEndpoints.list, { token: advisor.token })).data).toEqual([]);
    const seenByUser = (
      await t.call(conversationEndpoints.get, { params: { id: conversation.id }, token: cast.user.token })
    ).data;
    expect(seenByUser.participantCount).toBe(1);
  });
});

describe('the conversations list', () => {
  test('most recent activity first, with the last message, participant count and unread counts', async ({
    t,
    make,
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
    const forBen = (await t.call(conversationEndpoints.list, { token: ben.token })).data;
    expect(forBen.map((one) => one.unreadCount)).toEqual([0, 0]);

    expect((await t.call(conversationEndpoints.unread, { token: ana.token })).data).toEqual({
      total: 3,
      conversations: 2,
    });
    const read = await t.call(messageEndpoints.markRead, { params: { id: newer.id }, token: ana.token });
    expect(read.data).toMatchObject({ conversationId: newer.id, unreadCount: 0 });
    expect((await t.call(conversationEndpoints.unread, { token: ana.token })).data).toEqual({
      total: 1,
      conversations: 1,
    });
    const after = (await t.call(conversationEndpoints.get, { params: { id: newer.id }, token: ana.token })).data;
    expect(after.unreadCount).toBe(0);

    const secondPage = await t.call(conversationEndpoints.list, { query: { page: 2, limit: 1 }, token: ana.token });
    expect(secondPage.data.map((one: Conversation) => one.id)).toEqual([newer.id]);
    const pastTheEnd = await t.call(conversationEndpoints.list, { query: { page: 9, limit: 1 }, token: ana.token });
    expect(pastTheEnd.body).toMatchObject({ data: [], pagination: { total: 2, pages: 2 } });
  });
});

describe('advisor chats', () => {
  test("a member sees its organization's active advisors only", async ({ t, cast }) => {
    const advisors = (await t.call(conversationEndpoints.availableAdvisors, { token: cast.user.token })).data;
    expect(advisors.map((advisor) => advisor.id)).toEqual([cast.advisorAssigned.id]);
    expect((await t.call(conversationEndpoints.availableAdvisors, { token: cast.advisorAssigned.token })).data).toEqual(
      [],
    );
  });

  test('20 parallel get-or-create calls from both sides make one conversation', async ({ t, make }) => {
    const organization = await make.organization();
    const [member, colleague] = await Promise.all([make.member(organization.id), make.member(organization.id)]);
    const advisor = await make.advisor([organization.id]);
    const calls = Array.from({ length: 20 }, (_, index) => {
      const [by, query] =
        index % 3 === 0
          ? [advisor, { organizationId: organization.id }]
          : [index % 3 === 1 ? member : colleague, { advisorId: advisor.id }];
      return t.call(conversationEndpoints.advisorConversation, { query, token: by.token });
    });
    const responses = await Promise.all(calls);
    for (const response of responses) expect(response.status, response.response.body).toBe(200);
    const ids = new Set(responses.map((response) => response.data.id));
    expect(ids.size).toBe(1);
    const chat = responses[0]?.data as Conversation;
    expect(chat).toMatchObject({ type: 'ticket', title: ADVISOR_CONVERSATION_TITLE, advisorId: advisor.id });
    expect(chat.participantCount).toBe(3);
  });

  test("the advisor's inbox holds its chats with every organization it is assigned to, labelled", async ({
    t,
    make,
    cast,
  }) => {
    const [first, second] = await Promise.all([make.organization(), make.organization()]);
    const advisor = await make.advisor([first.id, second.id]);
    for (const organization of [first, second]) {
      const chat = await t.call(conversationEndpoints.advisorConversation, {
        query: { organizationId: organization.id },
        token: advisor.token,
      });
      expect(chat.status, chat.response.body).toBe(200);
    }
    const inbox = (await t.call(conversationEndpoints.advisorConversations, { token: advisor.token })).data;
    expect(inbox.map((chat) => chat.organizationName).sort()).toEqual([first.name, second.name].sort());
    const unassigned = await t.call(conversationEndpoints.advisorConversation, {
      query: { organizationId: first.id },
      token: cast.advisorUnassigned.token,
    });
    expect(unassigned.status).toBe(404);
    const noOrganization = await t.call(conversationEndpoints.advisorConversation, { token: advisor.token });
    expect(noOrganization.status).toBe(400);
  });

  test('a member without an advisor, or naming someone else, gets 404; admins open none', async ({ t, make, cast }) => {
    const organization = await make.organization();
    const lonely = await make.member(organization.id);
    const none = await t.call(conversationEndpoints.advisorConversation, { token: lonely.token });
    expect(none.refusal.error).toBe(UI_TEXT.noAdvisorAssigned);
    const other = await t.call(conversationEndpoints.advisorConversation, {
      query: { advisorId: cast.advisorUnassigned.id },
      token: cast.user.token,
    });
    expect(other.status).toBe(404);
    expect((await t.call(conversationEndpoints.advisorConversation, { token: cast.admin.token })).status).toBe(403);
    expect(
      (await t.call(conversationEndpoints.advisorConversation, { query: { advisorId: 'x' }, token: cast.user.token }))
        .status,
    ).toBe(400);
  });

  test("the organization's general conversation is made once, with its members", async ({ t, make }) => {
    const organization = await make.organization();
    const members = await Promise.all([1, 2, 3].map(() => make.member(organization.id)));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        t.call(conversationEndpoints.general, { token: (members[index % 3] as Member).token }),
      ),
    );
    const ids = new Set(responses.map((response) => response.data?.id));
    expect(ids.size).toBe(1);
    const general = responses[0]?.data as Conversation;
    expect(general.type).toBe('general');
    expect(general.participants.map((person) => person.id).sort()).toEqual(members.map((member) => member.id).sort());
  });

  test('unauthenticated calls are 401', async ({ t }) => {
    const { list, unread, general, availableAdvisors, advisorConversation, advisorConversations } =
      conversationEndpoints;
    for (const endpoint of [list, unread, general, availableAdvisors, advisorConversation, advisorConversations]) {
      expect((await t.call(endpoint, {})).status, endpoint.path).toBe(401);
    }
  });
});
