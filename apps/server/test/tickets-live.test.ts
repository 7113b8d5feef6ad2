import {
  advisorEndpoints,
  TICKET_CLIENT_EVENTS,
  TICKET_EVENTS,
  type TicketEventPayload,
  type TicketSocketAck,
  type TicketStatus,
  ticketEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import type { Socket } from 'socket.io-client';
import { describe, expect } from 'vitest';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { insertTicket } from './helpers/tickets.js';

/** Ticket rooms: joined after the read check, events after the commit. */
const emitWithAck = (socket: Socket, event: string, payload: unknown): Promise<TicketSocketAck> =>
  new Promise((resolve) => socket.emit(event, payload, resolve));
const join = (socket: Socket, ticketId: unknown) => emitWithAck(socket, TICKET_CLIENT_EVENTS.join, { ticketId });

const test = apiTest({ demoData: false })
  .extend('colleague', { scope: 'file' }, ({ make, cast }) => make.member(cast.organization.id))
  .extend('ticket', { scope: 'file' }, ({ t, cast }) => insertTicket(t.database.db, cast.organization.id, cast.user.id))
  .extend('heard', { scope: 'file' }, ({ sockets }) => {
    return (socket: Socket, event: string, act: () => Promise<unknown>) =>
      sockets.heardOn<TicketEventPayload>(socket, event, act);
  })
  /** A socket of the member's that joined the ticket's room. */
  .extend('joined', { scope: 'file' }, ({ sockets, ticket }) => async (member: Member) => {
    const socket = await sockets.connect(member);
    expect(await join(socket, ticket.id)).toMatchObject({ ok: true });
    return socket;
  })
  .extend('setStatus', { scope: 'file' }, ({ t, ticket }) => {
    return (member: Member, status: TicketStatus) =>
      t.call(ticketEndpoints.setStatus, { as: member, params: { id: ticket.id }, body: { status } });
  });

describe('ticket rooms', () => {
  test("only the ticket's readers join: not another organization, an unassigned advisor, or a bad id", async ({
    cast,
    sockets,
    ticket,
  }) => {
    for (const member of [cast.otherOrgAdmin, cast.advisorUnassigned]) {
      const socket = await sockets.connect(member);
      expect(await join(socket, ticket.id)).toEqual({ ok: false, error: UI_TEXT.ticketNotFound });
    }
    const socket = await sockets.connect(cast.user);
    for (const bad of ['nope', 7, null, '00000000-0000-4000-8000-000000000000']) {
      expect((await join(socket, bad)).ok).toBe(false);
    }
  });

  test('a status change reaches every socket that has the ticket open, and no one else', async ({
    cast,
    sockets,
    colleague,
    ticket,
    joined,
    setStatus,
  }) => {
    const watcher = await joined(colleague);
    const outsider = await sockets.connect(cast.otherOrgAdmin);
    await join(outsider, ticket.id);
    const [seen = [], unseen] = await sockets.heardBy<TicketEventPayload>(
      [watcher, outsider],
      TICKET_EVENTS.statusUpdated,
      () => setStatus(cast.advisorAssigned, 'in_progress'),
    );
    expect(seen).toMatchObject([{ ticketId: ticket.id, status: 'in_progress', actorId: cast.advisorAssigned.id }]);
    expect(typeof seen[0]?.updatedAt).toBe('string');
    expect(unseen).toEqual([]);
  });

  test('comments and assignments reach the room', async ({ t, cast, ticket, heard, joined }) => {
    const watcher = await joined(cast.user);
    const comments = await heard(watcher, TICKET_EVENTS.commentAdded, () =>
      t.call(ticketEndpoints.comment, { as: cast.orgAdmin, params: { id: ticket.id }, body: { text: 'On it' } }),
    );
    expect(comments).toMatchObject([{ ticketId: ticket.id, actorId: cast.orgAdmin.id }]);
    const assigned = await heard(watcher, TICKET_EVENTS.assigned, () =>
      t.call(ticketEndpoints.assign, {
        as: cast.orgAdmin,
        params: { id: ticket.id },
        body: { assignedTo: cast.advisorAssigned.id },
      }),
    );
    expect(assigned).toMatchObject([{ ticketId: ticket.id, assignedTo: cast.advisorAssigned.id }]);
  });

  test('update_ticket_status follows the PATCH rules: refused without rights, else announced', async ({
    t,
    cast,
    sockets,
    colleague,
    ticket,
    heard,
    joined,
  }) => {
    const watcher = await joined(cast.user);
    const bystander = await joined(colleague);
    expect(
      await emitWithAck(bystander, TICKET_CLIENT_EVENTS.updateStatus, { ticketId: ticket.id, status: 'closed' }),
    ).toEqual({
      ok: false,
      error: UI_TEXT.forbidden,
    });
    const outsider = await sockets.connect(cast.otherOrgAdmin);
    expect(
      await emitWithAck(outsider, TICKET_CLIENT_EVENTS.updateStatus, { ticketId: ticket.id, status: 'closed' }),
    ).toEqual({
      ok: false,
      error: UI_TEXT.ticketNotFound,
    });
    expect(
      (await emitWithAck(watcher, TICKET_CLIENT_EVENTS.updateStatus, { ticketId: ticket.id, status: 'bogus' })).ok,
    ).toBe(false);
    const handler = await joined(cast.orgAdmin);
    const seen = await heard(watcher, TICKET_EVENTS.statusUpdated, () =>
      emitWithAck(handler, TICKET_CLIENT_EVENTS.updateStatus, { ticketId: ticket.id, status: 'resolved' }),
    );
    expect(seen).toMatchObject([{ ticketId: ticket.id, status: 'resolved' }]);
    const stored = await t.call(ticketEndpoints.get, { as: cast.user, params: { id: ticket.id } });
    expect(stored.data).toMatchObject({ status: 'resolved' });
    expect(stored.data.resolvedAt).not.toBeNull();
  });

  test("an advisor whose assignment ends leaves the organization's ticket rooms at once", async ({
    t,
    make,
    cast,
    heard,
    joined,
    setStatus,
  }) => {
    const advisor = await make.advisor([cast.organization.id]);
    const socket = await joined(advisor);
    const removed = await t.call(advisorEndpoints.removeAssignment, {
      as: cast.admin,
      params: { orgId: cast.organization.id, advisorId: advisor.id },
    });
    expect(removed.status, removed.response.body).toBe(200);
    const seen = await heard(socket, TICKET_EVENTS.statusUpdated, () => setStatus(cast.orgAdmin, 'open'));
    expect(seen).toEqual([]);
  });
});
