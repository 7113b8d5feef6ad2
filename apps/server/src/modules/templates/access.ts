import { and, eq } from 'drizzle-orm';
import { templates } from '../../db/schema/index.js';
import type { AttachableRecordReader } from '../files/index.js';
import { canReadTemplates } from './policy.js';
import { visibleTemplates } from './service.js';

/**
 * Templates as records files attach to (files/record-access.ts): whoever may read the template may
 * fetch its documents through GET /api/files/download/{key}. Its files change only through PUT
 * /api/templates/{id} (which keeps a primary and at least one file), never by key.
 */
export const readTemplateForFiles: AttachableRecordReader = async (db, actor, id) => {
  if (!canReadTemplates(actor)) return null;
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
