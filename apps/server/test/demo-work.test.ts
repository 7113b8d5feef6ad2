import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { seedDemoWorkOnce } from '../src/db/seed/work.js';
import { localStorage } from '../src/storage/local-storage.js';
import { freshDatabase } from './helpers/database.js';

let database: DatabaseHandle;
let dir: string;
const storage = () => localStorage(path.join(dir, 'files'));

beforeAll(async () => {
  database = await freshDatabase({ demoData: true });
  dir = await mkdtemp(path.join(tmpdir(), 'smart-demo-work-'));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

const rows = async (query: string) => (await database.query(query)).rows;

describe('demo projects, objectives and tasks', () => {
  it('are seeded once, also into a database seeded before projects existed', async () => {
    expect(await seedDemoWorkOnce(database.db, storage())).toBe(true);
    expect(await seedDemoWorkOnce(database.db, storage())).toBe(false);
    const [count] = await rows('select count(*)::int as n from projects');
    expect(count?.n).toBe(5);
  });

  it('give Acme three or more projects in different statuses, 2–4 objectives each and 3–8 tasks per objective', async () => {
    const projects = await rows(`select p.status, count(o.id)::int as objectives from projects p
      join organizations org on org.id = p.organization_id and org.name = 'Acme Corp'
      left join objectives o on o.project_id = p.id group by p.id, p.status`);
    expect(projects.length).toBeGreaterThanOrEqual(3);
    expect(new Set(projects.map((project) => project.status)).size).toBeGreaterThanOrEqual(3);
    for (const project of projects) expect(project.objectives).toBeGreaterThanOrEqual(2);
    for (const project of projects) expect(project.objectives).toBeLessThanOrEqual(4);
    const perObjective = await rows(
      'select count(t.id)::int as n from objectives o left join tasks t on t.objective_id = o.id group by o.id',
    );
    for (const objective of perObjective) {
      expect(objective.n).toBeGreaterThanOrEqual(3);
      expect(objective.n).toBeLessThanOrEqual(8);
    }
  });

  it('assign several tasks to the demo member, some overdue, with comments and history', async () => {
    const [member] = await rows(`select count(*)::int as n from tasks t join users u on u.id = t.assigned_to
      where u.email = 'member@acme.example.com'`);
    expect(member?.n).toBeGreaterThanOrEqual(5);
    const [overdue] = await rows(
      `select count(*)::int as n from tasks where due_date < current_date and status <> 'completed'`,
    );
    expect(overdue?.n).toBeGreaterThan(0);
    const [comments] = await rows('select count(*)::int as n from task_comments');
    expect(comments?.n).toBeGreaterThan(0);
    const [untracked] = await rows(`select count(*)::int as n from tasks t where not exists
      (select 1 from task_activity a where a.task_id = t.id and a.kind = 'created')`);
    expect(untracked?.n).toBe(0);
  });

  it('attach real files to some objectives and tasks, in their organization', async () => {
    const attached = await rows(`select f.key, f.content_type, f.record_type from files f
      where f.record_type in ('objective', 'task')
        and f.organization_id = coalesce((select organization_id from objectives where id = f.record_id),
                                         (select organization_id from tasks where id = f.record_id))`);
    expect(new Set(attached.map((file) => file.record_type))).toEqual(new Set(['objective', 'task']));
    for (const file of attached) {
      const stream = await storage().open(String(file.key));
      expect(stream).not.toBeNull();
      const chunks: Buffer[] = [];
      for await (const chunk of stream!) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      if (file.content_type === 'application/pdf')
        expect((await fileTypeFromBuffer(bytes))?.mime).toBe('application/pdf');
      else expect(bytes.toString()).toContain(',');
    }
  });

  it('keep progress within 0–100 in steps of 5 (the database refuses anything else)', async () => {
    await expect(database.db.execute(sql`update tasks set progress = 7`)).rejects.toThrow();
  });
});
