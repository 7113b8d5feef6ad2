import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { TEMPLATE_FILE_TYPES } from '@smart/contracts';
import { inArray } from 'drizzle-orm';
import type { FileStorage } from '../../storage/index.js';
import type { Database } from '../client.js';
import { appMeta, files, templateDepartments, templates, users } from '../schema/index.js';
import { type DemoTemplate, type DemoTemplateDepartment, demoTemplateDepartments } from './demo-templates.js';
import { DEMO_DATA_KEY } from './once.js';

const DEMO_TEMPLATES_KEY = 'demo_templates_seeded_at';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Templates are shared by the platform's staff: the demo advisor files most, the admin the rest. */
const AUTHORS = ['advisor@smart.example.com', 'admin@smart.example.com'];

const mimeTypeOf = (extension: 'pdf' | 'docx') =>
  TEMPLATE_FILE_TYPES.find((type) => type.extension === extension)?.mimeType ?? 'application/pdf';

interface DemoFile {
  originalName: string;
  extension: 'pdf' | 'docx';
  bytes: Buffer;
}

/** A template's documents in order: the PDF then the form, or the form first when it says so. */
async function documentsOf(department: DemoTemplateDepartment, template: DemoTemplate): Promise<DemoFile[]> {
  // Loaded only on the start that seeds: pdfkit and docx cost every other start a quarter of a second.
  const { formDocx, policyPdf } = await import('./template-documents.js');
  const documents: DemoFile[] = [];
  if (template.policy) {
    const bytes = await policyPdf({
      title: template.name,
      subtitle: `${department.name} · ${template.category} · Version 1.0`,
      sections: [
        { heading: 'Purpose', lines: [template.policy.purpose] },
        {
          heading: template.category === 'Process' ? 'Steps' : 'Rules',
          lines: template.policy.rules.map((rule) => `- ${rule}`),
        },
        {
          heading: 'Ownership and review',
          lines: [
            `The ${department.name} team owns this document and reviews it every year, or sooner when the law or our way of working changes.`,
          ],
        },
      ],
    });
    documents.push({ originalName: `${template.name}.pdf`, extension: 'pdf', bytes });
  }
  if (template.form) {
    const bytes = await formDocx({
      title: template.name,
      instructions: `${template.description} Fill in every row, sign and send it to ${department.name}.`,
      ...template.form,
    });
    const form: DemoFile = { originalName: `${template.name} - Form.docx`, extension: 'docx', bytes };
    if (template.formFirst) documents.unshift(form);
    else documents.push(form);
  }
  return documents;
}

/**
 * Seeds the demo template library once, into a database that has the demo accounts:
 * the five departments, their templates and real documents (bytes written after the rows commit).
 * The marker row makes concurrent starts seed once. Returns whether it seeded.
 */
export async function seedDemoTemplatesOnce(db: Database, storage: FileStorage): Promise<boolean> {
  const markers = await db
    .select({ key: appMeta.key })
    .from(appMeta)
    .where(inArray(appMeta.key, [DEMO_DATA_KEY, DEMO_TEMPLATES_KEY]));
  const has = (key: string) => markers.some((marker) => marker.key === key);
  if (!has(DEMO_DATA_KEY) || has(DEMO_TEMPLATES_KEY)) return false;

  const library = await Promise.all(
    demoTemplateDepartments.map(async (department) => ({
      department,
      templates: await Promise.all(
        department.templates.map(async (template) => ({
          template,
          documents: await documentsOf(department, template),
        })),
      ),
    })),
  );
  const toStore: { key: string; bytes: Buffer; contentType: string }[] = [];
  const seeded = await db.transaction(async (tx) => {
    const marked = await tx
      .insert(appMeta)
      .values({ key: DEMO_TEMPLATES_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (marked.length === 0) return false;
    const authors = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, AUTHORS));
    const authorIds = AUTHORS.map((email) => authors.find((author) => author.email === email)?.id ?? null);
    const now = Date.now();
    let count = 0;
    for (const { department, templates: entries } of library) {
      const [row] = await tx
        .insert(templateDepartments)
        .values({
          name: department.name,
          description: department.description,
          icon: department.icon,
          color: department.color,
        })
        .returning({ id: templateDepartments.id });
      if (!row) throw new Error('Demo templates: department insert returned no row');
      for (const { template, documents } of entries) {
        const templateId = randomUUID();
        const updatedAt = new Date(now - template.ageDays * DAY_MS);
        const createdBy = authorIds[count++ % 2 === 0 ? 0 : 1] ?? null;
        const fileRows = documents.map((document, position) => {
          const key = `${randomUUID()}.${document.extension}`;
          const contentType = mimeTypeOf(document.extension);
          toStore.push({ key, bytes: document.bytes, contentType });
          return {
            id: randomUUID(),
            key,
            originalName: document.originalName,
            contentType,
            size: document.bytes.length,
            uploadedBy: createdBy,
            recordType: 'template' as const,
            recordId: templateId,
            position,
            createdAt: updatedAt,
          };
        });
        // Files first: the template names its primary one.
        await tx.insert(files).values(fileRows);
        await tx.insert(templates).values({
          id: templateId,
          departmentId: row.id,
          name: template.name,
          description: template.description,
          category: template.category,
          tags: template.tags,
          downloadCount: template.downloads,
          createdBy,
          primaryFileId: fileRows[0]?.id,
          createdAt: new Date(updatedAt.getTime() - 30 * DAY_MS),
          updatedAt,
        });
      }
    }
    return true;
  });
  if (!seeded) return false;
  for (const { key, bytes, contentType } of toStore) await storage.save(key, Readable.from(bytes), contentType);
  return true;
}
