import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isPopularDepartment, isPopularTemplate, TEMPLATE_FILE_TYPES } from '@smart/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { demoTemplateDepartments } from '../src/db/seed/demo-templates.js';
import { seedDemoTemplatesOnce } from '../src/db/seed/templates.js';
import { localStorage } from '../src/storage/local-storage.js';
import { freshDatabase } from './helpers/database.js';

let database: DatabaseHandle;
let dir: string;
const storage = () => localStorage(path.join(dir, 'files'));

beforeAll(async () => {
  database = await freshDatabase({ demoData: true });
  dir = await mkdtemp(path.join(tmpdir(), 'smart-demo-templates-'));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

const rows = async <T>(query: string) => (await database.query(query)).rows as T[];

describe('demo templates', () => {
  // Their seeding's CPU time is a goal of `npm run bench` (bench/bounds.ts), not checked here.
  it('are seeded once: the five departments of the sign-in page with 3 to 8 templates each', async () => {
    expect(await seedDemoTemplatesOnce(database.db, storage())).toBe(true);
    expect(await seedDemoTemplatesOnce(database.db, storage())).toBe(false);
    const counts = await rows<{ name: string; n: number }>(`select d.name, count(t.id)::int as n
      from template_departments d left join templates t on t.department_id = d.id group by d.name order by d.name`);
    expect(counts.map((row) => row.name)).toEqual([
      'Finance',
      'Human Resources',
      'Leadership',
      'Marketing',
      'Operations',
    ]);
    for (const { n } of counts) expect(n).toBeGreaterThanOrEqual(3);
    for (const { n } of counts) expect(n).toBeLessThanOrEqual(8);
    expect(counts.some((row) => isPopularDepartment(row.n))).toBe(true);
  });

  it('make Popular and Most Downloaded show something, without making everything popular', () => {
    const downloads = demoTemplateDepartments.flatMap((department) => department.templates.map((t) => t.downloads));
    const popular = downloads.filter(isPopularTemplate).length;
    expect(popular).toBeGreaterThan(3);
    expect(popular).toBeLessThan(downloads.length / 2 + 3);
  });

  it('store real PDF and DOCX documents, each its primary first, with bytes matching their rows', async () => {
    const stored = await rows<{ key: string; content_type: string; size: number; primary: boolean }>(
      `select f.key, f.content_type, f.size, f.id = t.primary_file_id as primary
       from files f join templates t on t.id = f.record_id where f.record_type = 'template'`,
    );
    expect(new Set(stored.map((file) => file.content_type))).toEqual(
      new Set(TEMPLATE_FILE_TYPES.filter((type) => type.extension !== 'doc').map((type) => type.mimeType)),
    );
    for (const file of stored) {
      const bytes = await readFile(path.join(dir, 'files', file.key));
      expect(bytes.length).toBe(file.size);
      expect((await fileTypeFromBuffer(bytes))?.mime).toBe(file.content_type);
    }
    const primaries = await rows<{ n: number }>(
      'select count(*)::int as n from templates where primary_file_id is not null',
    );
    expect(primaries[0]?.n).toBe(demoTemplateDepartments.flatMap((department) => department.templates).length);
  });
});
