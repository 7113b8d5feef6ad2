import { MAX_UPLOAD_BYTES, pathOf, type Template, templateEndpoints, UI_TEXT } from '@smart/contracts';
import { describe, expect } from 'vitest';
import type { TestApp } from './helpers/app.js';
import { adminOnly, authzMatrix, type Statuses } from './helpers/authz-matrix.js';
import { apiTest } from './helpers/fixture.js';
import { TINY_PNG } from './helpers/multipart.js';
import {
  createTemplateThroughApi,
  DOC,
  DOCX_TYPE,
  docxBytes,
  type InsertedTemplate,
  insertTemplate,
  insertTemplateDepartment,
  PDF,
  pdfPart,
  templateFields,
  templateFormRequest,
} from './helpers/templates.js';

/** How many template files the database holds. */
async function templateFileCountIn(t: TestApp) {
  const { rows } = await t.database.query("select count(*)::int as n from files where record_type = 'template'");
  return (rows[0] as { n: number }).n;
}

const test = apiTest({ demoData: false })
  .extend('otherAdvisor', { scope: 'file' }, ({ make }) => make.advisor())
  .extend(
    'departmentId',
    { scope: 'file', auto: true },
    async ({ t }) => (await insertTemplateDepartment(t.database.db)).id,
  )
  .extend('post', { scope: 'file' }, ({ t, cast }) => {
    return (fields: Record<string, string>, parts = [pdfPart()], token = cast.advisorAssigned.token) =>
      t.request({ ...templateFormRequest('POST', pathOf(templateEndpoints.create), fields, parts), token });
  })
  .extend('put', { scope: 'file' }, ({ t, cast }) => {
    return (id: string, fields: Record<string, string>, parts = [pdfPart()], token = cast.advisorAssigned.token) =>
      t.request({ ...templateFormRequest('PUT', pathOf(templateEndpoints.update, { id }), fields, parts), token });
  })
  .extend('templateFileCount', { scope: 'file' }, ({ t }) => {
    return () => templateFileCountIn(t);
  });

/** Every signed-in role reads the library (canManageTemplates). */
const READERS: Statuses = {
  admin: 200,
  orgAdmin: 200,
  user: 200,
  advisorAssigned: 200,
  advisorUnassigned: 200,
  otherOrgAdmin: 200,
  anonymous: 401,
};
/** Creating: canCreateTemplates (admin, advisors). */
const CREATORS: Statuses = { ...adminOnly(201), advisorAssigned: 201, advisorUnassigned: 201 };

authzMatrix('who may do what with templates (one created by the admin)', {
  test,
  arrange: (people, { t, departmentId }) => insertTemplate(t.database.db, { departmentId, createdBy: people.admin.id }),
  routes: [
    { route: 'GET /api/templates', request: () => ({ method: 'GET', url: '/api/templates' }), statuses: READERS },
    {
      route: 'GET /api/templates/:id',
      request: (template: InsertedTemplate) => ({ method: 'GET', url: `/api/templates/${template.id}` }),
      statuses: READERS,
    },
    {
      route: 'POST /api/templates',
      request: (_template, _cast, _actor, { departmentId }) =>
        templateFormRequest('POST', '/api/templates', templateFields(departmentId), [pdfPart()]),
      statuses: CREATORS,
    },
    {
      route: 'PUT /api/templates/:id',
      request: (template) => ({ method: 'PUT', url: `/api/templates/${template.id}`, payload: { name: 'Renamed' } }),
      statuses: { ...adminOnly(200) },
    },
    {
      route: 'DELETE /api/templates/:id',
      request: (template) => ({ method: 'DELETE', url: `/api/templates/${template.id}` }),
      statuses: adminOnly(200),
    },
    {
      route: 'POST /api/templates/:id/download',
      request: (template) => ({ method: 'POST', url: `/api/templates/${template.id}/download?fileIndex=1` }),
      statuses: READERS,
    },
    {
      route: 'POST /api/templates/:id/preview',
      request: (template) => ({ method: 'POST', url: `/api/templates/${template.id}/preview?fileIndex=0` }),
      statuses: READERS,
    },
    {
      route: 'GET /api/templates/departments',
      request: () => ({ method: 'GET', url: '/api/templates/departments' }),
      statuses: READERS,
    },
    {
      route: 'GET /api/templates/departments/:id',
      request: (template) => ({ method: 'GET', url: `/api/templates/departments/${template.departmentId}` }),
      statuses: READERS,
    },
  ],
});

authzMatrix('who may manage template departments', {
  test,
  arrange: (_cast, { t }) => insertTemplateDepartment(t.database.db),
  routes: [
    {
      route: 'POST /api/templates/departments',
      request: () => ({
        method: 'POST',
        url: '/api/templates/departments',
        payload: { name: `Legal ${Math.random()}` },
      }),
      statuses: adminOnly(201),
    },
    {
      route: 'PUT /api/templates/departments/:id',
      request: (department) => ({
        method: 'PUT',
        url: `/api/templates/departments/${department.id}`,
        payload: { settings: { isActive: false } },
      }),
      statuses: adminOnly(200),
    },
    {
      route: 'DELETE /api/templates/departments/:id',
      request: (department) => ({ method: 'DELETE', url: `/api/templates/departments/${department.id}` }),
      statuses: adminOnly(200),
    },
  ],
});

describe('creating a template', () => {
  test('stores the fields and the files in order, the first primary, with the creator allowed to edit', async ({
    t,
    cast,
    departmentId,
  }) => {
    const template = await createTemplateThroughApi(t, cast.advisorAssigned.token, templateFields(departmentId), [
      pdfPart('Travel policy.pdf'),
      { field: 'files', filename: 'Claim form.docx', content: await docxBytes(), type: DOCX_TYPE },
      { field: 'files', filename: 'Old form.DOC', content: DOC, type: 'application/msword' },
    ]);
    expect(template).toMatchObject({
      name: 'Travel policy',
      description: 'How we travel',
      departmentId,
      category: 'Policy',
      tags: ['travel', 'expenses'],
      downloadCount: 0,
      isPopular: false,
      createdBy: { id: cast.advisorAssigned.id },
      permissions: { canEdit: true, canDelete: true },
    });
    expect(template.files.map((file) => [file.index, file.originalName, file.extension, file.isPrimary])).toEqual([
      [0, 'Travel policy.pdf', 'pdf', true],
      [1, 'Claim form.docx', 'docx', false],
      [2, 'Old form.DOC', 'doc', false],
    ]);
    expect(template.files.map((file) => file.canPreview)).toEqual([true, false, false]);
    expect(template.fileTypes[1]).toEqual({
      extension: 'docx',
      mimeType: DOCX_TYPE,
      size: expect.any(Number),
      isPrimary: false,
    });
    expect(template.files[2]?.mimeType).toBe('application/msword');
  });

  test('requires name, category and a file with one message, and stores nothing', async ({
    departmentId,
    post,
    templateFileCount,
  }) => {
    const before = await templateFileCount();
    for (const [fields, parts] of [
      [templateFields(departmentId, { name: '  ' }), [pdfPart()]],
      [{ ...templateFields(departmentId), category: '' }, [pdfPart()]],
      [templateFields(departmentId), []],
    ] as const) {
      const response = await post(fields, [...parts]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toBe(UI_TEXT.templateFieldsRequired);
    }
    const missingName = { ...templateFields(departmentId) } as Record<string, string>;
    delete missingName.name;
    expect((await post(missingName)).json().error).toBe(UI_TEXT.templateFieldsRequired);
    expect(await templateFileCount()).toBe(before);
  });

  test('refuses an executable renamed .pdf, a PNG, a text file and a PDF renamed .docx, keeping no bytes', async ({
    departmentId,
    post,
    templateFileCount,
  }) => {
    const before = await templateFileCount();
    const executable = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);
    for (const part of [
      pdfPart('setup.pdf', executable),
      pdfPart('picture.png', TINY_PNG),
      pdfPart('picture.pdf', TINY_PNG),
      pdfPart('notes.txt', Buffer.from('plain text')),
      pdfPart('report.docx', PDF),
      pdfPart('noextension', PDF),
    ]) {
      const response = await post(templateFields(departmentId), [pdfPart('good.pdf'), part]);
      expect(response.statusCode, `${part.filename}: ${response.body}`).toBe(400);
      expect(response.json().error).toBe(UI_TEXT.templateFileTypeInvalid);
    }
    expect(await templateFileCount()).toBe(before);
  });

  test('refuses a PDF of 10 MB + 1 byte with 413 and keeps an exactly 10 MB one', async ({ departmentId, post }) => {
    const padded = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);
    const tooLarge = await post(templateFields(departmentId), [pdfPart('big.pdf', padded(MAX_UPLOAD_BYTES + 1))]);
    expect(tooLarge.statusCode, tooLarge.body).toBe(413);
    expect(tooLarge.json().error).toBe(UI_TEXT.fileTooLarge);
    const fits = await post(templateFields(departmentId), [pdfPart('big.pdf', padded(MAX_UPLOAD_BYTES))]);
    expect(fits.statusCode, fits.body).toBe(201);
    expect(fits.json().data.files[0].size).toBe(MAX_UPLOAD_BYTES);
  });

  test('answers bad input with 400, never 500: bad JSON tags, NUL, overlong text, bad ids, no multipart', async ({
    t,
    cast,
    departmentId,
    post,
  }) => {
    const cases: [Record<string, string>, string][] = [
      [templateFields(departmentId, { tags: '[not json' }), UI_TEXT.templateTagsInvalid],
      [templateFields(departmentId, { tags: '{"a":1}' }), UI_TEXT.invalidInput],
      [templateFields(departmentId, { name: 'a\u0000b' }), UI_TEXT.nulCharacter],
      [templateFields(departmentId, { name: 'x'.repeat(151) }), 'Must be at most 150 characters'],
      [templateFields('not-a-uuid'), UI_TEXT.templateDepartmentRequired],
      [templateFields('00000000-0000-4000-8000-000000000000'), UI_TEXT.templateDepartmentRequired],
    ];
    for (const [fields, message] of cases) {
      const response = await post(fields);
      expect(response.statusCode, response.body).toBe(400);
      if (message !== UI_TEXT.invalidInput) expect(response.json().error).toBe(message);
    }
    // JSON where the form is multipart, as an outside client might send it.
    const json = await t.request({
      method: 'POST',
      url: '/api/templates',
      payload: templateFields(departmentId),
      token: cast.admin.token,
    });
    expect(json.statusCode).toBe(400);
  });

  test('refuses an inactive department', async ({ t, post }) => {
    const inactive = await insertTemplateDepartment(t.database.db, { isActive: false });
    const response = await post(templateFields(inactive.id));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(UI_TEXT.templateDepartmentInactive);
  });
});

describe('editing and deleting a template', () => {
  let template: Template;
  test.beforeAll(async ({ t, cast, departmentId }) => {
    template = await createTemplateThroughApi(t, cast.advisorAssigned.token, templateFields(departmentId), [
      pdfPart('one.pdf'),
      pdfPart('two.pdf'),
      pdfPart('three.pdf'),
    ]);
  });

  test("lets an advisor change its own template but not another advisor's (403)", async ({ t, cast, otherAdvisor }) => {
    const params = { id: template.id };
    const own = await t.call(templateEndpoints.update, {
      params,
      body: { name: 'Travel policy 2025', tags: ['travel'] },
      as: cast.advisorAssigned,
    });
    expect(own.status, own.response.body).toBe(200);
    expect(own.data).toMatchObject({ name: 'Travel policy 2025', tags: ['travel'] });
    for (const method of ['PUT', 'DELETE'] as const) {
      const other =
        method === 'PUT'
          ? await t.call(templateEndpoints.update, { params, body: { name: 'Mine now' }, as: otherAdvisor })
          : await t.call(templateEndpoints.remove, { params, as: otherAdvisor });
      expect(other.status, other.response.body).toBe(403);
    }
    const seenByOther = await t.call(templateEndpoints.get, { params, as: otherAdvisor });
    expect(seenByOther.data.permissions).toEqual({ canEdit: false, canDelete: false });
  });

  test('removing the primary makes the next file primary; added files follow; a primary can be chosen', async ({
    t,
    cast,
    put,
  }) => {
    const [one] = template.files;
    const removed = await put(template.id, { removeFileIds: JSON.stringify([one?.id]) }, [pdfPart('four.pdf')]);
    expect(removed.statusCode, removed.body).toBe(200);
    const files = (removed.json().data as Template).files;
    expect(files.map((file) => [file.index, file.originalName, file.isPrimary])).toEqual([
      [0, 'two.pdf', true],
      [1, 'three.pdf', false],
      [2, 'four.pdf', false],
    ]);
    const choose = (primaryFileIndex: number) =>
      t.call(templateEndpoints.update, {
        params: { id: template.id },
        body: { primaryFileIndex },
        as: cast.advisorAssigned,
      });
    const chosen = await choose(2);
    expect(chosen.data.files.map((file) => file.isPrimary)).toEqual([false, false, true]);
    const outOfRange = await choose(7);
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.refusal.error).toBe(UI_TEXT.templatePrimaryInvalid);
  });

  test('keeps at least one file, refuses foreign file ids and wrong types, and stores nothing on refusal', async ({
    t,
    cast,
    put,
    templateFileCount,
  }) => {
    const params = { id: template.id };
    const current = (await t.call(templateEndpoints.get, { params, as: cast.admin })).data;
    const before = await templateFileCount();
    const all = await t.call(templateEndpoints.update, {
      params,
      body: { removeFileIds: current.files.map((file) => file.id) },
      as: cast.admin,
    });
    expect(all.status).toBe(400);
    expect(all.refusal.error).toBe(UI_TEXT.templateFieldsRequired);
    const foreign = await put(template.id, { removeFileIds: JSON.stringify([crypto.randomUUID()]) });
    expect(foreign.json().error).toBe(UI_TEXT.templateFileIdsInvalid);
    const png = await put(template.id, {}, [pdfPart('x.png', TINY_PNG)]);
    expect(png.json().error).toBe(UI_TEXT.templateFileTypeInvalid);
    expect(await templateFileCount()).toBe(before);
  });

  test('deletes the template with its files (admin any)', async ({ t, cast, templateFileCount }) => {
    const before = await templateFileCount();
    const count = template.files.length;
    const params = { id: template.id };
    const current = (await t.call(templateEndpoints.get, { params, as: cast.admin })).data;
    const response = await t.call(templateEndpoints.remove, { params, as: cast.admin });
    expect(response.status).toBe(200);
    expect(await templateFileCount()).toBe(before - current.files.length);
    expect(count).toBeGreaterThan(0);
    const gone = await t.call(templateEndpoints.get, { params, as: cast.admin });
    expect(gone.status).toBe(404);
    expect(gone.refusal.error).toBe(UI_TEXT.templateNotFound);
  });
});
