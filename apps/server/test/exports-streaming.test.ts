import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportEndpoints, pathOf, type TicketListQuery, ticketEndpoints, UI_TEXT } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { csvRecords } from './helpers/csv.js';
import { factories, type Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { captureLog } from './helpers/log-capture.js';

/**
 * A CSV export streams: a file of many batches comes out whole and in the list's order,
 * ties and empty values across batch boundaries included; one person runs at most
 * MAX_CONCURRENT_EXPORTS at once (429 beyond); a client that hangs up stops the reading and frees
 * its place.
 */
const test = apiTest({ demoData: false, settings: { EXPORT_BATCH_ROWS: '100' } });
/** Thousands of rows written and read. */
const LONG = { timeout: 180_000 };

/**
 * `count` tickets of the organization in one statement, on ten distinct times (so most share one),
 * every second one assigned to `assignee`, each description `descriptionBytes` long.
 */
async function insertTickets(
  db: Database,
  organizationId: string,
  creator: Member,
  count: number,
  { assignee = creator, descriptionBytes = 20 } = {},
) {
  await db.execute(sql`
    insert into tickets (organization_id, title, description, created_by, assigned_to, created_at, updated_at)
    select ${organizationId}, 'Ticket ' || n, repeat('d', ${descriptionBytes}), ${creator.id},
      case when n % 2 = 0 then ${assignee.id}::uuid end,
      timestamptz '2031-03-10 09:00:00+00' + (n % 10) * interval '1 minute' + interval '0.000123 second',
      timestamptz '2031-03-10 09:00:00+00'
    from generate_series(1, ${count}) as n`);
}

/** A sort of the tickets list, which its export follows. */
type TicketOrder = Pick<TicketListQuery, 'sort' | 'order'>;

/** Every id the tickets list shows with the query, 100 a page. */
async function listedTicketIds(t: TestApp, member: Member, query: TicketOrder) {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await t.call(ticketEndpoints.list, { query: { ...query, page, limit: 100 }, token: member.token });
    const { body } = response;
    ids.push(...body.data.map((ticket) => ticket.id));
    if (page >= body.pagination.pages) return ids;
  }
}

test('2,500 tickets in 25 batches: every one once, in the list order, for each sort', LONG, async ({ t, make }) => {
  const organization = await make.organization();
  const [owner, colleague] = await Promise.all([
    make.member(organization.id, { role: 'org_admin' }),
    make.member(organization.id),
  ]);
  await insertTickets(t.database.db, organization.id, owner, 2500, { assignee: colleague });
  // Newest first (one row value, an index range) and by assignee, half of them nobody (term by term).
  const orders: TicketOrder[] = [{ sort: 'createdAt' }, { sort: 'assignedTo', order: 'desc' }];
  for (const query of orders) {
    const response = await t.call(exportEndpoints.tickets, { query, token: owner.token });
    expect(response.status, response.response.body).toBe(200);
    const exported = csvRecords(response.response.body).map((row) => row.ID);
    const label = JSON.stringify(query);
    expect(exported, label).toHaveLength(2500);
    expect(new Set(exported).size, label).toBe(2500);
    expect(exported, label).toEqual(await listedTicketIds(t, owner, query));
  }
});

/** An export the client has started reading and then stopped: the server can send no more. */
function pausedExport(url: string, token: string): Promise<{ hangUp(): void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
      response.once('data', () => {
        response.pause();
        resolve({ hangUp: () => request.destroy() });
      });
    });
    // Hanging up is this test's doing.
    request.on('error', () => {});
  });
}

test(
  'two exports at once per person; a third waits (429); one hung up stops reading and frees its place',
  LONG,
  async () => {
    const log = captureLog();
    const t = await createTestApp({ demoData: false, logStream: log.stream, settings: { EXPORT_BATCH_ROWS: '20' } });
    try {
      const make = factories(t.database.db);
      const organization = await make.organization();
      const [owner, colleague] = await Promise.all([
        make.member(organization.id, { role: 'org_admin' }),
        make.member(organization.id, { role: 'org_admin' }),
      ]);
      // 20 MB of CSV: more than the sockets between client and server hold, so a paused export stays open.
      await insertTickets(t.database.db, organization.id, owner, 400, { descriptionBytes: 50_000 });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${pathOf(exportEndpoints.tickets)}`;
      const first = await pausedExport(url, owner.token);
      const second = await pausedExport(url, owner.token);

      const third = await t.call(exportEndpoints.members, { token: owner.token });
      expect(third.status, third.response.body).toBe(429);
      expect(third.refusal.error).toBe(UI_TEXT.tooManyExports);
      expect(third.headers['retry-after']).toBe('5');
      // Another person's exports are theirs.
      const colleagues = await t.call(exportEndpoints.members, { token: colleague.token });
      expect(colleagues.status).toBe(200);

      first.hangUp();
      const line = JSON.parse(
        (await log.textWith('"complete":false', 5000)).split('\n').find((text) => text.includes('"complete":false')) ??
          '{}',
      ) as { export?: string; rows?: number };
      expect(line.export).toBe('tickets');
      // It stopped where the client stopped: far from the 400 rows.
      expect(line.rows).toBeLessThan(400);
      const again = await t.call(exportEndpoints.members, { token: owner.token });
      expect(again.status, again.response.body).toBe(200);
      second.hangUp();
    } finally {
      await t.close();
    }
  },
);
