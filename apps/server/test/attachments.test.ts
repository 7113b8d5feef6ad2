import { advisorEndpoints, attachmentEndpoints, MAX_UPLOAD_BYTES, pathOf, UI_TEXT } from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, taskActivity } from '../src/db/schema/index.js';
import { detachFilesOf, listAttachments, removeStoredFiles } from '../src/modules/files/attachments.js';
import { type Caller, createTestApp, type TestApp } from './helpers/app.js';
import { factories, type Member } from './helpers/factories.js';
import { type FilePart, postParts } from './helpers/multipart.js';
import { createTask, createWorkTree, demoUser, type WorkTree } from './helpers/work.js';

/**
 * POST and DELETE /api/objectives/{id}/attachments and /api/tasks/{id}/attachments: who may add
 * and remove files, tenancy (another organization's record is 404), advisors on their tasks, the
 * upload limits, and the task's history. Records are written straight into the database.
 */
let t: TestApp;
let acme: WorkTree;
let advisor: Member;
/** A task of Acme assigned to the advisor. */
let advisorTaskId: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const pdfPart = (filename = 'plan.pdf'): FilePart => ({
  field: 'file',
  filename,
  content: PDF,
  type: 'application/pdf',
});

// Multipart: sent by hand (a typed call sends JSON), to the definition's path.
const attach = (kind: 'objectives' | 'tasks', id: string, as: Caller | undefined, parts = [pdfPart()]) =>
  postParts(t, pathOf(attachmentEndpoints(kind).add, { id }), parts, as);
const remove = (kind: 'objectives' | 'tasks', id: string, attachmentId: string, as: Caller) =>
  t.call(attachmentEndpoints(kind).remove, { params: { id, attachmentId }, as });

async function attachOrFail(kind: 'objectives' | 'tasks', id: string, as: Caller, filename?: string) {
  const response = await attach(kind, id, as, [pdfPart(filename)]);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; fileName: string; originalName: string };
}

const fileRow = async (id: string) => (await t.database.db.select().from(files).where(eq(files.id, id)))[0];
const storedBytes = (key: string) => t.app.storage.open(key);

beforeAll(async () => {
  t = await createTestApp();
  const owner = await demoUser(t.database.db, 'acmeOwner');
  if (!owner.organizationId) throw new Error('the demo owner has no organization');
  acme = await createWorkTree(t.database.db, { organizationId: owner.organizationId, createdBy: owner.id });
  advisor = await factories(t.database.db).advisor([owner.organizationId]);
  advisorTaskId = await createTask(t.database.db, { ...acme, createdBy: owner.id, assignedTo: advisor.id });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/objectives/{id}/attachments', () => {
  it('stores the file on the objective and answers with the attachment and who may remove it', async () => {
    const response = await attach('objectives', acme.objectiveId, 'acmeMember');
    expect(response.statusCode).toBe(201);
    const attachment = response.json().data;
    expect(attachment).toMatchObject({
      originalName: 'plan.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
      url: `/api/files/download/${attachment.fileName}`,
      uploadedBy: { email: 'member@acme.example.com' },
      permissions: { canRemove: true },
    });
    expect(attachment._id).toBe(attachment.id);
    const row = await fileRow(attachment.id);
    expect(row).toMatchObject({
      recordType: 'objective',
      recordId: acme.objectiveId,
      organizationId: acme.organizationId,
    });
    expect(await storedBytes(attachment.fileName)).not.toBeNull();
  });

  it('is open to admin and the org_admin, 404 for another organization, 403 for an advisor, 401 signed out', async () => {
    expect((await attach('objectives', acme.objectiveId, 'admin')).statusCode).toBe(201);
    expect((await attach('objectives', acme.objectiveId, 'acmeOwner')).statusCode).toBe(201);
    const foreign = await attach('objectives', acme.objectiveId, 'globexOwner');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(UI_TEXT.objectiveNotFound);
    expect((await attach('objectives', acme.objectiveId, { token: advisor.token })).statusCode).toBe(403);
    expect((await attach('objectives', acme.objectiveId, undefined)).statusCode).toBe(401);
    expect((await attach('objectives', acme.taskId, 'acmeMember')).statusCode).toBe(404);
  });

  it('refuses a file over 10 MB (413) and a second file (400), keeping nothing', async () => {
    const before = await t.database.db.$count(files);
    const big = {
      field: 'file',
      filename: 'big.bin',
      content: Buffer.alloc(MAX_UPLOAD_BYTES + 1024 * 1024, 1),
      type: 'x',
    };
    const tooLarge = await attach('objectives', acme.objectiveId, 'acmeMember', [big]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe(UI_TEXT.fileTooLarge);
    const two = await attach('objectives', acme.objectiveId, 'acmeMember', [pdfPart('one.pdf'), pdfPart('two.pdf')]);
    expect(two.statusCode).toBe(400);
    expect(two.json().error).toBe(UI_TEXT.oneFileOnly);
    const missing = await attach('objectives', acme.objectiveId, 'acmeMember', [{ ...pdfPart(), field: 'document' }]);
    expect(missing.statusCode).toBe(400);
    expect(await t.database.db.$count(files)).toBe(before);
  });
});

describe('DELETE /api/objectives/{id}/attachments/{attachmentId}', () => {
  it('lets the uploader remove it, and removes the row and the bytes', async () => {
    const attachment = await attachOrFail('objectives', acme.objectiveId, 'acmeMember');
    const response = await remove('objectives', acme.objectiveId, attachment.id, 'acmeMember');
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(UI_TEXT.attachmentRemoved);
    expect(await fileRow(attachment.id)).toBeUndefined();
    expect(await storedBytes(attachment.fileName)).toBeNull();
  });

  it('refuses a colleague who neither uploaded it nor created the objective, allows org_admin and admin', async () => {
    const first = await attachOrFail('objectives', acme.objectiveId, 'acmeMember');
    const second = await attachOrFail('objectives', acme.objectiveId, 'acmeMember');
    const colleague = await remove('objectives', acme.objectiveId, first.id, 'acmeColleague');
    expect(colleague.status).toBe(403);
    expect(await fileRow(first.id)).toBeDefined();
    expect((await remove('objectives', acme.objectiveId, first.id, 'acmeOwner')).status).toBe(200);
    expect((await remove('objectives', acme.objectiveId, second.id, 'admin')).status).toBe(200);
  });

  it('is 404 across organizations, for a file of another record, and twice', async () => {
    const attachment = await attachOrFail('objectives', acme.objectiveId, 'acmeMember');
    expect((await remove('objectives', acme.objectiveId, attachment.id, 'globexOwner')).status).toBe(404);
    const onTask = await attachOrFail('tasks', acme.taskId, 'acmeMember');
    const wrongRecord = await remove('objectives', acme.objectiveId, onTask.id, 'acmeOwner');
    expect(wrongRecord.status).toBe(404);
    expect(wrongRecord.refusal.error).toBe(UI_TEXT.attachmentNotFound);
    expect((await remove('objectives', acme.objectiveId, attachment.id, 'acmeOwner')).status).toBe(200);
    expect((await remove('objectives', acme.objectiveId, attachment.id, 'acmeOwner')).status).toBe(404);
  });
});

describe('task attachments', () => {
  const historyOf = (taskId: string) =>
    t.database.db
      .select({ kind: taskActivity.kind, from: taskActivity.fromValue, to: taskActivity.toValue })
      .from(taskActivity)
      .where(and(eq(taskActivity.taskId, taskId)))
      .orderBy(taskActivity.createdAt);

  it("writes the task's history: the file's name when added and when removed", async () => {
    const attachment = await attachOrFail('tasks', acme.taskId, 'acmeMember', 'minutes.pdf');
    expect((await remove('tasks', acme.taskId, attachment.id, 'acmeOwner')).status).toBe(200);
    const history = await historyOf(acme.taskId);
    expect(history).toContainEqual({ kind: 'attachment_added', from: null, to: 'minutes.pdf' });
    expect(history).toContainEqual({ kind: 'attachment_removed', from: 'minutes.pdf', to: null });
  });

  it('is 404 for another organization and for a task nobody has, 401 signed out', async () => {
    const foreign = await attach('tasks', acme.taskId, 'globexOwner');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(UI_TEXT.taskNotFound);
    expect((await attach('tasks', acme.objectiveId, 'acmeMember')).statusCode).toBe(404);
    expect((await attach('tasks', acme.taskId, undefined)).statusCode).toBe(401);
  });

  it('lets an advisor attach to its task while its assignment is active, and only to its task', async () => {
    const own = await attach('tasks', advisorTaskId, { token: advisor.token });
    expect(own.statusCode).toBe(201);
    expect(own.json().data.permissions.canRemove).toBe(true);
    expect((await attach('tasks', acme.taskId, { token: advisor.token })).statusCode).toBe(404);

    const deactivate = await t.call(advisorEndpoints.updateAssignment, {
      params: { orgId: acme.organizationId, advisorId: advisor.id },
      as: 'admin',
      body: { isActive: false },
    });
    expect(deactivate.status).toBe(200);
    expect((await attach('tasks', advisorTaskId, { token: advisor.token })).statusCode).toBe(404);
    const removed = await remove('tasks', advisorTaskId, own.json().data.id, { token: advisor.token });
    expect(removed.status).toBe(404);
  });

  it('lists the files of many tasks at once, grouped by task, each with its uploader', async () => {
    const other = await createTask(t.database.db, {
      ...acme,
      createdBy: (await demoUser(t.database.db, 'acmeOwner')).id,
    });
    await attachOrFail('tasks', other, 'acmeColleague', 'a.pdf');
    await attachOrFail('tasks', other, 'acmeMember', 'b.pdf');
    const byTask = await listAttachments(t.database.db, 'task', [other, acme.objectiveId]);
    expect(byTask.get(other)?.map((row) => [row.originalName, row.uploader?.email])).toEqual([
      ['a.pdf', 'dana.lee@acme.example.com'],
      ['b.pdf', 'member@acme.example.com'],
    ]);
    expect(byTask.get(acme.objectiveId)).toEqual([]);
  });

  it('goes with its task when the task is deleted: rows in the transaction, bytes after it', async () => {
    const owner = await demoUser(t.database.db, 'acmeOwner');
    const doomed = await createTask(t.database.db, { ...acme, createdBy: owner.id });
    const attachment = await attachOrFail('tasks', doomed, 'acmeMember');
    const keys = await t.database.db.transaction((tx) => detachFilesOf(tx, 'task', [doomed]));
    expect(keys).toEqual([attachment.fileName]);
    await removeStoredFiles(t.app.storage, keys);
    expect(await fileRow(attachment.id)).toBeUndefined();
    expect(await storedBytes(attachment.fileName)).toBeNull();
  });
});
