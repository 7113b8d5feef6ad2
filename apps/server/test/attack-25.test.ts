import {
  advisorEndpoints,
  conversationEndpoints,
  type EndpointInput,
  myWorkEndpoints,
  notificationEndpoints,
  type SearchGroup,
  schedulingEndpoints,
  searchEndpoints,
  taskEndpoints,
  ticketEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { conversations, users } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import { endAssignment } from './helpers/assignments.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { createConversation, sendMessage } from './helpers/messenger.js';
import { insertTemplate, insertTemplateDepartment } from './helpers/templates.js';
import { insertTicket } from './helpers/tickets.js';

/**
 * An attacker's pass over search, My work, private chats and the lists' filters: GET /api/search, GET /api/my-work(/platform),
 * GET /api/conversations/advisors/private, and the tickets list's and My Tasks' new parameters.
 * Each case is what a hostile or careless caller sends; none may leak another organization's
 * records, answer 500, or answer a 4xx in any shape but the error envelope. The files of each
 * route (search.test.ts, my-work.test.ts, …) hold the matrices; this one holds what they did not.
 */

const PRIVATE = '/api/conversations/advisors/private';
/** GET /api/conversations/advisors/private as `who`, with `advisorId` when given. */
const privateChat = (t: TestApp, who: Member, advisorId?: string) =>
  t.call(conversationEndpoints.privateAdvisorConversation, { query: { advisorId }, token: who.token });
/** The caller's day sent to My work, so "due soon" does not depend on the clock. */
const TODAY = '2031-03-10';
/** A ticket title holding LIKE's wildcards and its escape character, each to be found literally. */
const WILDCARD_TITLE = 'Plan 100% done_now C:\\temp';

/** The error envelope, and nothing else, with `status` (and `message` when given). */
function expectError(
  answer: LightMyRequestResponse | { response: LightMyRequestResponse },
  status: number,
  message?: string,
) {
  const response = 'response' in answer ? answer.response : answer;
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ success: false, error: expect.any(String), code: expect.any(String) });
  expect(Object.keys(body).filter((key) => !['success', 'error', 'code', 'details'].includes(key))).toEqual([]);
  if (message !== undefined) expect(body.error).toBe(message);
}

const test = apiTest({ demoData: false })
  // A URL as written, for what a typed call cannot send: repeated keys, bytes that are no UTF-8, unknown keys.
  .extend(
    'get',
    { scope: 'file' },
    ({ t }) =>
      (who: { token: string }, url: string) =>
        t.request({ token: who.token, method: 'GET', url }),
  )
  .extend('world', { scope: 'file' }, async ({ t, cast }) => {
    const db = t.database.db;
    const { organization, otherOrganization, user, otherOrgAdmin } = cast;
    const wildcard = await insertTicket(db, organization.id, user.id, { title: WILDCARD_TITLE });
    const plain = await insertTicket(db, organization.id, user.id, { title: 'Zephyr gadget' });
    const foreign = await insertTicket(db, otherOrganization.id, otherOrgAdmin.id, { title: 'Zephyr foreign' });
    return { wildcard, plain, foreign };
  });
// The cast and the tickets are made before the first test (a hook's time, not a test's).
test.beforeAll(async ({ world }) => {
  expect(world.wildcard.id).toBeTruthy();
}, 300_000);

/** GET /api/search as `who`: 200, and each kind's titles. */
async function found(t: TestApp, who: Member, query: EndpointInput<typeof searchEndpoints.search>['query']) {
  const response = await t.call(searchEndpoints.search, { query, token: who.token });
  expect(response.status, response.response.body).toBe(200);
  const groups: SearchGroup[] = response.data.groups;
  return Object.fromEntries(groups.map((group) => [group.kind, group.results.map((result) => result.title)]));
}

/** GET /api/tickets as `who`: 200, and the titles. */
async function ticketTitles(t: TestApp, who: Member, query: EndpointInput<typeof ticketEndpoints.list>['query']) {
  const response = await t.call(ticketEndpoints.list, { query: { limit: 100, ...query }, token: who.token });
  expect(response.status, response.response.body).toBe(200);
  return response.data.map((ticket) => ticket.title);
}

/** GET /api/my-work on TODAY as `who`: the counts of its tasks, tickets and conversations blocks. */
async function workTotals(t: TestApp, who: Member) {
  const work = (await t.call(myWorkEndpoints.mine, { query: { today: TODAY }, token: who.token })).data;
  return [work.tasks.total, work.tickets.total, work.conversations.total];
}

describe('LIKE wildcards in a term are text, not patterns', () => {
  test.for<[string, string[]]>([
    // Each found only where the text holds it literally.
    ['0% d', [WILDCARD_TITLE]],
    ['e_n', [WILDCARD_TITLE]],
    [':\\t', [WILDCARD_TITLE]],
    // As patterns these would match "done_now" and "Zephyr gadget"; as text nothing holds them.
    ['n_w', []],
    ['e%n', []],
    ['Z%t', []],
    ['%%%', []],
    ['\\\\\\', []],
  ])('GET /api/search?q=%s', async ([term, expected], { t, cast }) => {
    const result = await found(t, cast.orgAdmin, { q: term, types: 'tickets' });
    expect(result.tickets ?? []).toEqual(expected);
  });

  test.for<[string, string[]]>([
    ['%', [WILDCARD_TITLE]],
    ['_', [WILDCARD_TITLE]],
    ['\\', [WILDCARD_TITLE]],
    ['%_', []],
    ['n_w', []],
    ['Z%t', []],
  ])('GET /api/tickets?search=%s', async ([term, expected], { t, cast }) => {
    expect(await ticketTitles(t, cast.orgAdmin, { search: term })).toEqual(expected);
  });
});

describe('SQL-ish and junk terms are searched for as text', () => {
  const terms = [
    "' or 1=1 --",
    "zephyr') or true --",
    '"; drop table tickets; --',
    '$1 $2 ::uuid',
    '\u202eevil\u202c',
    '🙂🙂🙂',
    'ＺＥＰＨＹＲ',
    'a'.repeat(100),
  ];
  test.for(terms)('GET /api/search and /api/tickets with %s: 200, nothing foreign', async (term, { t, cast }) => {
    expect(await found(t, cast.orgAdmin, { q: term })).toEqual({});
    expect(await ticketTitles(t, cast.orgAdmin, { search: term })).toEqual([]);
  });

  // Bytes that are no UTF-8 (an overlong '/', an encoded surrogate, a lone continuation byte, a
  // cut sequence), a lone '%' and a '%' that starts no escape: whatever the parser makes of them,
  // a 200 or a 400 in the envelope, never a 500.
  const raw = ['%C0%AF%C0%AF%C0%AF', '%ED%A0%80abc', '%80%80%80', 'abc%F0%9F', '%', 'abc%zz', '%%%25'];
  test.for(raw)('GET /api/search?q=%s: no 500', async (junk, { get, cast }) => {
    for (const url of [`/api/search?q=${junk}`, `/api/tickets?search=${junk}`]) {
      const response = await get(cast.orgAdmin, url);
      if (response.statusCode !== 200) expectError(response, 400);
      else expect(response.json().success, url).toBe(true);
    }
  });
});

describe('repeated parameters and arrays where one value is expected: 400 in the envelope', () => {
  const cases = [
    '/api/search?q=zephyr&q=gadget',
    '/api/search?q=zephyr&limit=1&limit=2',
    '/api/tickets?sort=title&sort=status',
    '/api/tickets?order=asc&order=desc',
    '/api/tickets?page=1&page=2',
    '/api/tickets?limit=5&limit=6',
    '/api/tickets?search=a&search=b',
    '/api/tickets?assignedTo=me&assignedTo=unassigned',
    '/api/tickets?createdBy=me&createdBy=me',
    `/api/tickets?organizationId=${crypto.randomUUID()}&organizationId=${crypto.randomUUID()}`,
    '/api/tasks/my-tasks?sort=title&sort=dueDate',
    '/api/tasks/my-tasks?order=asc&order=desc',
    '/api/tasks/my-tasks?due=today&due=overdue',
    '/api/tasks/my-tasks?status=completed&status=in_progress',
    '/api/tasks/my-tasks?filter=created&filter=assigned',
    `/api/tasks/my-tasks?organizationId=${crypto.randomUUID()}&organizationId=${crypto.randomUUID()}`,
    `/api/my-work?today=${TODAY}&today=${TODAY}`,
    `${PRIVATE}?advisorId=${crypto.randomUUID()}&advisorId=${crypto.randomUUID()}`,
  ];
  test.for(cases)('%s', async (url, { get, cast }) => {
    expectError(await get(cast.user, url), 400);
  });
});

describe('numbers out of range', () => {
  test.for([
    '/api/search?q=zephyr&limit=-1',
    '/api/search?q=zephyr&limit=1.5',
    '/api/search?q=zephyr&limit=1e3',
    '/api/search?q=zephyr&limit=9007199254740993',
    '/api/search?q=zephyr&limit=',
    '/api/tickets?page=-1',
    '/api/tickets?page=0',
    '/api/tickets?page=1e300',
    '/api/tickets?page=Infinity',
    '/api/tickets?page=NaN',
    '/api/tickets?limit=-5',
    '/api/tickets?limit=100000',
  ])('%s: 400', async (url, { get, cast }) => {
    expectError(await get(cast.orgAdmin, url), 400);
  });

  const last = 9007199254740991;
  test.for<EndpointInput<typeof ticketEndpoints.list>['query']>([
    { page: last },
    { page: last, limit: 100 },
    { page: last, search: 'zephyr' },
    { page: last, sort: 'assignedTo', order: 'desc' },
  ])('GET /api/tickets?%o: an empty page past the end', async (query, { t, cast }) => {
    const response = await t.call(ticketEndpoints.list, { query, token: cast.orgAdmin.token });
    expect(response.status, response.response.body).toBe(200);
    expect(response.data).toEqual([]);
    expect(response.body.pagination.page).toBe(9007199254740991);
  });
});

describe('kinds a caller may not search', () => {
  test('are left out, not refused: a member asking for people, an advisor for projects', async ({ t, cast }) => {
    expect(await found(t, cast.user, { q: 'zephyr', types: 'people' })).toEqual({});
    expect(await found(t, cast.advisorAssigned, { q: 'zephyr', types: 'projects,people' })).toEqual({});
  });

  test.for(['TICKETS', 'tickets,', ',tickets', 'tickets,,people', '__proto__', 'constructor', 'tickets people'])(
    'types=%s: 400',
    async (types, { t, cast }) => {
      const response = await t.call(searchEndpoints.search, { query: { q: 'zephyr', types }, token: cast.user.token });
      expectError(response, 400, UI_TEXT.searchTypesInvalid);
    },
  );
});

describe('templates of an inactive department', () => {
  test('are found by the admins who can reactivate it, by nobody else', async ({ t, cast }) => {
    const department = await insertTemplateDepartment(t.database.db, { isActive: false });
    await insertTemplate(t.database.db, { departmentId: department.id, createdBy: null, name: 'Obsidian checklist' });
    for (const who of [cast.user, cast.orgAdmin, cast.advisorAssigned, cast.otherOrgAdmin]) {
      expect(await found(t, who, { q: 'obsidian' })).toEqual({});
    }
    expect(await found(t, cast.admin, { q: 'obsidian' })).toEqual({ templates: ['Obsidian checklist'] });
  });
});

describe("another organization's ids in the filters", () => {
  test("the tickets list: an admin's unknown organization is 404; an advisor's or member's foreign one shows nothing of it", async ({
    t,
    cast,
    world,
  }) => {
    const unknown = await t.call(ticketEndpoints.list, {
      query: { organizationId: crypto.randomUUID() },
      token: cast.admin.token,
    });
    expectError(unknown, 404, UI_TEXT.organizationNotFound);
    expect(await ticketTitles(t, cast.admin, { organizationId: cast.otherOrganization.id })).toEqual([
      world.foreign.title,
    ]);
    expect(await ticketTitles(t, cast.advisorUnassigned, { organizationId: cast.organization.id })).toEqual([]);
    expect(await ticketTitles(t, cast.advisorAssigned, { organizationId: cast.otherOrganization.id })).toEqual([]);
    expect(await ticketTitles(t, cast.otherOrgAdmin, { assignedTo: cast.user.id })).toEqual([]);
    expect(await ticketTitles(t, cast.otherOrgAdmin, { createdBy: cast.user.id, assignedTo: 'unassigned' })).toEqual(
      [],
    );
    expect(await ticketTitles(t, cast.otherOrgAdmin, { organizationId: cast.organization.id })).toEqual([
      world.foreign.title,
    ]);
  });

  test('My Tasks: a foreign organization lists nothing, whoever asks', async ({ t, cast }) => {
    for (const who of [cast.user, cast.orgAdmin, cast.advisorAssigned, cast.advisorUnassigned, cast.admin]) {
      const response = await t.call(taskEndpoints.mine, {
        query: { organizationId: cast.otherOrganization.id },
        token: who.token,
      });
      expect(response.status, response.response.body).toBe(200);
      expect(response.data).toEqual([]);
    }
  });

  test("a private chat with another organization's advisor, an admin, a colleague or oneself: 404", async ({
    t,
    make,
    cast,
  }) => {
    const elsewhere = await make.advisor([cast.otherOrganization.id]);
    for (const advisorId of [
      elsewhere.id,
      cast.advisorUnassigned.id,
      cast.admin.id,
      cast.orgAdmin.id,
      cast.user.id,
      crypto.randomUUID(),
    ]) {
      expectError(await privateChat(t, cast.user, advisorId), 404, UI_TEXT.advisorNotFound);
    }
  });
});

describe('My work', () => {
  test.for(['0000-01-01', '0000-02-29'])(
    'today=%s (a day PostgreSQL has not): 400 in the envelope',
    async (today, { t, cast }) => {
      const response = await t.call(myWorkEndpoints.mine, { query: { today }, token: cast.user.token });
      expectError(response, 400, UI_TEXT.dateInvalid);
    },
  );

  test('the first and last days there are: 200', async ({ t, cast }) => {
    for (const today of ['0001-01-01', '9999-12-31']) {
      const response = await t.call(myWorkEndpoints.mine, { query: { today }, token: cast.user.token });
      expect(response.status, `${today}: ${response.response.body}`).toBe(200);
    }
  });

  test('the platform figures refuse everyone but admin in the envelope, whatever the query', async ({ get, cast }) => {
    // Query keys the route does not take, sent as a hostile caller would.
    for (const who of [cast.orgAdmin, cast.user, cast.advisorAssigned]) {
      expectError(await get(who, '/api/my-work/platform?as=admin&role=admin'), 403);
    }
    expect((await get(cast.admin, '/api/my-work/platform?junk=%00x')).statusCode).not.toBe(500);
  });
});

describe('an advisor whose assignment ends', () => {
  test('stops finding, seeing in My work and reading the private chat of the organization at once; reassigned, it has them again', async ({
    t,
    make,
    cast,
  }) => {
    const organization = await make.organization();
    const [owner, member] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id),
    ]);
    const advisor = await make.advisor([organization.id]);
    const objective = await make.objective((await make.project(organization.id, { by: owner })).id, { by: owner });
    await make.task(objective.id, { title: 'Quasar review', assignedTo: advisor.id, dueDate: '2031-03-11', by: owner });
    await insertTicket(t.database.db, organization.id, member.id, { title: 'Quasar outage' });
    const chat = (await privateChat(t, member, advisor.id)).data;
    await sendMessage(t, member, chat.id, 'Quasar question for you');

    const everything = {
      tasks: ['Quasar review'],
      tickets: ['Quasar outage'],
      messages: ['Quasar question for you'],
    };
    const inbox = async () =>
      (await t.call(conversationEndpoints.advisorConversations, { token: advisor.token })).data.map((one) => one.id);
    expect(await found(t, advisor, { q: 'quasar' })).toEqual(everything);
    expect(await workTotals(t, advisor)).toEqual([1, 1, 1]);
    expect(await inbox()).toContain(chat.id);

    await endAssignment(t, cast.admin, organization.id, advisor.id);
    expect(await found(t, advisor, { q: 'quasar' })).toEqual({});
    expect(await workTotals(t, advisor)).toEqual([0, 0, 0]);
    expect(await inbox()).not.toContain(chat.id);
    const gone = await t.call(conversationEndpoints.get, { params: { id: chat.id }, token: advisor.token });
    expectError(gone, 404, UI_TEXT.conversationNotFound);
    expect(await ticketTitles(t, advisor, { organizationId: organization.id })).toEqual([]);
    const tasks = (
      await t.call(taskEndpoints.mine, { query: { organizationId: organization.id }, token: advisor.token })
    ).data;
    expect(tasks).toEqual([]);
    // The member keeps its chat; it has no advisor to open a new one with.
    expect((await t.call(conversationEndpoints.get, { params: { id: chat.id }, token: member.token })).status).toBe(
      200,
    );
    expectError(await privateChat(t, member), 404, UI_TEXT.noAdvisorAssigned);

    const again = await t.call(advisorEndpoints.updateAssignment, {
      params: { orgId: organization.id, advisorId: advisor.id },
      token: cast.admin.token,
      body: { isActive: true },
    });
    expect(again.status, again.response.body).toBe(200);
    expect(await found(t, advisor, { q: 'quasar' })).toEqual(everything);
    expect(await workTotals(t, advisor)).toEqual([1, 1, 1]);
    expect((await privateChat(t, member)).data.id).toBe(chat.id);
  });
});

describe('a member moved to another organization', () => {
  test('finds and is shown nothing more of the one it left, though it still takes part in its records', async ({
    t,
    make,
    cast,
  }) => {
    const organization = await make.organization();
    const [owner, mover] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id),
    ]);
    const objective = await make.objective((await make.project(organization.id, { by: owner })).id, { by: owner });
    await make.task(objective.id, { title: 'Pulsar audit', assignedTo: mover.id, dueDate: '2031-03-11', by: owner });
    await insertTicket(t.database.db, organization.id, owner.id, { title: 'Pulsar leak', assignedTo: mover.id });
    const chat = await createConversation(t, owner, [mover.id], { title: 'Pulsar room' });
    await sendMessage(t, owner, chat.id, 'Pulsar figures attached');
    const everything = {
      tasks: ['Pulsar audit'],
      tickets: ['Pulsar leak'],
      messages: ['Pulsar figures attached'],
    };
    expect(await found(t, mover, { q: 'pulsar' })).toEqual(everything);
    expect(await workTotals(t, mover)).toEqual([1, 1, 1]);

    const move = await t.call(userEndpoints.moveToOrganization, {
      params: { id: mover.id },
      token: cast.admin.token,
      body: { organizationId: cast.otherOrganization.id },
    });
    expect(move.status, move.response.body).toBe(200);
    expect(await found(t, mover, { q: 'pulsar' })).toEqual({});
    expect(await workTotals(t, mover)).toEqual([0, 0, 0]);
    expect(await ticketTitles(t, mover, { assignedTo: 'me', organizationId: organization.id })).toEqual([]);
    expect((await t.call(taskEndpoints.mine, { token: mover.token })).data).toEqual([]);
  });
});

describe('a deactivated account', () => {
  test("a member's session ends: 401 on every route of the workbench", async ({ t, make, cast }) => {
    const leaver = await make.member(cast.organization.id);
    const removed = await t.call(userEndpoints.deactivate, { params: { id: leaver.id }, token: cast.orgAdmin.token });
    expect(removed.status, removed.response.body).toBe(200);
    const { token } = leaver;
    for (const read of [
      () => t.call(searchEndpoints.search, { query: { q: 'zephyr' }, token }),
      () => t.call(myWorkEndpoints.mine, { query: { today: TODAY }, token }),
      () => privateChat(t, leaver),
      () => t.call(ticketEndpoints.list, { query: { sort: 'title' }, token }),
      () => t.call(taskEndpoints.mine, { query: { due: 'today' }, token }),
    ]) {
      expectError(await read(), 401);
    }
  });

  test('an inactive advisor is no one to chat with: a new private chat with it is 404', async ({ t, make }) => {
    const organization = await make.organization();
    const member = await make.member(organization.id);
    const advisor = await make.advisor([organization.id]);
    const chat = (await privateChat(t, member)).data;
    expect(chat.advisorId).toBe(advisor.id);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, advisor.id));
    expectError(await privateChat(t, member, advisor.id), 404, UI_TEXT.advisorNotFound);
    expectError(await privateChat(t, member), 404, UI_TEXT.noAdvisorAssigned);
    expect((await t.call(conversationEndpoints.availableAdvisors, { token: member.token })).data).toEqual([]);
  });
});

describe('private advisor chats', () => {
  test('a member of an organization without an advisor: 404 with the message that says so', async ({ t, make }) => {
    const organization = await make.organization();
    const [owner, member] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id),
    ]);
    for (const who of [owner, member]) expectError(await privateChat(t, who), 404, UI_TEXT.noAdvisorAssigned);
  });

  test("its messages are found and counted unread by its two people only, never by the organization's others", async ({
    t,
    cast,
  }) => {
    const chat = (await privateChat(t, cast.user, cast.advisorAssigned.id)).data;
    await sendMessage(t, cast.user, chat.id, 'Nebula confidential worry');
    await sendMessage(t, cast.advisorAssigned, chat.id, 'Nebula confidential answer');
    expect(await found(t, cast.user, { q: 'nebula', types: 'messages' })).toEqual({
      messages: ['Nebula confidential answer', 'Nebula confidential worry'],
    });
    expect(await found(t, cast.advisorAssigned, { q: 'nebula', types: 'messages' })).toEqual({
      messages: ['Nebula confidential answer', 'Nebula confidential worry'],
    });
    for (const who of [cast.orgAdmin, cast.admin, cast.otherOrgAdmin, cast.advisorUnassigned]) {
      expect(await found(t, who, { q: 'nebula' })).toEqual({});
      const work = (await t.call(myWorkEndpoints.mine, { token: who.token })).data;
      expect(work.conversations.items.map((item) => item.id)).not.toContain(chat.id);
    }
  });

  test('a title cut at its limit keeps whole characters, whatever the names hold', async ({ t, make }) => {
    const organization = await make.organization();
    // 100 A's, a space and 50 emoji (two UTF-16 units each): the limit falls inside the last emoji.
    const member = await make.member(organization.id, { firstName: 'A'.repeat(100), lastName: '🙂'.repeat(50) });
    await make.advisor([organization.id]);
    const response = await privateChat(t, member);
    expect(response.status, response.response.body).toBe(200);
    const [row] = await t.database.db
      .select({ title: conversations.title })
      .from(conversations)
      .where(eq(conversations.id, response.data.id));
    expect(row?.title).toBe(`${'A'.repeat(100)} ${'🙂'.repeat(49)}`);
  });

  test('asked at once with and without naming the advisor: one conversation of the two', async ({ t, make }) => {
    const organization = await make.organization();
    const member = await make.member(organization.id);
    const advisor = await make.advisor([organization.id]);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => privateChat(t, member, index % 2 ? undefined : advisor.id)),
    );
    for (const response of responses) expect(response.status, response.response.body).toBe(200);
    expect(new Set(responses.map((response) => response.data.id)).size).toBe(1);
    const [row] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(conversations)
      .where(and(eq(conversations.memberId, member.id), eq(conversations.advisorId, advisor.id)));
    expect(row?.count).toBe(1);
  });
});

describe('beside them: instants in the year 0000', () => {
  test("an advisor's free slots: 400, not a database error", async ({ t, cast }) => {
    const slots = await t.call(schedulingEndpoints.slots, {
      params: { advisorId: cast.advisorAssigned.id },
      query: { from: '0000-01-01T00:00:00Z', to: '0000-01-02T00:00:00Z' },
      token: cast.user.token,
    });
    expectError(slots, 400, UI_TEXT.instantInvalid);
  });

  test('snoozing a notification until then: 400, not a database error', async ({ t, make, cast }) => {
    const objective = await make.objective((await make.project(cast.organization.id, { by: cast.orgAdmin })).id, {
      by: cast.orgAdmin,
    });
    await make.task(objective.id, { assignedTo: cast.user.id, by: cast.orgAdmin });
    let notificationId: string | undefined;
    await expect
      .poll(
        async () => {
          const list = (await t.call(notificationEndpoints.list, { token: cast.user.token })).data;
          notificationId = list[0]?.id;
          return notificationId;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBeTruthy();
    const snooze = await t.call(notificationEndpoints.update, {
      params: { id: String(notificationId) },
      token: cast.user.token,
      body: { snoozedUntil: '0000-06-01T00:00:00Z' },
    });
    expectError(snooze, 400, UI_TEXT.instantInvalid);
  });
});
