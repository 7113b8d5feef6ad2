import {
  fileEndpoints,
  type Template,
  templateDepartmentEndpoints,
  templateEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STORAGE_KINDS, type TestApp } from './helpers/app.js';
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

describe.each(STORAGE_KINDS)('files on %s', (kind) => {
  beforeAll(async () => {
    t = await createTestApp({ storage: kind, demoData: false });
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

  /** POST /api/templates/:id/download as `token`, of the file at `fileIndex` (the primary one without). */
  const downloadLink = (fileIndex?: number | string, token = member.token) =>
    t.call(templateEndpoints.download, { params: { id: template.id }, query: { fileIndex }, token });
  /** POST /api/templates/:id/preview, as downloadLink. */
  const previewLink = (fileIndex?: number) =>
    t.call(templateEndpoints.preview, { params: { id: template.id }, query: { fileIndex }, token: member.token });

  async function downloadCount() {
    const response = await t.call(templateEndpoints.get, { params: { id: template.id }, token: member.token });
    return response.data.downloadCount;
  }

  describe('downloading and previewing template files', () => {
    it('serves the chosen file through a signed link as an attachment with its name', async () => {
      const response = await downloadLink(1);
      expect(response.status, response.response.body).toBe(200);
      const { downloadUrl, fileName } = response.data;
      expect(fileName).toBe('Claim form.docx');
      const file = await t.request({ method: 'GET', url: downloadUrl });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(docx)).toBe(true);
      expect(file.headers['content-type']).toBe(DOCX_TYPE);
      expect(file.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''Claim%20form.docx`);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    });

    it('downloads the primary file without fileIndex, and answers 404 past the last file', async () => {
      expect((await downloadLink()).data.fileName).toBe('Travel policy.pdf');
      const missing = await downloadLink(2);
      expect(missing.status).toBe(404);
      expect(missing.refusal.error).toBe(UI_TEXT.templateFileNotFound);
      for (const bad of ['-1', 'abc', '1.5', '99']) expect((await downloadLink(bad)).status).toBe(400);
    });

    it('previews a PDF inline and refuses a Word file with a clear 400', async () => {
      const preview = await previewLink(0);
      expect(preview.status).toBe(200);
      const file = await t.request({ method: 'GET', url: preview.data.previewUrl });
      expect(file.headers['content-disposition']).toBe(`inline; filename*=UTF-8''Travel%20policy.pdf`);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(PDF)).toBe(true);
      const word = await previewLink(1);
      expect(word.status).toBe(400);
      expect(word.refusal.error).toBe(UI_TEXT.templatePreviewPdfOnly);
    });

    it('counts 50 parallel downloads exactly, and previews not at all', async () => {
      const before = await downloadCount();
      const responses = await Promise.all(Array.from({ length: 50 }, () => downloadLink()));
      expect(responses.every((response) => response.status === 200)).toBe(true);
      await previewLink();
      expect(await downloadCount()).toBe(before + 50);
    });

    it('lets GET /api/files/download/{key} serve template files to readers only, and never deletes them by key', async () => {
      const { downloadUrl } = (await downloadLink(0)).data;
      const key = downloadUrl.split('/').pop()?.split('?')[0] ?? '';
      const link = await t.call(fileEndpoints.downloadLink, { params: { key }, token: member.token });
      expect(link.status).toBe(200);
      const plain = await t.call(fileEndpoints.picture, { params: { key }, token: member.token });
      expect(plain.status).toBe(404);
      const anonymous = await t.call(fileEndpoints.downloadLink, { params: { key } });
      expect(anonymous.status).toBe(401);
      const deleted = await t.call(fileEndpoints.remove, { params: { key }, token: advisor.token });
      expect(deleted.status).toBe(403);
      expect(deleted.refusal.error).toBe(UI_TEXT.fileStillAttached);
    });

    it('hides the templates of an inactive department from everyone but admins', async () => {
      const admin = await factories(t.database.db).admin();
      const setActive = (isActive: boolean) =>
        t.call(templateDepartmentEndpoints.update, {
          params: { id: template.departmentId },
          body: { settings: { isActive } },
          token: admin.token,
        });
      await setActive(false);
      expect((await downloadLink()).status).toBe(404);
      expect((await downloadLink(undefined, admin.token)).status).toBe(200);
      await setActive(true);
      expect((await downloadLink()).status).toBe(200);
    });
  });
});
