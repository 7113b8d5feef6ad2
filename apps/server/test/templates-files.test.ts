import { type Template, UI_TEXT } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { factories, type Member } from './helpers/factories.js';
import {
  createTemplateThroughApi,
  DOCX_TYPE,
  docxBytes,
  insertTemplateDepartment,
  PDF,
  pdfPart,
  templateFields,
} from './helpers/templates.js';

let t: TestApp;
let advisor: Member;
let member: Member;
let template: Template;
let docx: Buffer;

beforeAll(async () => {
  t = await createTestApp({ demoData: false });
  const make = factories(t.database.db);
  const organization = await make.organization();
  [advisor, member] = await Promise.all([make.advisor(), make.member(organization.id)]);
  const department = await insertTemplateDepartment(t.database.db);
  docx = await docxBytes();
  template = await createTemplateThroughApi(t, advisor.token, templateFields(department.id), [
    pdfPart('Travel policy.pdf'),
    { field: 'files', filename: 'Claim form.docx', content: docx, type: DOCX_TYPE },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const call = (path: string, token = member.token) =>
  t.request({ method: 'POST', url: `/api/templates/${template.id}/${path}`, token });

async function downloadCount() {
  const response = await t.request({ method: 'GET', url: `/api/templates/${template.id}`, token: member.token });
  return (response.json().data as Template).downloadCount;
}

describe('downloading and previewing template files', () => {
  it('serves the chosen file through a signed link as an attachment with its name', async () => {
    const response = await call('download?fileIndex=1');
    expect(response.statusCode, response.body).toBe(200);
    const { downloadUrl, fileName } = response.json().data;
    expect(fileName).toBe('Claim form.docx');
    const file = await t.request({ method: 'GET', url: downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(docx)).toBe(true);
    expect(file.headers['content-type']).toBe(DOCX_TYPE);
    expect(file.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''Claim%20form.docx`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('downloads the primary file without fileIndex, and answers 404 past the last file', async () => {
    expect((await call('download')).json().data.fileName).toBe('Travel policy.pdf');
    const missing = await call('download?fileIndex=2');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(UI_TEXT.templateFileNotFound);
    for (const bad of ['-1', 'abc', '1.5', '99'])
      expect((await call(`download?fileIndex=${bad}`)).statusCode).toBe(400);
  });

  it('previews a PDF inline and refuses a Word file with a clear 400', async () => {
    const preview = await call('preview?fileIndex=0');
    expect(preview.statusCode).toBe(200);
    const file = await t.request({ method: 'GET', url: preview.json().data.previewUrl });
    expect(file.headers['content-disposition']).toBe(`inline; filename*=UTF-8''Travel%20policy.pdf`);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const word = await call('preview?fileIndex=1');
    expect(word.statusCode).toBe(400);
    expect(word.json().error).toBe(UI_TEXT.templatePreviewPdfOnly);
  });

  it('counts 50 parallel downloads exactly, and previews not at all', async () => {
    const before = await downloadCount();
    const responses = await Promise.all(Array.from({ length: 50 }, () => call('download')));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    await call('preview');
    expect(await downloadCount()).toBe(before + 50);
  });

  it('lets GET /api/files/download/{key} serve template files to readers only, and never deletes them by key', async () => {
    const { downloadUrl } = (await call('download?fileIndex=0')).json().data as { downloadUrl: string };
    const key = downloadUrl.split('/').pop()?.split('?')[0] ?? '';
    const link = await t.request({ method: 'GET', url: `/api/files/download/${key}`, token: member.token });
    expect(link.statusCode).toBe(200);
    const plain = await t.request({ method: 'GET', url: `/api/files/${key}`, token: member.token });
    expect(plain.statusCode).toBe(404);
    const anonymous = await t.request({ method: 'GET', url: `/api/files/download/${key}` });
    expect(anonymous.statusCode).toBe(401);
    const deleted = await t.request({ method: 'DELETE', url: `/api/files/${key}`, token: advisor.token });
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().error).toBe(UI_TEXT.fileStillAttached);
  });

  it('hides the templates of an inactive department from everyone but admins', async () => {
    const admin = await factories(t.database.db).admin();
    const setActive = (isActive: boolean) =>
      t.request({
        method: 'PUT',
        url: `/api/templates/departments/${template.departmentId}`,
        payload: { settings: { isActive } },
        token: admin.token,
      });
    await setActive(false);
    expect((await call('download')).statusCode).toBe(404);
    expect((await call('download', admin.token)).statusCode).toBe(200);
    await setActive(true);
    expect((await call('download')).statusCode).toBe(200);
  });
});
