import {
  type Endpoint,
  type EndpointInput,
  notificationEndpoints,
  TICKET_CLIENT_EVENTS,
  type TicketPriority,
  ticketEndpoints,
} from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect } from 'vitest';
import type { TestApp } from './helpers/app.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { notified, people, verifyPhone } from './helpers/notified.js';

/*
 * Tickets' notifications ("System alerts"): each event reaches exactly its recipients,
 * on the channels their toggles allow, never the actor nor another organization.
 */
/** `definition` called as `by`: it must succeed; its data. */
async function callIn<E extends Endpoint>(t: TestApp, by: Member, definition: E, input: EndpointInput<E>) {
  const response = await t.call(definition, { ...input, token: by.token });
  expect(response.status, response.response.body).toBeLessThan(300);
  return response.data;
}

/** The toggles a PUT /api/users/notifications changes. */
type Preferences = NonNullable<EndpointInput<typeof notificationEndpoints.updateSettings>['body']>['notifications'];

const test = apiTest({ demoData: false })
  /** A second user of the organization: told of nothing about tickets it neither raised nor holds. */
  .extend('bystander', { scope: 'file' }, ({ make, cast }) => make.member(cast.organization.id))
  .extend('call', { scope: 'file' }, ({ t }) => {
    return <E extends Endpoint>(by: Member, definition: E, input: EndpointInput<E>) => callIn(t, by, definition, input);
  })
  /** A ticket the user raises through the API. */
  .extend(
    'raiseTicket',
    { scope: 'file' },
    ({ t, cast }) =>
      async (priority: TicketPriority = 'medium'): Promise<string> => {
        const ticket = await callIn(t, cast.user, ticketEndpoints.create, {
          body: { title: `Printer ${priority}`, description: 'It smokes.', priority },
        });
        return ticket.id;
      },
  )
  .extend('setPreferences', { scope: 'file' }, ({ t }) => {
    return (by: Member, notifications: Preferences) =>
      callIn(t, by, notificationEndpoints.updateSettings, { body: { notifications } });
  });

describe('a new ticket', () => {
  test("reaches its organization's org_admins and active advisors in the app and by e-mail, not its raiser, its other people nor another organization", async ({
    t,
    cast,
    raiseTicket,
  }) => {
    const ticketId = await raiseTicket();
    const told = await notified(t.app.db, 'ticket_created', ticketId);
    expect(told.inApp).toEqual(people(cast.orgAdmin, cast.advisorAssigned));
    expect(told.email).toEqual(people(cast.orgAdmin, cast.advisorAssigned));
    expect(told.sms).toEqual([]);
  });

  test('goes by SMS too when urgent, only to a verified phone whose sms.systemAlerts is on', async ({
    t,
    cast,
    raiseTicket,
  }) => {
    await verifyPhone(t.app.db, cast.orgAdmin.id);
    // The advisor's phone is given but never confirmed.
    await t.app.db.execute(sql`update users set phone = '+15550100001' where id = ${cast.advisorAssigned.id}`);
    const ticketId = await raiseTicket('urgent');
    const told = await notified(t.app.db, 'ticket_created', ticketId);
    expect(told.recipients).toEqual(people(cast.orgAdmin, cast.advisorAssigned));
    expect(told.sms).toEqual(people(cast.orgAdmin));
  });
});

describe('an assigned ticket', () => {
  test('tells the assignee (not the assigner), and an urgent one by SMS when sms.urgentTasks is on', async ({
    t,
    cast,
    bystander,
    call,
    raiseTicket,
    setPreferences,
  }) => {
    const ticketId = await raiseTicket('urgent');
    await verifyPhone(t.app.db, bystander.id, '+15550100002');
    await setPreferences(bystander, { sms: { urgentTasks: true } });
    await call(cast.orgAdmin, ticketEndpoints.assign, { params: { id: ticketId }, body: { assignedTo: bystander.id } });
    const told = await notified(t.app.db, 'ticket_assigned', ticketId);
    expect(told.inApp).toEqual(people(bystander));
    expect(told.email).toEqual(people(bystander));
    expect(told.sms).toEqual(people(bystander));
  });
});

describe('a status change', () => {
  test("tells the ticket's creator and assignee, never the one who changed it", async ({
    t,
    cast,
    call,
    raiseTicket,
  }) => {
    const ticketId = await raiseTicket();
    await call(cast.orgAdmin, ticketEndpoints.assign, {
      params: { id: ticketId },
      body: { assignedTo: cast.advisorAssigned.id },
    });
    await call(cast.advisorAssigned, ticketEndpoints.setStatus, {
      params: { id: ticketId },
      body: { status: 'in_progress' },
    });
    const told = await notified(t.app.db, 'ticket_status_changed', ticketId);
    expect(told.recipients).toEqual(people(cast.user));
    const [item] = (await t.call(notificationEndpoints.list, { token: cast.user.token })).data.filter(
      (entry: { record: { id: string } }) => entry.record.id === ticketId,
    );
    expect(item?.text).toMatch(/changed the status of the ticket "Printer medium" to in progress$/);
  });

  test('through PUT /api/tickets/{id} as well', async ({ t, cast, bystander, call, raiseTicket }) => {
    const ticketId = await raiseTicket();
    await call(cast.orgAdmin, ticketEndpoints.assign, { params: { id: ticketId }, body: { assignedTo: bystander.id } });
    await call(cast.orgAdmin, ticketEndpoints.update, { params: { id: ticketId }, body: { status: 'resolved' } });
    const told = await notified(t.app.db, 'ticket_status_changed', ticketId);
    expect(told.recipients).toEqual(people(cast.user, bystander));
  });

  test('through the socket update_ticket_status as well', async ({ t, cast, sockets, raiseTicket }) => {
    const ticketId = await raiseTicket();
    const socket: Socket = await sockets.connect(cast.orgAdmin);
    const ack = await new Promise<{ ok: boolean }>((resolve) =>
      socket.emit(TICKET_CLIENT_EVENTS.updateStatus, { ticketId, status: 'closed' }, resolve),
    );
    expect(ack.ok).toBe(true);
    const told = await notified(t.app.db, 'ticket_status_changed', ticketId);
    expect(told.recipients).toEqual(people(cast.user));
  });
});

describe('a comment', () => {
  test("tells the ticket's creator and assignee with an excerpt; the people it mentions get the mention instead", async ({
    t,
    cast,
    bystander,
    call,
    raiseTicket,
  }) => {
    const ticketId = await raiseTicket();
    await call(cast.orgAdmin, ticketEndpoints.assign, { params: { id: ticketId }, body: { assignedTo: bystander.id } });
    const plain = await call(cast.orgAdmin, ticketEndpoints.comment, {
      params: { id: ticketId },
      body: { text: 'Looking at it.' },
    });
    expect(plain.mentions).toEqual([]);
    const commented = await notified(t.app.db, 'ticket_commented', ticketId);
    expect(commented.recipients).toEqual(people(cast.user, bystander));

    const mentioning = await call(cast.orgAdmin, ticketEndpoints.comment, {
      params: { id: ticketId },
      body: {
        text: '@Advisor and @Member, please check the toner.',
        mentions: [cast.advisorAssigned.id, bystander.id, bystander.id],
      },
    });
    expect(mentioning.mentions).toEqual([cast.advisorAssigned.id, bystander.id]);
    const detail = await t.call(ticketEndpoints.get, { params: { id: ticketId }, token: cast.user.token });
    expect(detail.data.comments.map((comment: { mentions: string[] }) => comment.mentions)).toEqual([
      [],
      [cast.advisorAssigned.id, bystander.id],
    ]);
    const mentioned = await notified(t.app.db, 'mentioned', ticketId);
    expect(mentioned.inApp).toEqual(people(cast.advisorAssigned, bystander));
    // A mention is e-mailed at once, alone (not batched with the record's other e-mails).
    expect(mentioned.email).toEqual(people(cast.advisorAssigned, bystander));
    // The comment's own notice: the creator twice, the mentioned assignee once (the first comment).
    await notified(t.app.db, 'ticket_commented', ticketId);
    const { rows } = (await t.app.db.execute(
      sql`select n.recipient_id::text as id from notifications n join notification_events e on e.id = n.event_id
        where e.type = 'ticket_commented' and e.record_id = ${ticketId}`,
    )) as unknown as { rows: { id: string }[] };
    expect(rows.map((row) => row.id).sort()).toEqual([cast.user.id, cast.user.id, bystander.id].sort());
  });

  test('a mention of someone who cannot read the ticket tells nobody', async ({ t, cast, call, raiseTicket }) => {
    const ticketId = await raiseTicket();
    const comment = await call(cast.orgAdmin, ticketEndpoints.comment, {
      params: { id: ticketId },
      body: {
        text: '@Other and @Unassigned, look.',
        mentions: [cast.otherOrgAdmin.id, cast.advisorUnassigned.id],
      },
    });
    expect(comment.mentions).toEqual([]);
    // The comment's own notice reaches the creator; no mention is recorded at all.
    expect((await notified(t.app.db, 'ticket_commented', ticketId)).recipients).toEqual(people(cast.user));
    const { rows } = (await t.app.db.execute(
      sql`select count(*)::int as count from notification_events where type = 'mentioned' and record_id = ${ticketId}`,
    )) as unknown as { rows: { count: number }[] };
    expect(rows[0]?.count).toBe(0);
  });

  test('mentions are at most 20 ids', async ({ t, cast, raiseTicket }) => {
    const ticketId = await raiseTicket();
    const response = await t.call(ticketEndpoints.comment, {
      params: { id: ticketId },
      token: cast.orgAdmin.token,
      body: { text: 'Too many', mentions: Array.from({ length: 21 }, () => cast.user.id) },
    });
    expect(response.status).toBe(400);
    const junk = await t.call(ticketEndpoints.comment, {
      params: { id: ticketId },
      token: cast.orgAdmin.token,
      body: { text: 'Junk', mentions: ['not-an-id\u0000'] },
    });
    expect(junk.status).toBe(400);
  });
});

describe('toggles and mute', () => {
  test('e-mail off keeps the app; the app and e-mail off tells nothing; a muted ticket tells nothing', async ({
    t,
    make,
    call,
    setPreferences,
  }) => {
    const organization = await make.organization();
    const [emailOff, allOff, muting] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id, { role: 'org_admin' }),
    ]);
    const raiser = await make.member(organization.id);
    await setPreferences(emailOff, { email: { systemAlerts: false } });
    await setPreferences(allOff, { email: { systemAlerts: false }, inApp: { allNotifications: false } });

    const first = await call(raiser, ticketEndpoints.create, { body: { title: 'Door', description: 'Stuck.' } });
    const created = await notified(t.app.db, 'ticket_created', first.id);
    expect(created.inApp).toEqual(people(emailOff, muting));
    expect(created.email).toEqual(people(muting));

    await call(muting, notificationEndpoints.subscribe, {
      params: { recordType: 'ticket', recordId: first.id },
      body: { mode: 'mute' },
    });
    await call(emailOff, ticketEndpoints.assign, { params: { id: first.id }, body: { assignedTo: muting.id } });
    await call(raiser, ticketEndpoints.comment, { params: { id: first.id }, body: { text: 'Still stuck.' } });
    expect((await notified(t.app.db, 'ticket_assigned', first.id)).recipients).toEqual([]);
    expect((await notified(t.app.db, 'ticket_commented', first.id)).recipients).toEqual([]);
  });
});
