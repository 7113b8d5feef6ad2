import { request as httpRequest } from 'node:http';
import { attachmentEndpoints, fileEndpoints, pathOf, templateEndpoints, UI_TEXT } from '@smart/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, taskActivity, templates } from '../src/db/schema/index.js';
import { storageUsed } from '../src/modules/files/quota.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { factories, type Member, organizationWithPeople } from './helpers/factories.js';
import { captureLog } from './helpers/log-capture.js';
import { makeProfilePicture, multipartBody, postParts, sendUpload, TINY_PNG, uploadFile } from './helpers/multipart.js';
import { insertTemplateDepartment, pdfPart, templateFields, templateFormRequest } from './helpers/templates.js';
import { createWorkTree, type WorkTree } from './helpers/work.js';

/*
 * The S3 server stops while the app runs (s3rver ended mid-test, first in the middle of an upload):
 * every request that needs the bucket answers 503 with its message, never 500; an upload leaves no
 * row and counts nothing against the quota; the log says the file storage is away.
 */
let t: TestApp;
let member: Member;
let advisor: Member;
let work: WorkTree;
let departmentId: string;
/** Stored while the bucket was there: a task's attachment, and a profile picture. */
let attachedKey: string;
let pictureUrl: string;
const log = captureLog();

beforeAll(async () => {
  t = await createTestApp({ storage: 's3', demoData: false, logStream: log.stream });
  const make = factories(t.database.db);
  let owner: Member;
  ({ owner, member } = await organizationWithPeople(make));
  advisor = await make.advisor();
  work = await createWorkTree(t.database.db, { organizationId: owner.organizationId as string, createdBy: owner.id });
  departmentId = (await insertTemplateDepartment(t.database.db)).id;
  const attached = await attach();
  expect(attached.statusCode, attached.body).toBe(201);
  attachedKey = attached.json().data.fileName;
  pictureUrl = await uploadFile(t, { token: member.token });
  await makeProfilePicture(t, { token: member.token }, pictureUrl);
});
afterAll(async () => {
  await t?.close();
});

const attach = () =>
  postParts(
    t,
    pathOf(attachmentEndpoints('tasks').add, { id: work.taskId }),
    [{ field: 'file', filename: 'plan.pdf', content: pdfPart().content, type: 'application/pdf' }],
    { token: member.token },
  );
const rowCount = async () => (await t.database.db.select({ rows: count() }).from(files))[0]?.rows;

function expectUnavailable(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(response.statusCode, response.body).toBe(503);
  expect(JSON.parse(response.body)).toMatchObject({ code: 'UNAVAILABLE', error: UI_TEXT.fileStorageUnavailable });
  expect(response.headers['retry-after']).toBeDefined();
}

describe('the S3 server stopping during an upload', () => {
  it('answers the upload 503 once its bytes have all arrived, with no row and nothing counted', async () => {
    const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const [rowsBefore, usedBefore] = [await rowCount(), await storageUsed(t.database.db, member.organizationId)];
    // 8 MB: the first 5 MB part is on its way to S3 when it stops, at 6 MB sent.
    const { body, contentType } = multipartBody('file', 'survey.bin', Buffer.alloc(8 * 1024 * 1024, 3), 'x');
    const answer = new Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>(
      (resolve, reject) => {
        const upload = httpRequest(
          `${baseUrl}${fileEndpoints.upload.path}`,
          {
            method: 'POST',
            headers: { 'content-type': contentType, authorization: `Bearer ${member.token}` },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () =>
              resolve({ statusCode: response.statusCode ?? 0, body: text, headers: response.headers }),
            );
          },
        );
        upload.on('error', reject);
        const sendInPieces = async () => {
          const piece = 256 * 1024;
          for (let at = 0; at < body.length; at += piece) {
            if (at === 6 * 1024 * 1024) await t.s3?.stop();
            if (!upload.write(body.subarray(at, at + piece)))
              await new Promise((drained) => upload.once('drain', drained));
          }
          upload.end();
        };
        sendInPieces().catch(reject);
      },
    );
    expectUnavailable(await answer);
    expect(await rowCount()).toBe(rowsBefore);
    expect(await storageUsed(t.database.db, member.organizationId)).toBe(usedBefore);
  });
});

describe('with the S3 server stopped', () => {
  // Stopped already by the upload above; when run alone, stopped here.
  beforeAll(() => t.s3?.stop());

  it('an upload (an avatar to be) answers 503, keeps no row and counts nothing against the quota', async () => {
    const [rowsBefore, usedBefore] = [await rowCount(), await storageUsed(t.database.db, member.organizationId)];
    const response = await sendUpload(
      t,
      [{ field: 'file', filename: 'me.png', content: TINY_PNG, type: 'image/png' }],
      {
        token: member.token,
      },
    );
    expectUnavailable(response);
    expect(await rowCount()).toBe(rowsBefore);
    expect(await storageUsed(t.database.db, member.organizationId)).toBe(usedBefore);
  });

  it("an attachment answers 503 and adds neither a row nor a line to the task's history", async () => {
    const rowsBefore = await rowCount();
    expectUnavailable(await attach());
    expect(await rowCount()).toBe(rowsBefore);
    const history = await t.database.db
      .select({ kind: taskActivity.kind })
      .from(taskActivity)
      .where(eq(taskActivity.taskId, work.taskId));
    expect(history.filter((line) => line.kind === 'attachment_added')).toHaveLength(1);
  });

  it('a new template answers 503 and no template is made', async () => {
    const [before] = await t.database.db.select({ rows: count() }).from(templates);
    const response = await t.request({
      ...templateFormRequest('POST', templateEndpoints.create.path, templateFields(departmentId), [pdfPart()]),
      token: advisor.token,
    });
    expectUnavailable(response);
    const [after] = await t.database.db.select({ rows: count() }).from(templates);
    expect(after?.rows).toBe(before?.rows);
  });

  it('a signed download and a picture answer 503, and the log says the file storage is away', async () => {
    const link = await t.call(fileEndpoints.downloadLink, { params: { key: attachedKey }, token: member.token });
    expect(link.status).toBe(200);
    expectUnavailable(await t.request({ method: 'GET', url: link.data.downloadUrl }));
    expectUnavailable(await t.request({ method: 'GET', url: pictureUrl }));
    const written = await log.textWith('file storage unavailable');
    expect(written).toContain('file storage unavailable');
    expect(written).not.toContain('unhandled error');
  });
});
