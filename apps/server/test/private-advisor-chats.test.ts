import {
  ADVISOR_CONVERSATION_TITLE,
  advisorEndpoints,
  type Conversation,
  conversationEndpoints,
  messageEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { describe, expect } from 'vitest';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, type Cast, type Statuses } from './helpers/authz-matrix.js';
import { apiTest } from './helpers/fixture.js';
import { messageTexts, sendMessage } from './helpers/messenger.js';

/**
 * 'Chat with your advisor': a member's private chat with its advisor holds only the two
 * of them; the organization-wide advisor chat (Messenger's ?org=) stays what it was.
 */

const PRIVATE = '/api/conversations/advisors/private';

/** The cast's user's private chat with the cast's assigned advisor. */
const privateChatOf = async (t: TestApp, people: Cast) => {
  const query = { advisorId: people.advisorAssigned.id };
  return (await t.call(conversationEndpoints.privateAdvisorConversation, { query, token: people.user.token })).data;
};

const test = apiTest({ demoData: false });

/** The two of them 200; everyone else, the organization's org_admin too, 404. */
const THE_TWO = (ok: number): Statuses => ({
  admin: 404,
  orgAdmin: 404,
  user: ok,
  advisorAssigned: ok,
  advisorUnassigned: 404,
  otherOrgAdmin: 404,
  anonymous: 401,
});

authzMatrix<Conversation>('who may read and write a private advisor chat', {
  test,
  arrange: (people, { t }) => privateChatOf(t, people),
  errors: { 404: UI_TEXT.conversationNotFound },
  routes: [
    {
      route: 'GET /api/conversations/:id',
      request: (chat) => ({ method: 'GET', url: `/api/conversations/${chat.id}` }),
      statuses: THE_TWO(200),
    },
    {
      route: 'GET /api/messages/conversations/:id',
      request: (chat) => ({ method: 'GET', url: `/api/messages/conversations/${chat.id}` }),
      statuses: THE_TWO(200),
    },
    {
      route: 'POST /api/messages',
      request: (chat) => ({
        method: 'POST',
        url: '/api/messages',
        payload: { conversationId: chat.id, content: 'Hi' },
      }),
      statuses: THE_TWO(201),
    },
    {
      route: 'PUT /api/conversations/:id (participants)',
      request: (chat, cast) => ({
        method: 'PUT',
        url: `/api/conversations/${chat.id}`,
        payload: { participantIds: [cast.user.id, cast.advisorAssigned.id, cast.orgAdmin.id] },
      }),
      // Nobody brings a third person into a private chat, not even its two people.
      statuses: THE_TWO(403),
    },
  ],
});

authzMatrix<Conversation>('who may open a private advisor chat', {
  test,
  arrange: (people, { t }) => privateChatOf(t, people),
  routes: [
    {
      route: 'GET /api/conversations/advisors/private',
      request: (_chat, cast) => ({ method: 'GET', url: `${PRIVATE}?advisorId=${cast.advisorAssigned.id}` }),
      // Members of the advisor's organization open their own; admins and advisors open none; an
      // advisor not assigned to the caller's organization is not found.
      statuses: {
        admin: 403,
        orgAdmin: 200,
        user: 200,
        advisorAssigned: 403,
        advisorUnassigned: 403,
        otherOrgAdmin: 404,
        anonymous: 401,
      },
    },
  ],
});

describe('private advisor chats', () => {
  test('holds only the member and the advisor, made once however many ask at once', async ({ t, make }) => {
    const organization = await make.organization();
    const [member, colleague] = await Promise.all([make.member(organization.id), make.member(organization.id)]);
    const advisor = await make.advisor([organization.id]);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.call(conversationEndpoints.privateAdvisorConversation, {
          query: { advisorId: advisor.id },
          token: member.token,
        }),
      ),
    );
    for (const response of responses) expect(response.status, response.response.body).toBe(200);
    expect(new Set(responses.map((response) => response.data.id)).size).toBe(1);
    const chat = responses[0]?.data as Conversation;
    expect(chat).toMatchObject({ type: 'direct', advisorId: advisor.id, participantCount: 2 });
    expect(chat.participants.map((person) => person.id).sort()).toEqual([member.id, advisor.id].sort());
    // The member sees the advisor's name; the advisor the member's, with the organization.
    expect(chat.title).toBe(`${advisor.firstName} ${advisor.lastName}`);
    expect(chat.permissions).toMatchObject({ canEdit: false, canManageParticipants: false });
    const seenByAdvisor = (await t.call(conversationEndpoints.get, { params: { id: chat.id }, token: advisor.token }))
      .data;
    expect(seenByAdvisor).toMatchObject({
      title: `${member.firstName} ${member.lastName}`,
      organizationName: organization.name,
    });

    // A colleague's private chat with the same advisor is another one; the colleague cannot read the first.
    const theirs = (await t.call(conversationEndpoints.privateAdvisorConversation, { token: colleague.token })).data;
    expect(theirs.id).not.toBe(chat.id);
    expect((await t.call(conversationEndpoints.get, { params: { id: chat.id }, token: colleague.token })).status).toBe(
      404,
    );
    const colleagueList = (await t.call(conversationEndpoints.list, { token: colleague.token })).data;
    expect(colleagueList.map((one) => one.id)).not.toContain(chat.id);

    // The organization-wide advisor chat (?org=) is still the one with everyone, and a different one.
    const wide = (
      await t.call(conversationEndpoints.advisorConversation, {
        query: { organizationId: organization.id },
        token: advisor.token,
      })
    ).data;
    expect(wide).toMatchObject({ type: 'ticket', title: ADVISOR_CONVERSATION_TITLE, participantCount: 3 });
    const inbox = (await t.call(conversationEndpoints.advisorConversations, { token: advisor.token })).data;
    expect(inbox.map((one) => one.id).sort()).toEqual([chat.id, theirs.id, wide.id].sort());
  });

  test('an advisor no longer assigned, and a member moved to another organization, lose it', async ({
    t,
    make,
    cast,
  }) => {
    const organization = await make.organization();
    const [member, stayer] = await Promise.all([make.member(organization.id), make.member(organization.id)]);
    const advisor = await make.advisor([organization.id]);
    const moved = (
      await t.call(conversationEndpoints.privateAdvisorConversation, {
        query: { advisorId: advisor.id },
        token: member.token,
      })
    ).data;
    const kept = (
      await t.call(conversationEndpoints.privateAdvisorConversation, {
        query: { advisorId: advisor.id },
        token: stayer.token,
      })
    ).data;
    await sendMessage(t, member, moved.id, 'Just between us');

    const move = await t.call(userEndpoints.moveToOrganization, {
      params: { id: member.id },
      token: cast.admin.token,
      body: {
        organizationId: cast.otherOrganization.id,
      },
    });
    expect(move.status, move.response.body).toBe(200);
    const params = { id: moved.id };
    expect((await t.call(conversationEndpoints.get, { params, token: member.token })).status).toBe(404);
    expect((await t.call(messageEndpoints.list, { params, token: member.token })).status).toBe(404);
    // The advisor keeps the chat and its messages; the member who left is no longer listed in it.
    expect(await messageTexts(t, advisor, moved.id)).toEqual(['Just between us']);
    expect(
      (await t.call(conversationEndpoints.get, { params: { id: moved.id }, token: advisor.token })).data
        .participantCount,
    ).toBe(1);

    const removal = await t.call(advisorEndpoints.removeAssignment, {
      params: { orgId: organization.id, advisorId: advisor.id },
      token: cast.admin.token,
    });
    expect(removal.status, removal.response.body).toBe(200);
    for (const chat of [moved, kept]) {
      expect((await t.call(conversationEndpoints.get, { params: { id: chat.id }, token: advisor.token })).status).toBe(
        404,
      );
    }
    const sent = await t.call(messageEndpoints.send, {
      token: advisor.token,
      body: { conversationId: kept.id, content: 'Still here?' },
    });
    expect(sent.status).toBe(404);
    // The member no longer has an advisor to open one with.
    const none = await t.call(conversationEndpoints.privateAdvisorConversation, { token: stayer.token });
    expect(none.status).toBe(404);
    expect(none.refusal.error).toBe(UI_TEXT.noAdvisorAssigned);
  });

  test('an advisor of another organization, or junk, is refused', async ({ t, make, cast }) => {
    const elsewhere = await make.advisor([cast.otherOrganization.id]);
    const other = await t.call(conversationEndpoints.privateAdvisorConversation, {
      query: { advisorId: elsewhere.id },
      token: cast.user.token,
    });
    expect(other.status).toBe(404);
    expect(other.refusal.error).toBe(UI_TEXT.advisorNotFound);
    for (const junk of ['x', '\u0000', 'a'.repeat(5000)]) {
      expect(
        (
          await t.call(conversationEndpoints.privateAdvisorConversation, {
            query: { advisorId: junk },
            token: cast.user.token,
          })
        ).status,
        junk,
      ).toBe(400);
    }
  });
});
