import { and, eq } from 'drizzle-orm';
import { templates } from '../../db/schema/index.js';
import type { AttachableRecordReader } from '../files/index.js';
import { visibleTemplates } from './service.js';

/**
 * Templates as records files attach to (files/record-access.ts): whoever reads the template (its
 * read rule, lib/read-rules readableTemplates) may fetch its documents through GET
 * /api/files/download/{key}. Its files change only through PUT /api/templates/{id} (which keeps a
 * primary and at least one file), never by key.
 */
export const readTemplateForFiles: AttachableRecordReader = async (db, actor, id) => {
  const [template] = await db
    .select({ id: templates.id, createdBy: templates.createdBy })
    .from(templates)
    .where(and(eq(templates.id, id), visibleTemplates(actor)))
    .limit(1);
  if (!template) return null;
  return {
    type: 'template',
    id: template.id,
    organizationId: null,
    createdBy: template.createdBy,
    canAttach: false,
    canChange: false,
    canRemove: () => false,
  };
};
