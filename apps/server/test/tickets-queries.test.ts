import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Member } from './helpers/factories.js';
import { type CountingApp, createCountingApp } from './helpers/query-count.js';

/** People and counts come with the list query: statements per ticket list request do not grow with rows. */
let counting: CountingApp;
let member: Member;

beforeAll(async () => {
  counting = await createCountingApp({ demoData: false });
  const make = factories(counting.app.database.db);
  const organization = await make.organization();
  member = await make.member(organization.id, { role: 'org_admin' });
});
afterAll(async () => {
  await counting?.close();
});

/** Grows the organization to `total` tickets, each with a comment and an assignee (one statement). */
async function growTo(total: number) {
  await counting.app.database.db.execute(sql`
    with added as (
      insert into tickets (organization_id, title, description, created_by, assigned_to, created_at)
      select ${member.organizationId}, 'Ticket ' || n, 'Printer trouble number ' || n, ${member.id}, ${member.id},
        now() - n * interval '1 minute'
      from generate_series((select count(*) from tickets) + 1, ${total}) as n
      returning id, organization_id
    )
    insert into ticket_comments (organization_id, ticket_id, author_id, text)
    select organization_id, id, ${member.id}, 'Looking' from added`);
}

const LISTS = {
  firstPage: '/api/tickets?limit=100',
  laterPage: '/api/tickets?page=2&limit=5',
  search: '/api/tickets?search=printer&limit=100',
  filtered: '/api/tickets?status=open&assignedTo=me&sort=priority&limit=100',
};

async function measure() {
  const result: Record<string, number> = {};
  for (const [name, url] of Object.entries(LISTS)) result[name] = (await counting.queriesOf(member.token, url)).count;
  return result;
}

describe('queries per ticket list request', () => {
  it('the same statements at 10 and at 1,000 tickets: the session, the total, the page', async () => {
    await growTo(10);
    const few = await measure();
    await growTo(1000);
    const many = await measure();
    expect(many).toEqual(few);
    expect(many).toEqual({ firstPage: 3, laterPage: 3, search: 3, filtered: 3 });
    const page = await counting.queriesOf(member.token, '/api/tickets?limit=100');
    expect(page.data).toHaveLength(100);
    expect(page.data[0]).toMatchObject({ commentCount: 1, assignedTo: { id: member.id } });
  });
});
