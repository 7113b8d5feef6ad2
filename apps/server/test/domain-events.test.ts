import {
  type DomainEvent,
  type DomainEventInput,
  domainEventSchema,
  type EndpointInput,
  ticketEndpoints,
} from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { handleDelivery, publish, type QueuedConsumer, subscribe } from '../src/events/stream.js';
import type { TestApp } from './helpers/app.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';

/*
 * The domain-event stream (docs/decisions/0250-one-domain-event-stream.md): a change writes its
 * typed events once, in its own transaction; a queued consumer's effect happens once however many
 * times its job runs, and a run killed half way leaves the event owed.
 */

const test = apiTest({ demoData: false }).extend('raiseTicket', { scope: 'file' }, ({ t, cast }) => async () => {
  const response = await t.call(ticketEndpoints.create, {
    token: cast.user.token,
    body: { title: 'Printer', description: 'It smokes.', priority: 'medium' },
  });
  expect(response.status, response.response.body).toBe(201);
  return response.data.id as string;
});

/** The stream's events about a record (its id anywhere in the payload's `…Id` fields named here). */
async function eventsOf(t: TestApp, field: string, id: string) {
  const { rows } = (await t.app.db.execute(sql`select id::text, type, organization_id::text as "organizationId",
      actor_id::text as "actorId", payload from domain_events where payload ->> ${field} = ${id} order by occurred_at`)) as unknown as {
    rows: (DomainEventInput & { id: string })[];
  };
  return rows;
}

const comment = (
  t: TestApp,
  by: Member,
  ticketId: string,
  body: EndpointInput<typeof ticketEndpoints.comment>['body'],
) => t.call(ticketEndpoints.comment, { params: { id: ticketId }, token: by.token, body });

describe('a change writes its typed event', () => {
  test('a comment is one ticket.commented event, valid against its contracts schema, naming what a consumer needs', async ({
    t,
    cast,
    raiseTicket,
  }) => {
    const ticketId = await raiseTicket();
    const response = await comment(t, cast.orgAdmin, ticketId, { text: 'On it', mentions: [cast.user.id] });
    expect(response.status, response.response.body).toBe(201);

    const events = await eventsOf(t, 'ticketId', ticketId);
    expect(events.map((event) => event.type)).toEqual(['ticket.created', 'ticket.commented']);
    const commented = domainEventSchema.parse(events[1]);
    expect(commented).toEqual({
      type: 'ticket.commented',
      organizationId: cast.organization.id,
      actorId: cast.orgAdmin.id,
      payload: {
        ticketId,
        title: 'Printer',
        priority: 'medium',
        creatorId: cast.user.id,
        assigneeId: null,
        status: 'open',
        category: 'general',
        commentId: response.data.id,
        excerpt: 'On it',
        mentionedIds: [cast.user.id],
      },
    });
  });

  test('a change whose event cannot be written is not made; an event whose change fails is not kept, nor anyone told', async ({
    t,
    cast,
    raiseTicket,
  }) => {
    const ticketId = await raiseTicket();
    const db = t.app.db;
    // The stream refuses this type for a moment: the comment must go with its event.
    await db.execute(
      sql`alter table domain_events add constraint no_comments check (type <> 'ticket.commented') not valid`,
    );
    try {
      expect((await comment(t, cast.orgAdmin, ticketId, { text: 'Lost' })).status).toBe(500);
    } finally {
      await db.execute(sql`alter table domain_events drop constraint no_comments`);
    }
    const { rows } = (await db.execute(
      sql`select count(*)::int as count from ticket_comments where ticket_id = ${ticketId}`,
    )) as unknown as { rows: { count: number }[] };
    expect(rows[0]?.count).toBe(0);

    const [created] = await eventsOf(t, 'ticketId', ticketId);
    if (!created) throw new Error('no ticket.created event');
    const change = db.transaction(async (tx) => {
      await publish(db, tx, {
        ...created,
        type: 'ticket.status_changed',
        payload: { ...created.payload, from: 'open', to: 'closed' },
      } as DomainEventInput);
      throw new Error('the change failed after its event');
    });
    await expect(change).rejects.toThrow('the change failed after its event');
    expect((await eventsOf(t, 'ticketId', ticketId)).map((event) => event.type)).toEqual(['ticket.created']);
    const { rows: outbox } = (await db.execute(
      sql`select type from notification_events where record_id = ${ticketId}::uuid`,
    )) as unknown as {
      rows: { type: string }[];
    };
    expect(outbox.map((row) => row.type)).toEqual(['ticket_created']);
  });

  test('a payload that breaks its schema is refused before anything is written', async ({ t, cast }) => {
    const db = t.app.db;
    const broken = { type: 'organization.closed', organizationId: cast.organization.id, actorId: null, payload: {} };
    await expect(db.transaction((tx) => publish(db, tx, broken as unknown as DomainEventInput))).rejects.toThrow();
  });
});

describe('a queued consumer', () => {
  test('its effect happens once: the job, a second run and two runs at once; a run killed half way leaves the event owed', async ({
    t,
    raiseTicket,
  }) => {
    const db = t.app.db;
    await db.execute(sql`create table consumer_effects (consumer text not null, event_id uuid not null)`);
    const effect = (name: string) => async (tx: typeof db, event: DomainEvent) => {
      await tx.execute(sql`insert into consumer_effects values (${name}, ${event.id}::uuid)`);
    };
    const ledger: QueuedConsumer = { name: 'ledger', types: ['ticket.created'], handle: effect('ledger') };
    let killed = false;
    // Writes its effect, then dies the first time (as a process killed in the middle would).
    const flaky: QueuedConsumer = {
      name: 'flaky',
      types: ['ticket.created'],
      handle: async (tx, event) => {
        await effect('flaky')(tx, event);
        if (!killed) {
          killed = true;
          throw new Error('killed half way');
        }
      },
    };
    await subscribe(db, ledger);
    const effects = async (name: string) => {
      const { rows } = (await db.execute(sql`select count(*)::int as count from consumer_effects
        where consumer = ${name}`)) as unknown as { rows: { count: number }[] };
      return rows[0]?.count;
    };

    const ticketId = await raiseTicket();
    const [created] = await eventsOf(t, 'ticketId', ticketId);
    if (!created) throw new Error('no ticket.created event');
    // Its job, queued with the change, handles it.
    await expect.poll(() => effects('ledger'), { timeout: 15_000, interval: 100 }).toBe(1);
    await handleDelivery(db, ledger, created.id);
    await Promise.all([handleDelivery(db, ledger, created.id), handleDelivery(db, ledger, created.id)]);
    expect(await effects('ledger')).toBe(1);

    // Owed from its subscription on; handled by hand here (its job is not defined, as in a process that died).
    await db.execute(
      sql`insert into domain_event_deliveries (consumer, event_id) values ('flaky', ${created.id}::uuid)`,
    );
    await expect(handleDelivery(db, flaky, created.id)).rejects.toThrow('killed half way');
    expect(await effects('flaky')).toBe(0);
    await handleDelivery(db, flaky, created.id);
    await handleDelivery(db, flaky, created.id);
    expect(await effects('flaky')).toBe(1);
  });
});

test('every event the changes above wrote validates against its contracts schema', async ({ t }) => {
  const { rows } = (await t.app.db.execute(sql`select type, organization_id::text as "organizationId",
    actor_id::text as "actorId", payload from domain_events`)) as unknown as { rows: DomainEventInput[] };
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(domainEventSchema.safeParse(row).error).toBeUndefined();
});
