import { TICKET_SORTS, type TicketListQuery, type TicketSort, ticketEndpoints } from '@smart/contracts';
import { describe, expect } from 'vitest';
import type { TestApp } from './helpers/app.js';
import { endAssignment } from './helpers/assignments.js';
import type { Factories, Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { insertTicket, type TicketOptions } from './helpers/tickets.js';

/**
 * Triage: the tickets list's Assigned to me, Created by me and Unassigned filters, the
 * organization filter of whoever reaches several, and the sort by any column — each keeping to the
 * tickets the caller may read.
 */

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * Two organizations an advisor (Vera Vance) works for, North and South, and a third it worked for
 * until its assignment ended (Gone); an outsider organization beside them.
 */
async function triageWorld(t: TestApp, make: Factories) {
  const [north, south, gone, outside] = await Promise.all([
    make.organization({ name: `North ${crypto.randomUUID().slice(0, 8)}` }),
    make.organization({ name: `South ${crypto.randomUUID().slice(0, 8)}` }),
    make.organization(),
    make.organization(),
  ]);
  const [owner, bob, carol, southOwner, goneOwner, outsider] = await Promise.all([
    make.member(north.id, { role: 'org_admin', firstName: 'Alice', lastName: 'Archer' }),
    make.member(north.id, { firstName: 'bob', lastName: 'Baker' }),
    make.member(north.id, { firstName: 'Carol', lastName: 'Clark' }),
    make.member(south.id, { role: 'org_admin', firstName: 'Sam', lastName: 'South' }),
    make.member(gone.id, { role: 'org_admin' }),
    make.member(outside.id, { role: 'org_admin', firstName: 'Oscar', lastName: 'Outsider' }),
  ]);
  const advisor = await make.advisor([north.id, south.id, gone.id]);
  const ticket = (organizationId: string, createdBy: Member, minutes: number, options: TicketOptions) =>
    insertTicket(t.database.db, organizationId, createdBy.id, { ...options, createdAt: minutesAgo(minutes) });
  // North, oldest first: titles in mixed case, every assignee kind, two of one category.
  const northTickets = {
    zebra: await ticket(north.id, bob, 60, {
      title: 'Zebra crossing',
      status: 'open',
      priority: 'low',
      category: 'billing',
      assignedTo: owner.id,
    }),
    apple: await ticket(north.id, owner, 50, {
      title: 'apple pie',
      status: 'in_progress',
      priority: 'urgent',
      category: 'technical',
    }),
    mango: await ticket(north.id, bob, 40, {
      title: 'Mango',
      status: 'resolved',
      priority: 'high',
      category: 'general',
      assignedTo: advisor.id,
    }),
    banana: await ticket(north.id, advisor, 30, {
      title: 'banana split',
      status: 'closed',
      priority: 'medium',
      category: 'technical',
      assignedTo: carol.id,
    }),
  };
  const southTicket = await ticket(south.id, southOwner, 20, { title: 'South VPN', assignedTo: advisor.id });
  const goneTicket = await ticket(gone.id, goneOwner, 10, { title: 'Gone printer', assignedTo: advisor.id });
  const outsideTickets = [
    await ticket(outside.id, outsider, 5, { title: 'Outside unassigned' }),
    await ticket(outside.id, outsider, 4, { title: 'Outside mine', assignedTo: outsider.id }),
  ];
  const admin = await make.admin();
  await endAssignment(t, admin, gone.id, advisor.id);
  return {
    north,
    south,
    outside,
    people: { owner, bob, carol, southOwner, outsider, advisor, admin },
    northTickets,
    southTicket,
    goneTicket,
    outsideTickets,
  };
}

const test = apiTest({ demoData: false })
  .extend('world', { scope: 'file' }, ({ t, make }) => triageWorld(t, make))
  .extend('titles', { scope: 'file' }, ({ t }) => async (query: TicketListQuery, who: Member) => {
    const response = await t.call(ticketEndpoints.list, { query: { limit: 100, ...query }, token: who.token });
    expect(response.status, response.response.body).toBe(200);
    return response.data.map((ticket) => ticket.title);
  });
// The people and tickets are made before the first test (a hook's time, not a test's).
test.beforeAll(async ({ world }) => {
  expect(world.north.id).toBeTruthy();
});

describe('Assigned to me, Created by me, Unassigned', () => {
  test('assignedTo=me: the tickets assigned to the caller that it reads, newest first', async ({ world, titles }) => {
    const { owner, bob, advisor, outsider } = world.people;
    expect(await titles({ assignedTo: 'me' }, owner)).toEqual(['Zebra crossing']);
    expect(await titles({ assignedTo: 'me' }, bob)).toEqual([]);
    // The advisor's ticket in Gone, whose assignment ended, is no longer its to see.
    expect(await titles({ assignedTo: 'me' }, advisor)).toEqual(['South VPN', 'Mango']);
    expect(await titles({ assignedTo: 'me' }, outsider)).toEqual(['Outside mine']);
  });

  test('createdBy=me: the tickets the caller raised; createdBy=<id> names a person in the caller scope', async ({
    world,
    titles,
  }) => {
    const { owner, bob, advisor, outsider } = world.people;
    expect(await titles({ createdBy: 'me' }, bob)).toEqual(['Mango', 'Zebra crossing']);
    expect(await titles({ createdBy: 'me' }, advisor)).toEqual(['banana split']);
    expect(await titles({ createdBy: bob.id }, owner)).toEqual(['Mango', 'Zebra crossing']);
    // Another organization's person names nothing the caller reads.
    expect(await titles({ createdBy: outsider.id }, owner)).toEqual([]);
    expect(await titles({ createdBy: owner.id }, outsider)).toEqual([]);
  });

  test("assignedTo=unassigned: the caller's organization's unassigned tickets, never another's", async ({
    world,
    titles,
  }) => {
    const { owner, bob, advisor, admin } = world.people;
    expect(await titles({ assignedTo: 'unassigned' }, owner)).toEqual(['apple pie']);
    expect(await titles({ assignedTo: 'unassigned' }, bob)).toEqual(['apple pie']);
    expect(await titles({ assignedTo: 'unassigned' }, advisor)).toEqual(['apple pie']);
    expect(await titles({ assignedTo: 'unassigned', organizationId: world.outside.id }, admin)).toEqual([
      'Outside unassigned',
    ]);
  });

  test('filters combine with each other and with the search', async ({ world, titles }) => {
    const { bob, owner } = world.people;
    expect(await titles({ createdBy: 'me', assignedTo: 'me' }, bob)).toEqual([]);
    expect(await titles({ createdBy: 'me', assignedTo: owner.id }, bob)).toEqual(['Zebra crossing']);
    expect(await titles({ createdBy: 'me', status: 'resolved' }, bob)).toEqual(['Mango']);
    expect(await titles({ assignedTo: 'unassigned', search: 'APPLE' }, owner)).toEqual(['apple pie']);
    expect(await titles({ assignedTo: 'unassigned', search: 'zebra' }, owner)).toEqual([]);
  });
});

describe('the organization filter', () => {
  test('an advisor narrows its list to one of its organizations; any other names nothing', async ({
    world,
    titles,
  }) => {
    const { advisor } = world.people;
    expect(await titles({}, advisor)).toEqual(['South VPN', 'banana split', 'Mango', 'apple pie', 'Zebra crossing']);
    expect(await titles({ organizationId: world.south.id }, advisor)).toEqual(['South VPN']);
    expect(await titles({ organizationId: world.outside.id }, advisor)).toEqual([]);
  });

  test("a member's organizationId is ignored: its own organization's tickets, never the named one's", async ({
    world,
    titles,
  }) => {
    const listed = await titles({ organizationId: world.outside.id }, world.people.bob);
    expect(listed).toHaveLength(4);
    expect(listed).not.toContain('Outside unassigned');
  });

  test('rows carry their organization name, for the Organization column', async ({ t, world }) => {
    const response = await t.call(ticketEndpoints.list, {
      query: { organizationId: world.south.id },
      token: world.people.advisor.token,
    });
    expect(response.data[0]).toMatchObject({
      organizationId: world.south.id,
      organizationName: world.south.name,
    });
  });
});

describe('sort by any column', () => {
  test.for<[TicketListQuery, string[]]>([
    [{ sort: 'title' }, ['apple pie', 'banana split', 'Mango', 'Zebra crossing']],
    [{ sort: 'title', order: 'desc' }, ['Zebra crossing', 'Mango', 'banana split', 'apple pie']],
    [{ sort: 'createdAt' }, ['banana split', 'Mango', 'apple pie', 'Zebra crossing']],
    [{ sort: 'createdAt', order: 'asc' }, ['Zebra crossing', 'apple pie', 'Mango', 'banana split']],
    [{ sort: 'priority' }, ['apple pie', 'Mango', 'banana split', 'Zebra crossing']],
    [{ sort: 'priority', order: 'asc' }, ['Zebra crossing', 'banana split', 'Mango', 'apple pie']],
    [{ sort: 'status' }, ['Zebra crossing', 'apple pie', 'Mango', 'banana split']],
    [{ sort: 'status', order: 'desc' }, ['banana split', 'Mango', 'apple pie', 'Zebra crossing']],
    // general, technical, billing (the declared order); the two technical ones oldest first.
    [{ sort: 'category' }, ['Mango', 'apple pie', 'banana split', 'Zebra crossing']],
    // The advisor ('Advisor …' < 'Alice Archer' < 'bob Baker', whatever the case), then Bob's two oldest first.
    [{ sort: 'createdBy' }, ['banana split', 'apple pie', 'Zebra crossing', 'Mango']],
    [{ sort: 'createdBy', order: 'desc' }, ['Mango', 'Zebra crossing', 'apple pie', 'banana split']],
    // The advisor, Alice Archer, Carol Clark, then the unassigned one (no name sorts last A→Z).
    [{ sort: 'assignedTo' }, ['Mango', 'Zebra crossing', 'banana split', 'apple pie']],
    [{ sort: 'assignedTo', order: 'desc' }, ['apple pie', 'banana split', 'Zebra crossing', 'Mango']],
  ])('GET /api/tickets?%o', async ([query, expected], { world, titles }) => {
    expect(await titles(query, world.people.owner)).toEqual(expected);
  });

  test('sort=organization groups an advisor list by organization name, by age the same way within one', async ({
    world,
    titles,
  }) => {
    const { advisor } = world.people;
    expect(await titles({ sort: 'organization' }, advisor)).toEqual([
      'Zebra crossing',
      'apple pie',
      'Mango',
      'banana split',
      'South VPN',
    ]);
    expect((await titles({ sort: 'organization', order: 'desc' }, advisor))[0]).toBe('South VPN');
  });

  test('every sort pages stably: pages of one, in either direction and with a search, list each ticket once', async ({
    t,
    world,
  }) => {
    const { owner } = world.people;
    const pageOf = async (query: TicketListQuery, page: number) => {
      const response = await t.call(ticketEndpoints.list, { query: { ...query, limit: 1, page }, token: owner.token });
      expect(response.status, response.response.body).toBe(200);
      return response.data.map((ticket) => ticket.id);
    };
    const whole = async (query: TicketListQuery) => {
      const response = await t.call(ticketEndpoints.list, { query: { ...query, limit: 100 }, token: owner.token });
      return response.data.map((ticket) => ticket.id);
    };
    for (const sort of TICKET_SORTS satisfies readonly TicketSort[]) {
      for (const order of ['asc', 'desc'] as const) {
        for (const search of [undefined, 'an', 'printer']) {
          const query = { sort, order, search };
          const label = JSON.stringify(query);
          const expected = await whole(query);
          const paged = [];
          for (let page = 1; page <= expected.length; page += 1) paged.push(...(await pageOf(query, page)));
          expect(paged, label).toEqual(expected);
          expect(new Set(paged).size, label).toBe(expected.length);
        }
      }
    }
  });

  test.for([
    'sort=secret',
    'sort=title;drop table tickets',
    'sort=',
    'order=sideways',
    'order=DESC',
    'createdBy=unassigned',
    'createdBy=someone',
    'sort=title%00',
  ])('GET /api/tickets?%s: 400', async (query, { t, world }) => {
    // Malformed queries, as an outside client might send them.
    const response = await t.request({ token: world.people.owner.token, method: 'GET', url: `/api/tickets?${query}` });
    expect(response.statusCode, response.body).toBe(400);
  });
});
