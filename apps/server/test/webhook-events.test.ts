import {
  conversationEndpoints,
  type DomainEvent,
  taskEndpoints,
  ticketEndpoints,
  timeEntryEndpoints,
  userEndpoints,
  WEBHOOK_PAYLOADS,
  type WebhookEventType,
  webhookBody,
  webhookBodySchema,
} from '@smart/contracts';
import { asc, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { domainEvents } from '../src/db/schema/index.js';
import { type WebhookEvent, webhookEventsOf } from '../src/modules/webhooks/events.js';
import type { TestApp } from './helpers/app.js';
import { apiTest } from './helpers/fixture.js';
import { sendMessage } from './helpers/messenger.js';

/*
 * Webhook events (docs/decisions/0278-webhook-events-and-payloads.md): what people do through the
 * API becomes the catalogue's events, each payload valid against its versioned schema, holding only
 * what the endpoint's organization may read and nothing secret.
 */

const test = apiTest({ demoData: false });
const APP_URL = 'https://smart.example.com';

/** The stream's events not yet seen by this file, in order. */
const seen = new Set<string>();
async function newEvents(t: TestApp): Promise<DomainEvent[]> {
  const rows = (await t.app.db
    .select()
    .from(domainEvents)
    .orderBy(asc(domainEvents.occurredAt), asc(domainEvents.id))) as DomainEvent[];
  const fresh = rows.filter((row) => !seen.has(row.id));
  for (const row of fresh) seen.add(row.id);
  return fresh;
}

/** The webhook events of what happened since the last call, each with the domain event it came from. */
async function webhooksSince(t: TestApp) {
  const made: (WebhookEvent & { from: DomainEvent })[] = [];
  for (const event of await newEvents(t)) {
    for (const webhook of await webhookEventsOf(t.app.db, event, APP_URL)) made.push({ ...webhook, from: event });
  }
  return made;
}

/** Every key in a payload, however deep. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  return [];
}

/** All payloads made in this file, for the walks at its end. */
const delivered: WebhookEvent[] = [];

function expectValid(events: WebhookEvent[]) {
  for (const event of events) {
    const body = JSON.parse(JSON.stringify(webhookBody(event.type, new Date(), event.data)));
    expect(() => webhookBodySchema.parse(body), event.type).not.toThrow();
    expect(
      WEBHOOK_PAYLOADS[event.type].strict().safeParse(event.data).success,
      `${event.type} has no unknown field`,
    ).toBe(true);
    delivered.push(event);
  }
}

/** The types made; one change's events share their time, so they are compared as a set (sorted). */
const typesOf = (events: WebhookEvent[]) => events.map((event) => event.type).sort();

/** The one event of a type among them. */
function only(events: WebhookEvent[], type: WebhookEventType) {
  const found = events.filter((event) => event.type === type);
  expect(found, type).toHaveLength(1);
  return found[0] as WebhookEvent;
}

describe('the product actions make the catalogue events', () => {
  test('tasks: created and assigned, updated with what changed, completed, commented', async ({ t, cast, make }) => {
    const project = await make.project(cast.organization.id, { by: cast.orgAdmin });
    const objective = await make.objective(project.id, { by: cast.orgAdmin });
    await newEvents(t);

    const created = await t.call(taskEndpoints.create, {
      token: cast.orgAdmin.token,
      params: { id: objective.id },
      body: { title: 'File the VAT return', priority: 'medium', assignedTo: cast.user.id },
    });
    expect(created.status, created.response.body).toBe(201);
    const taskId = created.data.id;
    let events = await webhooksSince(t);
    expectValid(events);
    expect(typesOf(events)).toEqual(['task.assigned', 'task.created']);
    const createdEvent = only(events, 'task.created');
    expect(createdEvent.recordKey).toBe(`task:${taskId}`);
    expect(createdEvent.data).toMatchObject({
      organization: { id: cast.organization.id, name: cast.organization.name },
      actor: { id: cast.orgAdmin.id, name: `${cast.orgAdmin.firstName} ${cast.orgAdmin.lastName}` },
      task: {
        id: taskId,
        title: 'File the VAT return',
        status: 'not_started',
        project: { id: project.id, title: project.title },
        objective: { id: objective.id, title: objective.title },
        assignee: { id: cast.user.id },
        url: `${APP_URL}/dashboard/projects/${project.id}/objectives/${objective.id}/tasks/${taskId}`,
      },
    });

    const updated = await t.call(taskEndpoints.update, {
      token: cast.orgAdmin.token,
      params: { id: taskId },
      body: { title: 'File the Q4 VAT return', priority: 'high', description: 'By the 15th' },
    });
    expect(updated.status, updated.response.body).toBe(200);
    events = await webhooksSince(t);
    expectValid(events);
    expect(typesOf(events)).toEqual(['task.updated']);
    expect(events[0]?.data.changes).toEqual([
      { field: 'title', from: 'File the VAT return', to: 'File the Q4 VAT return' },
      { field: 'description', from: null, to: null },
      { field: 'priority', from: 'medium', to: 'high' },
    ]);

    const done = await t.call(taskEndpoints.setStatus, {
      token: cast.user.token,
      params: { id: taskId },
      body: { status: 'completed' },
    });
    expect(done.status, done.response.body).toBe(200);
    events = await webhooksSince(t);
    expectValid(events);
    expect(typesOf(events)).toEqual(['task.completed', 'task.updated']);
    expect(only(events, 'task.completed').data).toMatchObject({
      actor: { id: cast.user.id },
      task: { status: 'completed', progress: 100 },
    });

    const comment = await t.call(taskEndpoints.comment, {
      token: cast.user.token,
      params: { id: taskId },
      body: { text: 'Filed, receipt attached.' },
    });
    expect(comment.status, comment.response.body).toBe(201);
    events = await webhooksSince(t);
    expectValid(events);
    expect(typesOf(events)).toEqual(['comment.created']);
    expect(events[0]?.data.comment).toEqual({
      id: comment.data.id,
      excerpt: 'Filed, receipt attached.',
      author: { id: cast.user.id, name: `${cast.user.firstName} ${cast.user.lastName}` },
    });
  });

  test('tickets: raised, updated, resolved, commented', async ({ t, cast }) => {
    await newEvents(t);
    const raised = await t.call(ticketEndpoints.create, {
      token: cast.user.token,
      body: { title: 'Invoice export fails', description: 'December only.', priority: 'medium' },
    });
    expect(raised.status, raised.response.body).toBe(201);
    const ticketId = raised.data.id as string;
    let events = await webhooksSince(t);
    expectValid(events);
    expect(typesOf(events)).toEqual(['ticket.created']);
    expect(events[0]?.data.ticket).toMatchObject({
      id: ticketId,
      status: 'open',
      creator: { id: cast.user.id },
      url: `${APP_URL}/dashboard/tickets/${ticketId}`,
    });

    const changed = await t.call(ticketEndpoints.update, {
      token: cast.orgAdmin.token,
      params: { id: ticketId },
      body: { priority: 'urgent', category: 'billing' },
    });
    expect(changed.status, changed.response.body).toBe(200);
    const assigned = await t.call(ticketEndpoints.assign, {
      token: cast.orgAdmin.token,
      params: { id: ticketId },
      body: { assignedTo: cast.advisorAssigned.id },
    });
    expect(assigned.status, assigned.response.body).toBe(200);
    events = await webhooksSince(t);
    expectValid(events);
    expect(typesOf(events)).toEqual(['ticket.updated', 'ticket.updated']);
    expect(events.map((event) => event.data.changes)).toEqual([
      [
        { field: 'priority', from: 'medium', to: 'urgent' },
        { field: 'category', from: 'general', to: 'billing' },
      ],
      [{ field: 'assignee', from: null, to: cast.advisorAssigned.id }],
    ]);
    expect(events[1]?.data.ticket).toMatchObject({ assignee: { id: cast.advisorAssigned.id } });

    const resolved = await t.call(ticketEndpoints.setStatus, {
      token: cast.advisorAssigned.token,
      params: { id: ticketId },
      body: { status: 'resolved' },
    });
    expect(resolved.status, resolved.response.body).toBe(200);
    events = await webhooksSince(t);
    expectValid(events);
    expect(typesOf(events)).toEqual(['ticket.resolved', 'ticket.updated']);
    expect(only(events, 'ticket.resolved').data).toMatchObject({
      actor: { id: cast.advisorAssigned.id },
      ticket: { status: 'resolved' },
    });

    const comment = await t.call(ticketEndpoints.comment, {
      token: cast.orgAdmin.token,
      params: { id: ticketId },
      body: { text: 'Thanks!' },
    });
    expect(comment.status, comment.response.body).toBe(201);
    events = await webhooksSince(t);
    expectValid(events);
    expect(typesOf(events)).toEqual(['ticket.commented']);
  });

  test('messages: a team conversation and an advisor chat by their kinds, a private advisor chat never', async ({
    t,
    cast,
  }) => {
    await newEvents(t);
    const general = await t.call(conversationEndpoints.general, { token: cast.user.token, query: {} });
    expect(general.status, general.response.body).toBe(200);
    await sendMessage(t, cast.user, general.data.id, 'Standup moved to 10:00');
    const advisorChat = await t.call(conversationEndpoints.advisorConversation, {
      token: cast.orgAdmin.token,
      query: { advisorId: cast.advisorAssigned.id },
    });
    expect(advisorChat.status, advisorChat.response.body).toBe(200);
    await sendMessage(t, cast.orgAdmin, advisorChat.data.id, 'Can we review the ledger?');
    const privateChat = await t.call(conversationEndpoints.privateAdvisorConversation, {
      token: cast.user.token,
      query: { advisorId: cast.advisorAssigned.id },
    });
    expect(privateChat.status, privateChat.response.body).toBe(200);
    await sendMessage(t, cast.user, privateChat.data.id, 'Just between us');

    const events = await webhooksSince(t);
    expectValid(events);
    expect(events.map((event) => [event.type, event.messageKind, event.recordKey])).toEqual([
      ['message.created', 'team', `conversation:${general.data.id}`],
      ['message.created', 'advisor', `conversation:${advisorChat.data.id}`],
    ]);
    expect(events[0]?.data).toMatchObject({
      conversation: { id: general.data.id, kind: 'team', url: `${APP_URL}/dashboard/messenger?c=${general.data.id}` },
      message: { excerpt: 'Standup moved to 10:00', sender: { id: cast.user.id } },
    });
    expect(JSON.stringify(events)).not.toContain('Just between us');
  });

  test('time entries: recorded by hand and by the timer', async ({ t, cast }) => {
    const raised = await t.call(ticketEndpoints.create, {
      token: cast.user.token,
      body: { title: 'Payroll question', description: 'Overtime.', priority: 'low' },
    });
    const ticketId = raised.data.id as string;
    await newEvents(t);
    const entry = await t.call(timeEntryEndpoints.create, {
      token: cast.user.token,
      body: { recordType: 'ticket', recordId: ticketId, date: '2026-11-30', minutes: 45, note: 'Looked into it' },
    });
    expect(entry.status, entry.response.body).toBe(201);
    await t.call(timeEntryEndpoints.startTimer, {
      token: cast.user.token,
      body: { recordType: 'ticket', recordId: ticketId },
    });
    const stopped = await t.call(timeEntryEndpoints.stopTimer, { token: cast.user.token });
    expect(stopped.status, stopped.response.body).toBe(201);

    const events = await webhooksSince(t);
    expectValid(events);
    expect(typesOf(events)).toEqual(['time_entry.created', 'time_entry.created']);
    expect(events[0]?.data.timeEntry).toEqual({
      id: entry.data.id,
      date: '2026-11-30',
      minutes: 45,
      billable: true,
      note: 'Looked into it',
      person: { id: cast.user.id, name: `${cast.user.firstName} ${cast.user.lastName}` },
      record: {
        type: 'ticket',
        id: ticketId,
        title: 'Payroll question',
        url: `${APP_URL}/dashboard/tickets/${ticketId}`,
      },
    });
  });

  test('members: added, deactivated, reactivated, moved to another organization', async ({ t, cast }) => {
    await newEvents(t);
    const registered = await t.call(userEndpoints.register, {
      token: cast.orgAdmin.token,
      body: {
        firstName: 'Noor',
        lastName: 'Haddad',
        email: `noor.${Date.now()}@example.com`,
        password: 'a-long-enough-password-1',
        role: 'user',
        meta: {},
      },
    });
    expect(registered.status, registered.response.body).toBe(201);
    const noorId = registered.data.user.id;
    for (const [endpoint, token] of [
      [userEndpoints.deactivate, cast.orgAdmin.token],
      [userEndpoints.reactivate, cast.orgAdmin.token],
    ] as const) {
      const answer = await t.call(endpoint, { token, params: { id: noorId } });
      expect(answer.status, answer.response.body).toBe(200);
    }
    const moved = await t.call(userEndpoints.moveToOrganization, {
      token: cast.admin.token,
      params: { id: noorId },
      body: { organizationId: cast.otherOrganization.id },
    });
    expect(moved.status, moved.response.body).toBe(200);

    const events = await webhooksSince(t);
    expectValid(events);
    expect(
      events.map((event) => [event.type, event.data.how, (event.data.organization as { id: string }).id]).sort(),
    ).toEqual([
      ['member.added', 'added', cast.organization.id],
      ['member.added', 'moved_in', cast.otherOrganization.id],
      ['member.added', 'reactivated', cast.organization.id],
      ['member.removed', 'deactivated', cast.organization.id],
      ['member.removed', 'moved_out', cast.organization.id],
    ]);
    expect(events[0]?.data.member).toEqual({ id: noorId, name: 'Noor Haddad', role: 'user' });
    // Leaving says nothing of where to.
    const left = events.find((event) => event.data.how === 'moved_out');
    expect(JSON.stringify(left?.data)).not.toContain(cast.otherOrganization.id);
    expect(JSON.stringify(left?.data)).not.toContain(cast.otherOrganization.name);
  });
});

describe('what a payload never holds', () => {
  test('a change that rolls back publishes nothing', async ({ t, cast }) => {
    const raised = await t.call(ticketEndpoints.create, {
      token: cast.user.token,
      body: { title: 'Rollback', description: 'x', priority: 'low' },
    });
    const ticketId = raised.data.id as string;
    await newEvents(t);
    // The entry's transaction fails at its commit, after its event was written.
    await t.app.db.execute(sql`create function fail_at_commit() returns trigger language plpgsql as
      $$ begin raise exception 'refused at commit'; end $$`);
    await t.app.db.execute(sql`create constraint trigger time_entries_fail_at_commit after insert on time_entries
      deferrable initially deferred for each row execute function fail_at_commit()`);
    try {
      const entry = await t.call(timeEntryEndpoints.create, {
        token: cast.user.token,
        body: { recordType: 'ticket', recordId: ticketId, date: '2026-11-29', minutes: 30 },
      });
      expect(entry.status).toBe(500);
    } finally {
      await t.app.db.execute(sql`drop trigger time_entries_fail_at_commit on time_entries`);
      await t.app.db.execute(sql`drop function fail_at_commit()`);
    }
    expect(await newEvents(t)).toEqual([]);
  });

  test("an advisor of two organizations: an event of one holds nothing of the other's", async ({ t, cast, make }) => {
    const other = cast.otherOrganization;
    const advisor = await make.advisor([cast.organization.id, other.id]);
    const otherMember = await make.member(other.id, { firstName: 'Bianca', lastName: 'Otherorg' });
    // Work in the other organization first: none of it may leak into the first's payloads.
    const otherTicket = await t.call(ticketEndpoints.create, {
      token: advisor.token,
      body: { title: 'Other secret plans', description: 'B only', priority: 'high', organizationId: other.id },
    });
    expect(otherTicket.status, otherTicket.response.body).toBe(201);
    await newEvents(t);

    const raised = await t.call(ticketEndpoints.create, {
      token: advisor.token,
      body: { title: 'Quarter close', description: 'A', priority: 'high', organizationId: cast.organization.id },
    });
    expect(raised.status, raised.response.body).toBe(201);
    const ticketId = raised.data.id as string;
    await t.call(ticketEndpoints.comment, {
      token: advisor.token,
      params: { id: ticketId },
      body: { text: 'Started' },
    });
    await t.call(ticketEndpoints.setStatus, {
      token: advisor.token,
      params: { id: ticketId },
      body: { status: 'resolved' },
    });
    await t.call(timeEntryEndpoints.create, {
      token: advisor.token,
      body: { recordType: 'ticket', recordId: ticketId, date: '2026-11-28', minutes: 60 },
    });
    const chat = await t.call(conversationEndpoints.advisorConversation, {
      token: advisor.token,
      query: { organizationId: cast.organization.id },
    });
    expect(chat.status, chat.response.body).toBe(200);
    await sendMessage(t, advisor, chat.data.id, 'Numbers look good');

    const events = await webhooksSince(t);
    expectValid(events);
    expect(typesOf(events)).toEqual(
      expect.arrayContaining<WebhookEventType>([
        'ticket.created',
        'ticket.commented',
        'ticket.resolved',
        'time_entry.created',
        'message.created',
      ]),
    );
    const text = JSON.stringify(events.map((event) => event.data));
    const others = [
      other.id,
      other.name,
      otherMember.id,
      'Otherorg',
      cast.otherOrgAdmin.id,
      otherTicket.data.id,
      'Other secret plans',
    ];
    for (const value of others) expect(text, value).not.toContain(value);
    for (const event of events) expect((event.data.organization as { id: string }).id).toBe(cast.organization.id);
  });

  test('no payload has a secret-looking field or an e-mail address', ({ cast }) => {
    expect(new Set(delivered.map((event) => event.type)).size).toBeGreaterThanOrEqual(13);
    for (const event of delivered) {
      for (const key of keysOf(event.data)) {
        expect(key, `${event.type}: ${key}`).not.toMatch(/password|hash|token|secret|e-?mail/i);
      }
      expect(JSON.stringify(event.data), event.type).not.toMatch(/@[a-z0-9.-]+\.[a-z]{2,}/i);
    }
    expect(JSON.stringify(delivered)).not.toContain(cast.user.token);
  });
});
