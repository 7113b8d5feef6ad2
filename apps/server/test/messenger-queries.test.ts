import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Member } from './helpers/factories.js';
import { type CountingApp, createCountingApp } from './helpers/query-count.js';

/** The conversations list is one statement: statements per request do not grow with conversations. */
let counting: CountingApp;
let member: Member;
let colleague: Member;

beforeAll(async () => {
  counting = await createCountingApp({ demoData: false });
  const make = factories(counting.app.database.db);
  const organization = await make.organization();
  [member, colleague] = await Promise.all([make.member(organization.id), make.member(organization.id)]);
});
afterAll(async () => {
  await counting?.close();
});

/** Grows the member's conversations to `total`, each with the colleague and two messages from it. */
async function growTo(total: number) {
  await counting.app.database.db.execute(sql`
    with added as (
      insert into conversations (organization_id, title, created_by, last_message_at, message_count)
      select ${member.organizationId}, 'Conversation ' || n, ${member.id}, now() - n * interval '1 minute', 2
      from generate_series((select count(*) from conversations) + 1, ${total}) as n
      returning id, organization_id
    ), people as (
      insert into conversation_participants (conversation_id, user_id, organization_id)
      select id, person, organization_id from added, unnest(array[${member.id}::uuid, ${colleague.id}::uuid]) as person
    )
    insert into messages (organization_id, conversation_id, sender_id, content)
    select organization_id, id, ${colleague.id}, 'Hello ' || n from added, generate_series(1, 2) as n`);
}

const LISTS = {
  list: '/api/conversations?limit=100',
  laterPage: '/api/conversations?page=2&limit=5',
  advisorChats: '/api/conversations/advisors/conversations',
  unread: '/api/conversations/unread',
};

async function measure() {
  const result: Record<string, number> = {};
  for (const [name, url] of Object.entries(LISTS)) result[name] = (await counting.queriesOf(member.token, url)).count;
  return result;
}

describe('queries per messenger list request', () => {
  it('the same statements at 10 and at 1,000 conversations: the session and one list statement', async () => {
    await growTo(10);
    const few = await measure();
    await growTo(1000);
    const many = await measure();
    expect(many).toEqual(few);
    expect(many).toEqual({ list: 2, laterPage: 2, advisorChats: 2, unread: 2 });
    const page = await counting.queriesOf(member.token, '/api/conversations?limit=100');
    expect(page.data).toHaveLength(100);
    expect(page.data[0]).toMatchObject({ title: 'Conversation 1', unreadCount: 2, participantCount: 2 });
    expect(page.data[0].lastMessage).toMatchObject({ senderId: colleague.id });
  });

  it('a page of messages is two statements besides the access check, whatever its size', async () => {
    const [conversation] = (await counting.queriesOf(member.token, '/api/conversations?limit=1')).data;
    const small = await counting.queriesOf(member.token, `/api/messages/conversations/${conversation.id}?limit=1`);
    const large = await counting.queriesOf(member.token, `/api/messages/conversations/${conversation.id}?limit=100`);
    expect(large.count).toBe(small.count);
    expect(large.data).toHaveLength(2);
  });
});
