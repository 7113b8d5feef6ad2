import {
  type CreateTemplateDepartmentBody,
  type TemplateDepartmentListQuery,
  type TemplateListQuery,
  templateDepartmentEndpoints,
  templateEndpoints,
  UI_TEXT,
  type UpdateTemplateDepartmentBody,
} from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { factories, type Member } from './helpers/factories.js';
import { insertTemplate, insertTemplateDepartment } from './helpers/templates.js';

let t: TestApp;
let admin: Member;
let member: Member;
let hr: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp({ demoData: false });
  const make = factories(t.database.db);
  admin = await make.admin();
  member = await make.member((await make.organization()).id);
  const db = t.database.db;
  hr = (await insertTemplateDepartment(db, { name: 'People Ops', description: 'Hiring and leave' })).id;
  finance = (await insertTemplateDepartment(db, { name: 'Money', icon: 'HiCurrencyDollar', color: 'green' })).id;
  await insertTemplateDepartment(db, { name: 'Archive', isActive: false });
  const hrTemplates = [
    ['Employee Onboarding Checklist', 412, ['new hire']],
    ['Leave Request Form', 388, ['holiday']],
    ['Performance Review', 90, ['goals']],
    ['Remote Work Policy', 147, ['hybrid']],
    ['Code of Conduct', 20, ['ethics']],
    ['Exit Interview', 5, ['offboarding']],
  ] as const;
  for (const [name, downloads, tags] of hrTemplates) {
    await insertTemplate(db, { departmentId: hr, createdBy: admin.id, name, downloads, tags: [...tags] });
  }
  await insertTemplate(db, { departmentId: finance, createdBy: admin.id, name: 'Expense Policy', downloads: 101 });
});
afterAll(async () => {
  await t?.close();
});

async function list(query: TemplateListQuery, as = member) {
  const response = await t.call(templateEndpoints.list, { query, as });
  expect(response.status, response.response.body).toBe(200);
  return response.body;
}
const names = async (query: TemplateListQuery) => (await list(query)).data.map((template) => template.name);

async function departments(query: TemplateDepartmentListQuery = {}, as = member) {
  const response = await t.call(templateDepartmentEndpoints.list, { query, as });
  expect(response.status, response.response.body).toBe(200);
  return response.data;
}

describe('template departments', () => {
  it('lists active ones by name with their counts, Popular above 5 templates', async () => {
    const rows = await departments();
    expect(rows.map((row) => [row.name, row.templateCount, row.isPopular])).toEqual([
      ['Money', 1, false],
      ['People Ops', 6, true],
    ]);
    expect(rows[0]?.settings).toEqual({ isActive: true, color: 'green', icon: 'HiCurrencyDollar' });
    expect(rows[0]?.permissions).toEqual({ canEdit: false, canDelete: false });
    expect((await departments({ popular: 'true' })).map((row) => row.name)).toEqual(['People Ops']);
    expect((await departments({ search: 'leave' })).map((row) => row.name)).toEqual(['People Ops']);
  });

  it('shows inactive ones to admins only, and answers 404 for them otherwise', async () => {
    expect((await departments({ includeInactive: 'true' })).map((row) => row.name)).toEqual(['Money', 'People Ops']);
    expect((await departments({ includeInactive: 'true' }, admin)).map((row) => row.name)).toEqual([
      'Archive',
      'Money',
      'People Ops',
    ]);
    const [archive] = await departments({ includeInactive: 'true', search: 'archive' }, admin);
    const department = (id: string) => t.call(templateDepartmentEndpoints.get, { params: { id }, as: member });
    const asMember = await department(String(archive?.id));
    expect(asMember.status).toBe(404);
    expect(asMember.refusal.error).toBe(UI_TEXT.departmentNotFound);
    // A malformed id, as an outside client might send it.
    const malformed = await t.request({
      method: 'GET',
      url: '/api/templates/departments/not-a-uuid',
      token: member.token,
    });
    expect(malformed.statusCode).toBe(404);
    expect((await department('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('lets an admin create, rename and delete an empty one; names are unique; icons checked; non-empty ones stay', async () => {
    const create = (body: CreateTemplateDepartmentBody) =>
      t.call(templateDepartmentEndpoints.create, { body, as: admin });
    const update = (id: string, body: UpdateTemplateDepartmentBody) =>
      t.call(templateDepartmentEndpoints.update, { params: { id }, body, as: admin });
    const remove = (id: string) => t.call(templateDepartmentEndpoints.remove, { params: { id }, as: admin });
    const created = await create({ name: 'Legal', description: 'Contracts' });
    expect(created.status, created.response.body).toBe(201);
    expect(created.data).toMatchObject({
      name: 'Legal',
      templateCount: 0,
      settings: { isActive: true, color: 'blue', icon: 'HiUserGroup' },
      permissions: { canEdit: true, canDelete: true },
    });
    const duplicate = await create({ name: 'legal' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.refusal.error).toBe(UI_TEXT.templateDepartmentNameTaken);
    const badIcon = await create({ name: 'X', settings: { icon: 'NotAnIcon' } });
    expect(badIcon.refusal.error).toBe(UI_TEXT.departmentIconInvalid);
    const emoji = await update(created.data.id, { settings: { icon: '⚖️' } });
    expect(emoji.data.settings.icon).toBe('⚖️');
    expect((await remove(created.data.id)).status).toBe(200);
    const busy = await remove(hr);
    expect(busy.status).toBe(409);
    expect(busy.refusal.error).toBe(UI_TEXT.templateDepartmentHasTemplates);
    expect((await update(hr, { name: 'a\u0000' })).status).toBe(400);
  });
});

describe('the template list', () => {
  it('searches name, description and tags through the database, case-insensitively and by part of a word', async () => {
    expect(await names({ search: 'onboard' })).toEqual(['Employee Onboarding Checklist']);
    expect(await names({ search: 'HYBRID' })).toEqual(['Remote Work Policy']);
    expect(await names({ search: '100%' })).toEqual([]);
    expect((await list({ search: 'policy', sort: 'name' })).data.map((template) => template.name)).toEqual([
      'Expense Policy',
      'Remote Work Policy',
    ]);
  });

  it('filters by department, popular (more than 100 downloads) and category; sorts by downloads; pages', async () => {
    expect(await names({ departmentId: finance })).toEqual(['Expense Policy']);
    expect(await names({ popular: 'true', sort: 'downloads' })).toEqual([
      'Employee Onboarding Checklist',
      'Leave Request Form',
      'Remote Work Policy',
      'Expense Policy',
    ]);
    expect((await list({ category: 'policy' })).pagination.total).toBe(7);
    const page = await list({ departmentId: hr, sort: 'downloads', limit: 4, page: 2 });
    expect(page.data.map((template) => template.name)).toEqual(['Code of Conduct', 'Exit Interview']);
    expect(page.pagination).toEqual({ page: 2, limit: 4, total: 6, pages: 2 });
    const popular = (await list({ search: 'expense' })).data[0];
    expect(popular).toMatchObject({ isPopular: true, downloadCount: 101, departmentName: 'Money' });
  });

  it('answers bad queries with 400, never 500', async () => {
    const queries: TemplateListQuery[] = [
      { limit: 0 },
      { limit: 1000 },
      { page: 0 },
      { departmentId: 'abc' },
      { search: 'x'.repeat(101) },
      { search: '\u0000' },
    ];
    for (const query of queries) {
      const response = await t.call(templateEndpoints.list, { query, as: member });
      expect(response.status, JSON.stringify(query)).toBe(400);
    }
    // A sort and a flag that are none, as an outside client might send them.
    for (const query of ['sort=size', 'popular=maybe']) {
      const response = await t.request({ method: 'GET', url: `/api/templates?${query}`, token: member.token });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('finds matches through the trigram index, not by reading every row', async () => {
    await t.database.query(`insert into templates (department_id, name, description, category, tags)
      select '${finance}', 'Generated template ' || n, 'Filler text number ' || n || ' about something else entirely',
        'Form', array['tag' || n]
      from generate_series(1, 3000) as n`);
    await t.database.query('analyze templates');
    const { rows } = await t.database.query(
      `explain select id from templates where template_search_text(name, description, tags) ilike '%onboard%'`,
    );
    const plan = rows.map((row) => Object.values(row as object)[0]).join('\n');
    expect(plan).toContain('templates_search_idx');
    expect(await names({ search: 'onboarding' })).toEqual(['Employee Onboarding Checklist']);
  });
});
