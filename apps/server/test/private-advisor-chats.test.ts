import { ADVISOR_CONVERSATION_TITLE, type Conversation, UI_TEXT } from '@smart/contracts';
import { describe, expect } from 'vitest';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, type Cast, type Statuses } from './helpers/authz-matrix.js';
import { apiTest } from './helpers/fixture.js';
import { getData, messageTexts, sendMessage } from './helpers/messenger.js';

/**
 * 'Chat with your advisor': a member's private chat with its advisor holds only the two
 * of them; the organization-wide advisor chat (Messenger's ?org=) stays what it was.
 */

const PRIVATE = '/api/conversations/advisors/private';

/** The cast's user's private chat with the cast's assigned advisor. */
const privateChatOf = (t: TestApp, people: Cast) =>
  getData<Conversation>(t, people.user, `${PRIVATE}?advisorId=${people.advisorAssigned.id}`);

const test = apiTest({ demoData: false }).extend('request', { scope: 'file' }, ({ t }) => {
  return (by: { token: string }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request({ token: by.token, method, url, ...(payload && { payload }) });
});

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
  test('holds only the member and the advisor, made once however many ask at once', async ({ t, make, request }) => {
    const organization = await make.organization();
    const [member, colleague] = await Promise.all([make.member(organization.id), make.member(organization.id)]);
    const advisor = await make.advisor([organization.id]);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => request(member, 'GET', `${PRIVATE}?advisorId=${advisor.id}`)),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(new Set(responses.map((response) => response.json().data.id)).size).toBe(1);
    const chat = responses[0]?.json().data as Conversation;
    expect(chat).toMatchObject({ type: 'direct', advisorId: advisor.id, participantCount: 2 });
    expect(chat.participants.map((person) => person.id).sort()).toEqual([member.id, advisor.id].sort());
    // The member sees the advisor's name; the advisor the member's, with the organization.
    expect(chat.title).toBe(`${advisor.firstName} ${advisor.lastName}`);
    expect(chat.permissions).toMatchObject({ canEdit: false, canManageParticipants: false });
    const seenByAdvisor = await getData<Conversation>(t, advisor, `/api/conversations/${chat.id}`);
    expect(seenByAdvisor).toMatchObject({
      title: `${member.firstName} ${member.lastName}`,
      organizationName: organization.name,
    });

    // A colleague's private chat with the same advisor is another one; the colleague cannot read the first.
    const theirs = await getData<Conversation>(t, colleague, PRIVATE);
    expect(theirs.id).not.toBe(chat.id);
    expect((await request(colleague, 'GET', `/api/conversations/${chat.id}`)).statusCode).toBe(404);
    const colleagueList = await getData<Conversation[]>(t, colleague, '/api/conversations');
    expect(colleagueList.map((one) => one.id)).not.toContain(chat.id);

    // The organization-wide advisor chat (?org=) is still the one with everyone, and a different one.
    const wide = await getData<Conversation>(
      t,
      advisor,
      `/api/conversations/advisors/conversation?organizationId=${organization.id}`,
    );
    expect(wide).toMatchObject({ type: 'ticket', title: ADVISOR_CONVERSATION_TITLE, participantCount: 3 });
    const inbox = await getData<Conversation[]>(t, advisor, '/api/conversations/advisors/conversations');
    expect(inbox.map((one) => one.id).sort()).toEqual([chat.id, theirs.id, wide.id].sort());
  });

  test('an advisor no longer assigned, and a member moved to another organization, lose it', async ({
    t,
    make,
    cast,
    request,
  }) => {
    const organization = await make.organization();
    const [member, stayer] = await Promise.all([make.member(organization.id), make.member(organization.id)]);
    const advisor = await make.advisor([organization.id]);
    const moved = await getData<Conversation>(t, member, `${PRIVATE}?advisorId=${advisor.id}`);
    const kept = await getData<Conversation>(t, stayer, `${PRIVATE}?advisorId=${advisor.id}`);
    await sendMessage(t, member, moved.id, 'Just between us');

    const move = await request(cast.admin, 'PUT', `/api/users/${member.id}/organization`, {
      organizationId: cast.otherOrganization.id,
    });
    expect(move.statusCode, move.body).toBe(200);
    for (const url of [`/api/conversations/${moved.id}`, `/api/messages/conversations/${moved.id}`]) {
      expect((await request(member, 'GET', url)).statusCode, url).toBe(404);
    }
    // The advisor keeps the chat and its messages; the member who left is no longer listed in it.
    expect(await messageTexts(t, advisor, moved.id)).toEqual(['Just between us']);
    expect((await getData<Conversation>(t, advisor, `/api/conversations/${moved.id}`)).participantCount).toBe(1);

    const removal = await request(cast.admin, 'DELETE', `/api/organizations/${organization.id}/advisors/${advisor.id}`);
    expect(removal.statusCode, removal.body).toBe(200);
    for (const chat of [moved, kept]) {
      expect((await request(advisor, 'GET', `/api/conversations/${chat.id}`)).statusCode).toBe(404);
    }
    const sent = await request(advisor, 'POST', '/api/messages', { conversationId: kept.id, content: 'Still here?' });
    expect(sent.statusCode).toBe(404);
    // The member no longer has an advisor to open one with.
    const none = await request(stayer, 'GET', PRIVATE);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(UI_TEXT.noAdvisorAssigned);
  });

  test('an advisor of another organization, or junk, is refused', async ({ make, cast, request }) => {
    const elsewhere = await make.advisor([cast.otherOrganization.id]);
    const other = await request(cast.user, 'GET', `${PRIVATE}?advisorId=${elsewhere.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe(UI_TEXT.advisorNotFound);
    for (const junk of ['x', '%00', 'a'.repeat(5000)]) {
      expect((await request(cast.user, 'GET', `${PRIVATE}?advisorId=${junk}`)).statusCode, junk).toBe(400);
    }
  });
});
