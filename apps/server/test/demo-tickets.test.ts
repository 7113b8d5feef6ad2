import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { seedDemoTicketsOnce } from '../src/db/seed/tickets.js';
import { localStorage } from '../src/storage/local-storage.js';
import { freshDatabase } from './helpers/database.js';

let database: DatabaseHandle;
let dir: string;
const storage = () => localStorage(path.join(dir, 'files'));

beforeAll(async () => {
  database = await freshDatabase({ demoData: true });
  dir = await mkdtemp(path.join(tmpdir(), 'smart-demo-tickets-'));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

const rows = async (query: string) => (await database.query(query)).rows;

describe('demo tickets', () => {
  it('are seeded once: 40+ for Acme (one under its service levels) and 10 for Globex', async () => {
    expect(await seedDemoTicketsOnce(database.db, storage())).toBe(true);
    expect(await seedDemoTicketsOnce(database.db, storage())).toBe(false);
    const counts = await rows(`select o.name, count(*)::int as n from tickets t
      join organizations o on o.id = t.organization_id group by o.name order by o.name`);
    expect(counts).toEqual([
      { name: 'Acme Corp', n: 43 },
      { name: 'Globex', n: 10 },
    ]);
    const [repeated] = await rows('select count(*)::int - count(distinct title)::int as n from tickets');
    expect(repeated?.n, 'every demo ticket asks something of its own').toBe(0);
  });

  it('cover every status, priority and category in each organization, some assigned to the advisor in Acme', async () => {
    for (const column of ['status', 'priority', 'category']) {
      const spread = await rows(`select count(distinct ${column})::int as n from tickets group by organization_id`);
      expect(
        spread.every((row) => row.n === ({ status: 5, priority: 4, category: 5 } as Record<string, number>)[column]),
        column,
      ).toBe(true);
    }
    const [advisor] = await rows(`select count(*)::int as n from tickets t join users u on u.id = t.assigned_to
      where u.email = 'advisor@smart.example.com'`);
    expect(advisor?.n).toBeGreaterThanOrEqual(5);
  });

  it('carry comments, history and a few files whose bytes are stored; resolved and closed ones their dates', async () => {
    const [comments] = await rows('select count(*)::int as n from ticket_comments');
    expect(comments?.n).toBeGreaterThan(20);
    const [unhistoried] = await rows(`select count(*)::int as n from tickets t
      where not exists (select 1 from ticket_activity a where a.ticket_id = t.id and a.kind = 'created')`);
    expect(unhistoried?.n).toBe(0);
    const attached = await rows(`select key from files where record_type = 'ticket'`);
    expect(attached.length).toBeGreaterThanOrEqual(3);
    for (const { key } of attached) expect(await storage().open(key as string)).not.toBeNull();
    const [undated] = await rows(`select count(*)::int as n from tickets where
      (status = 'closed' and closed_at is null) or (status in ('resolved', 'closed') and resolved_at is null)
      or (status in ('open', 'in_progress') and (resolved_at is not null or closed_at is not null))`);
    expect(undated?.n).toBe(0);
  });

  it('put Acme under service levels with one urgent ticket at risk of missing its first response', async () => {
    const targets = await rows(
      `select priority::text, clock::text from service_level_targets order by priority::ticket_priority desc`,
    );
    expect(targets.map((row) => row.priority)).toEqual(['urgent', 'high', 'medium', 'low']);
    const clocks = await rows(`select title, sla_warn_at <= now() as at_risk, sla_due_at > now() as before_due
      from tickets where sla_clock is not null`);
    expect(clocks).toEqual([{ title: 'Payment terminal declines every card', at_risk: true, before_due: true }]);
  });
});
