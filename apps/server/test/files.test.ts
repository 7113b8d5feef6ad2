import {
  attachmentEndpoints,
  fileEndpoints,
  healthEndpoints,
  MAX_UPLOAD_BYTES,
  pathOf,
  SIGNED_URL_TTL_SECONDS,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { taskActivity } from '../src/db/schema/index.js';
import { type Caller, createTestApp, keysIn, STORAGE_KINDS, type TestApp } from './helpers/app.js';
import { captureLog } from './helpers/log-capture.js';
import {
  makeProfilePicture,
  multipartBody,
  multipartFiles,
  postParts,
  sendUpload,
  TINY_PNG,
  uploadFile,
} from './helpers/multipart.js';
import { createWorkTree, demoUser, type WorkTree } from './helpers/work.js';

let t: TestApp;
/** A real port, for downloads over HTTP as a browser makes them. */
let baseUrl: string;
/** Acme's work, created by its org_admin. */
let acme: WorkTree;
const log = captureLog();

describe.each(STORAGE_KINDS)('files on %s', (kind) => {
  beforeAll(async () => {
    t = await createTestApp({ storage: kind, logStream: log.stream });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const owner = await demoUser(t.database.db, 'acmeOwner');
    if (!owner.organizationId) throw new Error('the demo owner has no organization');
    acme = await createWorkTree(t.database.db, { organizationId: owner.organizationId, createdBy: owner.id });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(
    content: Buffer,
    filename: string,
    options: { as?: 'acmeMember'; contentType?: string; field?: string } = {},
  ) {
    const part = { field: options.field ?? 'file', filename, content, type: options.contentType ?? 'image/png' };
    return sendUpload(t, [part], 'as' in options ? options.as : 'acmeMember');
  }

  describe('POST /api/files/upload', () => {
    it('stores an image under a random key and, once a picture, serves it back inline with nosniff', async () => {
      const response = await upload(TINY_PNG, 'avatar.png');
      expect(response.statusCode).toBe(201);
      const data = response.json().data;
      expect(data).toMatchObject({ originalName: 'avatar.png', fileType: 'image/png', fileSize: TINY_PNG.length });
      expect(data.fileName).toMatch(/^[0-9a-f-]{36}\.png$/);
      expect(data.fileUrl).toBe(`/api/files/${data.fileName}`);

      await makeProfilePicture(t, 'acmeMember', data.fileUrl);
      const served = await t.request({ method: 'GET', url: data.fileUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toMatch(/^inline/);
      expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    });

    it('takes the type from the content, not from the client, and serves non-images as attachments', async () => {
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      const response = await upload(html, 'evil.png', { contentType: 'image/png' });
      expect(response.statusCode).toBe(201);
      const data = response.json().data;
      expect(data.fileType).toBe('application/octet-stream');
      // Never a picture, so never public by key; its uploader downloads it through a signed link.
      expect((await t.request({ method: 'GET', url: data.fileUrl })).statusCode).toBe(404);
      const served = await t.request({ method: 'GET', url: await signedUrlOf(data.fileName), query: { inline: '1' } });
      expect(served.headers['content-type']).toBe('application/octet-stream');
      expect(served.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''evil.png`);
    });

    it('refuses a file over 10 MB with 413 and keeps nothing, neither row nor bytes', async () => {
      const before = await keysIn(t.app.storage);
      const response = await upload(Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 1), 'big.bin');
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toBe(UI_TEXT.fileTooLarge);
      const rows = await t.database.db.query.files.findMany();
      expect(rows.map((row) => row.originalName)).not.toContain('big.bin');
      // On S3 the first parts were already sent (a multipart upload) when the limit cut the stream.
      expect(await keysIn(t.app.storage)).toEqual(before);
    });

    it('accepts a file of exactly 10 MB', async () => {
      const response = await upload(Buffer.alloc(MAX_UPLOAD_BYTES, 1), 'exact.bin');
      expect(response.statusCode).toBe(201);
      expect(response.json().data.fileSize).toBe(MAX_UPLOAD_BYTES);
    });

    it('needs the field "file" and a multipart body', async () => {
      expect((await upload(TINY_PNG, 'a.png', { field: 'image' })).statusCode).toBe(400);
      // JSON where the upload is multipart, as an outside client might send it.
      const json = await t.request({
        method: 'POST',
        url: '/api/files/upload',
        as: 'acmeMember',
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBeGreaterThanOrEqual(400);
      expect(json.statusCode).toBeLessThan(500);
    });

    it('needs a session', async () => {
      const response = await sendUpload(t, [
        { field: 'file', filename: 'a.png', content: TINY_PNG, type: 'image/png' },
      ]);
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /api/files/:key', () => {
    it('is 404 for an unknown or malformed key', async () => {
      const unknown = await t.call(fileEndpoints.picture, {
        params: { key: '00000000-0000-4000-8000-000000000000.png' },
      });
      expect(unknown.status).toBe(404);
      // A key that is a path, as an outside client might send it.
      expect((await t.request({ method: 'GET', url: '/api/files/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    });
  });

  describe('broken uploads never crash the server', () => {
    // Bodies broken as an outside client might send them.
    const send = (payload: Buffer | string, contentType: string) =>
      t.request({
        method: 'POST',
        url: '/api/files/upload',
        as: 'acmeMember',
        payload,
        headers: { 'content-type': contentType },
      });

    it('answers a body cut off before its closing boundary or mid-file with 400', async () => {
      const small = multipartBody('file', 'cut.png', TINY_PNG, 'image/png');
      const large = multipartBody('file', 'cut.bin', Buffer.alloc(300_000, 7), 'application/octet-stream');
      const cuts = [
        [small, small.body.length - 30],
        [small, small.body.length - 8],
        [large, 150_000],
      ] as const;
      for (const [{ body, contentType }, cutAt] of cuts) {
        const response = await send(body.subarray(0, cutAt), contentType);
        expect(response.statusCode, `cut at ${cutAt}`).toBe(400);
        expect(response.json().error).toBe(UI_TEXT.uploadIncomplete);
      }
      // The server is still up and serving.
      expect((await t.call(healthEndpoints.get, {})).status).toBe(200);
    });

    it('answers a multipart type without boundary, and junk, with 400', async () => {
      for (const [payload, type] of [
        ['whatever', 'multipart/form-data'],
        ['not multipart at all', 'multipart/form-data; boundary=xyz'],
      ] as const) {
        const response = await send(payload, type);
        expect(response.statusCode, `${type} ${payload}`).toBe(400);
        expect(response.json().error).toBe(UI_TEXT.fileRequired);
      }
    });

    it('refuses an empty file with 400 and keeps nothing', async () => {
      const { body, contentType } = multipartBody('file', 'empty.txt', Buffer.alloc(0), 'text/plain');
      const response = await send(body, contentType);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(UI_TEXT.fileEmpty);
      const rows = await t.database.db.query.files.findMany();
      expect(rows.map((row) => row.originalName)).not.toContain('empty.txt');
    });

    it('refuses a second file in one request with 400 and keeps neither', async () => {
      const { body, contentType } = multipartFiles([
        { field: 'file', filename: 'first.png', content: TINY_PNG, type: 'image/png' },
        { field: 'file', filename: 'second.png', content: TINY_PNG, type: 'image/png' },
      ]);
      const response = await send(body, contentType);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(UI_TEXT.oneFileOnly);
      const rows = await t.database.db.query.files.findMany();
      expect(rows.map((row) => row.originalName)).not.toContain('first.png');
      expect(rows.map((row) => row.originalName)).not.toContain('second.png');
    });
  });

  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

  /** Attaches a PDF (or the given file) to Acme's objective or task and returns its key. */
  async function attachToAcme(kind: 'objectives' | 'tasks', as: Caller, content = PDF, filename = 'plan.pdf') {
    const id = kind === 'objectives' ? acme.objectiveId : acme.taskId;
    const url = pathOf(attachmentEndpoints(kind).add, { id });
    const response = await postParts(t, url, [{ field: 'file', filename, content, type: 'x' }], as);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.fileName as string;
  }

  const keyOf = (fileUrl: string) => fileUrl.slice('/api/files/'.length);
  const downloadLink = (key: string, as: Caller) => t.call(fileEndpoints.downloadLink, { params: { key }, as });
  const info = (key: string, as: Caller) => t.call(fileEndpoints.info, { params: { key }, as });
  const deleteByKey = (key: string, as: Caller) => t.call(fileEndpoints.remove, { params: { key }, as });
  const picture = (key: string, as?: Caller) => t.call(fileEndpoints.picture, { params: { key }, ...(as && { as }) });

  async function signedUrlOf(key: string, as: Caller = 'acmeMember') {
    const response = await downloadLink(key, as);
    expect(response.status, response.response.body).toBe(200);
    return response.data.downloadUrl;
  }

  describe('GET /api/files/download/{key}: a signed link', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('downloads an attached file over HTTP without a session, as an attachment, never cached', async () => {
      const key = await attachToAcme('tasks', 'acmeMember');
      const url = await signedUrlOf(key);
      expect(url).toMatch(new RegExp(`^/api/files/signed/${key}\\?expires=\\d+&signature=[\\w-]+$`));
      const response = await fetch(`${baseUrl}${url}`);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''plan.pdf`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const preview = await fetch(`${baseUrl}${url}&inline=1`);
      expect(preview.headers.get('content-disposition')).toMatch(/^inline;/);
    });

    it('is 404 for whoever cannot read the record: another organization, an advisor without the task', async () => {
      const onTask = await attachToAcme('tasks', 'acmeMember');
      const onObjective = await attachToAcme('objectives', 'acmeMember');
      for (const [key, as] of [
        [onTask, 'globexOwner'],
        [onObjective, 'globexMember'],
        [onTask, 'advisor'],
        [onObjective, 'advisor'],
      ] as const) {
        const response = await downloadLink(key, as);
        expect(response.status, `${as}`).toBe(404);
        expect(response.refusal.error).toBe(UI_TEXT.fileNotFound);
      }
      expect((await downloadLink(onTask, 'acmeOwner')).status).toBe(200);
      expect((await downloadLink(onObjective, 'admin')).status).toBe(200);
    });

    it('works until it expires five minutes later, then is refused', async () => {
      const key = await attachToAcme('objectives', 'acmeMember');
      const issuedAt = Date.now();
      const url = await signedUrlOf(key);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(issuedAt + (SIGNED_URL_TTL_SECONDS - 2) * 1000);
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
      vi.setSystemTime(issuedAt + (SIGNED_URL_TTL_SECONDS + 2) * 1000);
      const expired = await t.request({ method: 'GET', url });
      expect(expired.statusCode).toBe(403);
      expect(expired.json().error).toBe(UI_TEXT.downloadLinkInvalid);
    });

    it('refuses a tampered signature, a later expiry, another key and a missing signature', async () => {
      const key = await attachToAcme('objectives', 'acmeMember');
      const other = await attachToAcme('objectives', 'acmeMember');
      const url = new URL(await signedUrlOf(key), baseUrl);
      const signature = url.searchParams.get('signature') ?? '';
      const expires = Number(url.searchParams.get('expires'));
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      for (const forged of [
        `/api/files/signed/${key}?expires=${expires}&signature=${flipped}`,
        `/api/files/signed/${key}?expires=${expires + 3600}&signature=${signature}`,
        `/api/files/signed/${other}?expires=${expires}&signature=${signature}`,
        `/api/files/signed/${key}?expires=${expires}`,
        `/api/files/signed/${key}?expires=soon&signature=${signature}`,
      ]) {
        const response = await t.request({ method: 'GET', url: forged });
        expect(response.statusCode, forged).toBe(403);
        expect(response.json().error).toBe(UI_TEXT.downloadLinkInvalid);
      }
    });

    it('serves an upload not yet used to its uploader only, and a picture to any signed-in user', async () => {
      const url = await uploadFile(t, 'acmeMember');
      const key = keyOf(url);
      for (const as of ['globexMember', 'acmeColleague', 'admin'] as const) {
        expect((await downloadLink(key, as)).status, as).toBe(404);
      }
      expect((await t.request({ method: 'GET', url: await signedUrlOf(key, 'acmeMember') })).statusCode).toBe(200);
      await makeProfilePicture(t, 'acmeMember', url);
      const response = await t.request({ method: 'GET', url: await signedUrlOf(key, 'globexMember') });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(TINY_PNG)).toBe(true);
    });

    it('answers 404 with its message, not 500, when the bytes are gone from storage', async () => {
      const key = await attachToAcme('tasks', 'acmeMember');
      const url = await signedUrlOf(key);
      await t.app.storage.remove(key);
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(UI_TEXT.downloadLinkInvalid);
    });

    it('never writes a signature into the log', async () => {
      const key = await attachToAcme('tasks', 'acmeMember');
      const url = new URL(await signedUrlOf(key), baseUrl);
      expect((await fetch(url)).status).toBe(200);
      const written = await log.textWith(`/api/files/signed/${key}`);
      expect(written).toContain(`/api/files/signed/${key}`);
      expect(written).not.toContain(url.searchParams.get('signature'));
      expect(written).not.toContain('signature=');
    });
  });

  describe('the plain by-key URL and pictures', () => {
    it('refuse a file attached to a record (404), whoever asks', async () => {
      const key = await attachToAcme('tasks', 'acmeMember', TINY_PNG, 'diagram.png');
      for (const as of [undefined, 'acmeMember'] as const) {
        const response = await picture(key, as);
        expect(response.status).toBe(404);
      }
      const profile = await t.call(userEndpoints.updateProfile, {
        as: 'acmeMember',
        body: { meta: { profileImage: `/api/files/${key}` } },
      });
      expect(profile.status).toBe(400);
      expect(profile.refusal.error).toBe(UI_TEXT.imageFileRequired);
    });
  });

  describe('GET /api/files/info/{key}', () => {
    it("gives the upload's fields, time and uploader to whoever may read its record, else 404", async () => {
      const key = await attachToAcme('objectives', 'acmeMember');
      const response = await info(key, 'acmeOwner');
      expect(response.status).toBe(200);
      const data = response.data;
      expect(data).toMatchObject({
        fileName: key,
        originalName: 'plan.pdf',
        fileType: 'application/pdf',
        fileSize: PDF.length,
        uploadedBy: { email: 'member@acme.example.com' },
      });
      expect(Date.parse(data.createdAt)).not.toBeNaN();
      expect((await info(key, 'globexOwner')).status).toBe(404);
      expect((await info('00000000-0000-4000-8000-000000000000.pdf', 'acmeOwner')).status).toBe(404);
      const avatar = await uploadFile(t, 'acmeMember');
      expect((await info(keyOf(avatar), 'globexOwner')).status).toBe(404);
      expect((await info(keyOf(avatar), 'acmeMember')).status).toBe(200);
      await makeProfilePicture(t, 'acmeMember', avatar);
      expect((await info(keyOf(avatar), 'globexOwner')).status).toBe(200);
    });
  });

  describe('DELETE /api/files/{key}', () => {
    it('deletes an unattached file for its uploader or an admin only; an upload not yet used is hidden from others', async () => {
      const mineUrl = await uploadFile(t, 'acmeMember');
      const mine = keyOf(mineUrl);
      for (const as of ['acmeColleague', 'acmeOwner', 'admin'] as const) {
        expect((await deleteByKey(mine, as)).status, as).toBe(404);
      }
      await makeProfilePicture(t, 'acmeMember', mineUrl);
      expect((await deleteByKey(mine, 'acmeColleague')).status).toBe(403);
      expect((await deleteByKey(mine, 'acmeOwner')).status).toBe(403);
      const deleted = await deleteByKey(mine, 'acmeMember');
      expect(deleted.status).toBe(200);
      expect((await picture(mine)).status).toBe(404);
      expect(await t.app.storage.open(mine)).toBeNull();
      const theirs = await uploadFile(t, 'globexMember');
      await makeProfilePicture(t, 'globexMember', theirs);
      expect((await deleteByKey(keyOf(theirs), 'admin')).status).toBe(200);
    });

    it("never deletes a file of a record the caller can't change, and hides other organizations' files", async () => {
      // The member uploaded it, but the objective is the org_admin's.
      const key = await attachToAcme('objectives', 'acmeMember');
      const refused = await deleteByKey(key, 'acmeMember');
      expect(refused.status).toBe(403);
      expect(refused.refusal.error).toBe(UI_TEXT.fileStillAttached);
      expect((await deleteByKey(key, 'acmeColleague')).status).toBe(403);
      expect((await deleteByKey(key, 'globexOwner')).status).toBe(404);
      expect((await downloadLink(key, 'acmeMember')).status).toBe(200);
      expect((await deleteByKey(key, 'admin')).status).toBe(200);
      expect((await downloadLink(key, 'acmeMember')).status).toBe(404);
      expect(await t.app.storage.open(key)).toBeNull();
    });

    it("records a task file's deletion in the task's history", async () => {
      const key = await attachToAcme('tasks', 'acmeOwner', PDF, 'budget.pdf');
      expect((await deleteByKey(key, 'acmeOwner')).status).toBe(200);
      const history = await t.database.db
        .select({ kind: taskActivity.kind, from: taskActivity.fromValue })
        .from(taskActivity)
        .where(eq(taskActivity.taskId, acme.taskId));
      expect(history).toContainEqual({ kind: 'attachment_removed', from: 'budget.pdf' });
    });
  });
});
