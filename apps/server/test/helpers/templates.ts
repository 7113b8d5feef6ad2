import { randomUUID } from 'node:crypto';
import { type Template, templateEndpoints } from '@smart/contracts';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { files, type TemplateDepartmentRow, templateDepartments, templates } from '../../src/db/schema/index.js';
import { formDocx } from '../../src/db/seed/template-documents.js';
import type { TestApp } from './app.js';
import { type FilePart, multipartForm } from './multipart.js';

/** The smallest file a PDF sniffer recognises, and readable as one. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
/** An old Word document's head: the OLE compound-file signature. */
export const DOC = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(2048)]);
export const PDF_TYPE = 'application/pdf';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let docx: Promise<Buffer> | undefined;
/** A real DOCX (made by the seed's form generator). */
export const docxBytes = () => {
  docx ??= formDocx({ title: 'Test form', instructions: 'Fill it in.', fields: ['Name'], signatures: ['Employee'] });
  return docx;
};

export const pdfPart = (filename = 'policy.pdf', content = PDF): FilePart => ({
  field: 'files',
  filename,
  content,
  type: PDF_TYPE,
});

export async function insertTemplateDepartment(
  db: Database,
  values: Partial<typeof templateDepartments.$inferInsert> = {},
): Promise<TemplateDepartmentRow> {
  const [row] = await db
    .insert(templateDepartments)
    .values({ name: `Department ${randomUUID().slice(0, 8)}`, ...values })
    .returning();
  if (!row) throw new Error('no department');
  return row;
}

export interface InsertedTemplate {
  id: string;
  departmentId: string;
  fileIds: string[];
}

/** A template written straight to the database (its files' bytes are not stored): for access checks. */
export async function insertTemplate(
  db: Database,
  options: { departmentId: string; createdBy: string | null; name?: string; downloads?: number; tags?: string[] },
): Promise<InsertedTemplate> {
  const id = randomUUID();
  const fileRows = [PDF_TYPE, DOCX_TYPE].map((contentType, position) => ({
    id: randomUUID(),
    key: `${randomUUID()}.${position === 0 ? 'pdf' : 'docx'}`,
    originalName: position === 0 ? 'policy.pdf' : 'form.docx',
    contentType,
    size: 100,
    uploadedBy: options.createdBy,
    recordType: 'template' as const,
    recordId: id,
    position,
  }));
  await db.insert(files).values(fileRows);
  await db.insert(templates).values({
    id,
    departmentId: options.departmentId,
    name: options.name ?? 'Travel policy',
    category: 'Policy',
    tags: options.tags ?? [],
    downloadCount: options.downloads ?? 0,
    createdBy: options.createdBy,
    primaryFileId: fileRows[0]?.id,
  });
  return { id, departmentId: options.departmentId, fileIds: fileRows.map((row) => row.id) };
}

/** A multipart request of the template form: text fields, then document parts. */
export function templateFormRequest(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  parts: FilePart[],
): InjectOptions {
  const { body, contentType } = multipartForm(fields, parts);
  return { method, url, payload: body, headers: { 'content-type': contentType } };
}

/** The fields of a valid new template in this department. */
export const templateFields = (departmentId: string, overrides: Record<string, string> = {}) => ({
  name: 'Travel policy',
  description: 'How we travel',
  departmentId,
  category: 'Policy',
  tags: JSON.stringify(['travel', 'expenses']),
  ...overrides,
});

/** POST /api/templates as this token; expects 201 and returns the template. */
export async function createTemplateThroughApi(
  t: TestApp,
  token: string,
  fields: Record<string, string>,
  parts: FilePart[] = [pdfPart()],
): Promise<Template> {
  const response = await t.request({
    ...templateFormRequest('POST', templateEndpoints.create.path, fields, parts),
    token,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}
