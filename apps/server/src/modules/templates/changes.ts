import { randomUUID } from 'node:crypto';
import { type createTemplateFields, MAX_TEMPLATE_FILES, UI_TEXT, type updateTemplateFields } from '@smart/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { files, templates } from '../../db/schema/index.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { Actor } from '../../lib/tenancy.js';
import type { FileStorage } from '../../storage/index.js';
import { detachFilesOf, removeStoredFiles, requireStorageRoom } from '../files/index.js';
import { requireActiveDepartment } from './departments.js';
import { canChangeTemplate, requireTemplateCreator } from './policy.js';
import { primaryFileOf, type TemplateFileRecord, type TemplateRecord } from './presenter.js';
import { readTemplate } from './service.js';
import { discardStored, type StoredTemplateFile } from './uploads.js';

/**
 * Creating, editing and deleting templates. Rows change in one transaction;
 * stored bytes of a refused or failed change are removed, and removed files' bytes go only after
 * the removal commits.
 */

type CreateFields = z.output<typeof createTemplateFields>;
type UpdateFields = z.output<typeof updateTemplateFields>;

/** The files rows of new documents of a template, at positions from `firstPosition` on. */
function fileRows(actor: Actor, templateId: string, stored: readonly StoredTemplateFile[], firstPosition: number) {
  return stored.map(({ extension: _extension, ...file }, offset) => ({
    ...file,
    id: randomUUID(),
    uploadedBy: actor.id,
    organizationId: null,
    recordType: 'template' as const,
    recordId: templateId,
    position: firstPosition + offset,
  }));
}

/** Runs a change that keeps newly stored documents; when it fails, their bytes go too. */
async function keepingStored<T>(storage: FileStorage, stored: readonly StoredTemplateFile[], change: () => Promise<T>) {
  try {
    return await change();
  } catch (error) {
    await discardStored(storage, stored);
    throw error;
  }
}

/** The bytes of these files. */
const bytesOf = (list: readonly { size: number }[]) => list.reduce((sum, file) => sum + file.size, 0);

/**
 * POST /api/templates: the fields were checked, the documents stored and checked (uploads.ts).
 * The template library's files belong to no organization; they share one quota (files/quota.ts).
 */
export async function createTemplate(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  fields: CreateFields,
  stored: StoredTemplateFile[],
  quotaBytes: number,
): Promise<TemplateRecord> {
  const id = await keepingStored(storage, stored, async () => {
    requireTemplateCreator(actor);
    if (stored.length === 0) throw badRequest(UI_TEXT.templateFieldsRequired);
    await requireActiveDepartment(db, fields.departmentId);
    return db.transaction(async (tx) => {
      await requireStorageRoom(tx, quotaBytes, null, bytesOf(stored));
      const templateId = randomUUID();
      const rows = fileRows(actor, templateId, stored, 0);
      // Files first: the template names its primary one.
      await tx.insert(files).values(rows);
      await tx.insert(templates).values({ id: templateId, ...fields, createdBy: actor.id, primaryFileId: rows[0]?.id });
      return templateId;
    });
  });
  return readTemplate(db, actor, id);
}

/** A template the actor sees and may change: 404 when it cannot see it, 403 when it may not change it. */
export async function changeableTemplate(db: Database, actor: Actor, id: string): Promise<TemplateRecord> {
  const record = await readTemplate(db, actor, id);
  if (!canChangeTemplate(actor, record.template)) throw forbidden();
  return record;
}

/**
 * The primary after an edit: the chosen position of the new list; else the current primary if it
 * stays; else the file that followed it; else the first.
 */
function primaryAfter(
  record: TemplateRecord,
  kept: readonly { id: string }[],
  result: readonly { id: string }[],
  chosen: number | undefined,
): string | undefined {
  if (chosen !== undefined) {
    const file = result[chosen];
    if (!file) throw badRequest(UI_TEXT.templatePrimaryInvalid);
    return file.id;
  }
  const primary = primaryFileOf(record);
  const keptIds = new Set(kept.map((file) => file.id));
  if (primary && keptIds.has(primary.id)) return primary.id;
  const after = record.files.slice(primary ? record.files.indexOf(primary) + 1 : 0);
  return (after.find((file) => keptIds.has(file.id)) ?? result[0])?.id;
}

/** The files that stay, after checking that every removed one is the template's. */
function keptFiles(record: TemplateRecord, removeIds: readonly string[]): TemplateFileRecord[] {
  const own = new Set(record.files.map((file) => file.id));
  if (removeIds.some((id) => !own.has(id))) throw badRequest(UI_TEXT.templateFileIdsInvalid);
  return record.files.filter((file) => !removeIds.includes(file.id));
}

/**
 * PUT /api/templates/{id} on a template changeableTemplate returned: fields, removed files, new
 * documents appended after the kept ones, the primary. A template keeps at least one file.
 */
export async function updateTemplate(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  record: TemplateRecord,
  fields: UpdateFields,
  stored: StoredTemplateFile[],
  quotaBytes: number,
): Promise<TemplateRecord> {
  const { removeFileIds = [], primaryFileIndex, ...changes } = fields;
  const removedKeys = await keepingStored(storage, stored, async () => {
    if (changes.departmentId && changes.departmentId !== record.template.departmentId) {
      await requireActiveDepartment(db, changes.departmentId);
    }
    const kept = keptFiles(record, removeFileIds);
    // Positions stay 0 … n-1: kept files close the gaps, new ones follow them.
    const added = fileRows(actor, record.template.id, stored, kept.length);
    const result = [...kept, ...added];
    if (result.length === 0) throw badRequest(UI_TEXT.templateFieldsRequired);
    if (result.length > MAX_TEMPLATE_FILES) throw badRequest(UI_TEXT.tooManyTemplateFiles);
    const primaryFileId = primaryAfter(record, kept, result, primaryFileIndex);
    const removed = record.files.filter((file) => removeFileIds.includes(file.id));
    return db.transaction(async (tx) => {
      if (added.length > 0) {
        await requireStorageRoom(tx, quotaBytes, null, bytesOf(added) - bytesOf(removed));
        await tx.insert(files).values(added);
      }
      await tx
        .update(templates)
        .set({ ...changes, primaryFileId, updatedAt: new Date() })
        .where(eq(templates.id, record.template.id));
      if (removed.length > 0) {
        await tx.delete(files).where(inArray(files.id, removeFileIds));
        for (const [position, file] of kept.entries()) {
          await tx.update(files).set({ position }).where(eq(files.id, file.id));
        }
      }
      return removed.map((file) => file.key);
    });
  });
  await removeStoredFiles(storage, removedKeys);
  return readTemplate(db, actor, record.template.id);
}

/** DELETE /api/templates/{id} on a template changeableTemplate returned: the row and its files, the bytes after commit. */
export async function deleteTemplate(db: Database, storage: FileStorage, record: TemplateRecord): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    await tx.delete(templates).where(eq(templates.id, record.template.id));
    return detachFilesOf(tx, 'template', [record.template.id]);
  });
  await removeStoredFiles(storage, keys);
}
