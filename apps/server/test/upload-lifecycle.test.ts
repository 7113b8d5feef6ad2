import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  attachmentEndpoints,
  departmentEndpoints,
  fileEndpoints,
  fileUrlOf,
  organizationEndpoints,
  type ProfileUpdateBody,
  pathOf,
  ticketEndpoints,
  UI_TEXT,
  UNUSED_UPLOAD_MAX_AGE_HOURS,
  UNUSED_UPLOADS_SWEEP_CRON,
  type UpdateDepartmentBody,
  type UpdateOrganizationBody,
  userEndpoints,
} from '@smart/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.js';
import { files, organizations } from '../src/db/schema/index.js';
import { deleteUnusedUploads, UNUSED_UPLOADS_JOB } from '../src/modules/files/cleanup.js';
import type { FileStorage } from '../src/storage/index.js';
import { createTestApp, STORAGE_KINDS, type TestApp } from './helpers/app.js';
import { freshDatabase } from './helpers/database.js';
import { type Factories, factories, type Member, organizationWithPeople } from './helpers/factories.js';
import { createConversation, postMessage } from './helpers/messenger.js';
import { makeProfilePicture, postParts, TINY_PNG, uploadPng } from './helpers/multipart.js';
import { createWorkTree } from './helpers/work.js';

/**
 * A fresh upload is private to its uploader until it becomes a picture (then
 * public by key) or a record takes it; a replaced picture is deleted; uploads never used are
 * deleted by the hourly job once 24 hours old.
 */

let t: TestApp;
let make: Factories;

describe.each(STORAGE_KINDS)('files on %s', (kind) => {
  beforeAll(async () => {
    t = await createTestApp({ storage: kind });
    make = factories(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Each test fills an organization of its own. */
  const organization = () => organizationWithPeople(make);

  const keyOf = (fileUrl: string) => fileUrl.slice('/api/files/'.length);
  /** GET /api/files/{key}, the public by-key URL (a bearer token changes nothing there). */
  const byKey = (fileUrl: string, token?: string) =>
    t.request({ method: 'GET', url: fileUrl, ...(token && { headers: { authorization: `Bearer ${token}` } }) });
  const fileCall = (kind: 'info' | 'download', fileUrl: string, token: string) =>
    t.call(kind === 'info' ? fileEndpoints.info : fileEndpoints.downloadLink, {
      params: { key: keyOf(fileUrl) },
      token,
    });
  const rowOf = async (fileUrl: string) =>
    (
      await t.database.db
        .select()
        .from(files)
        .where(eq(files.key, keyOf(fileUrl)))
    )[0];
  /** The file is gone: no row, no bytes, not served. */
  async function expectDeleted(fileUrl: string) {
    expect(await rowOf(fileUrl)).toBeUndefined();
    expect(await hasBytes(t.app.storage, keyOf(fileUrl))).toBe(false);
    expect((await byKey(fileUrl)).statusCode).toBe(404);
  }
  /** Whether storage still holds the key's bytes (the stream opened to tell is closed at once). */
  async function hasBytes(storage: FileStorage, key: string) {
    const body = await storage.open(key);
    body?.destroy();
    return body !== null;
  }
  /** PUT the caller's profile, an organization or a department as `token`: the writes that take a picture. */
  const putProfile = (token: string, body: ProfileUpdateBody) => t.call(userEndpoints.updateProfile, { token, body });
  const putOrganization = (id: string, token: string, body: UpdateOrganizationBody) =>
    t.call(organizationEndpoints.update, { params: { id }, token, body });
  const putDepartment = (id: string, token: string, body: UpdateDepartmentBody) =>
    t.call(departmentEndpoints.update, { params: { id }, token, body });

  describe('a fresh upload is private to its uploader', () => {
    it('is 404 by key to everyone, and its info and download link only for its uploader', async () => {
      const { owner, member } = await organization();
      const other = await organization();
      const admin = await make.admin();
      const url = await uploadPng(t, { token: member.token });

      for (const token of [undefined, member.token, owner.token, admin.token]) {
        expect((await byKey(url, token)).statusCode).toBe(404);
      }
      for (const kind of ['info', 'download'] as const) {
        expect((await fileCall(kind, url, member.token)).status, kind).toBe(200);
        for (const stranger of [owner, other.owner, admin]) {
          const response = await fileCall(kind, url, stranger.token);
          expect(response.status, `${kind} as ${stranger.role}`).toBe(404);
          expect(response.refusal.error).toBe(UI_TEXT.fileNotFound);
        }
      }
    });

    it('becomes public by key once it is a profile picture, a logo or a department image', async () => {
      const { org, owner, member } = await organization();
      const avatar = await uploadPng(t, { token: member.token });
      await makeProfilePicture(t, { token: member.token }, avatar);
      const logo = await uploadPng(t, { token: owner.token });
      expect((await putOrganization(org.id, owner.token, { logo })).status).toBe(200);
      const department = await make.department(org.id);
      const image = await uploadPng(t, { token: owner.token });
      expect((await putDepartment(department.id, owner.token, { imageUrl: image })).status).toBe(200);

      for (const url of [avatar, logo, image]) {
        const served = await byKey(url);
        expect(served.statusCode, url).toBe(200);
        expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
        expect((await rowOf(url))?.publishedAt).toBeInstanceOf(Date);
      }
      const other = await organization();
      expect((await fileCall('info', avatar, other.member.token)).status).toBe(200);
    });

    it("never lets someone else's upload, or a picture already in use, become a picture (400, still private)", async () => {
      const { org, owner, member } = await organization();
      const theirs = await uploadPng(t, { token: member.token });
      const takeOver = [
        putProfile(owner.token, { meta: { profileImage: theirs } }),
        putOrganization(org.id, owner.token, { logo: theirs }),
      ];
      for (const response of await Promise.all(takeOver)) {
        expect(response.status).toBe(400);
        expect(response.refusal.error).toBe(UI_TEXT.imageFileRequired);
      }
      expect((await byKey(theirs)).statusCode).toBe(404);

      const avatar = await uploadPng(t, { token: owner.token });
      await makeProfilePicture(t, { token: owner.token }, avatar);
      const reused = await putOrganization(org.id, owner.token, { logo: avatar });
      expect(reused.status).toBe(400);
      // Sending the current picture again is no change.
      const same = await putProfile(owner.token, { meta: { profileImage: avatar, jobTitle: 'Lead' } });
      expect(same.status).toBe(200);
      expect((await byKey(avatar)).statusCode).toBe(200);
    });

    it('stays private when the change that would publish it fails (an e-mail taken: 409)', async () => {
      const { owner, member } = await organization();
      const first = await uploadPng(t, { token: member.token });
      await makeProfilePicture(t, { token: member.token }, first);
      const second = await uploadPng(t, { token: member.token });
      const refused = await putProfile(member.token, {
        email: owner.email,
        meta: { profileImage: second },
      });
      expect(refused.status).toBe(409);
      expect((await byKey(first)).statusCode).toBe(200);
      expect((await byKey(second)).statusCode).toBe(404);
      expect((await rowOf(second))?.publishedAt).toBeNull();
    });
  });

  describe('a replaced picture is deleted, row and bytes', () => {
    it('replacing or clearing a profile picture deletes the old one', async () => {
      const { member } = await organization();
      const as = { token: member.token };
      const first = await uploadPng(t, as);
      await makeProfilePicture(t, as, first);
      const second = await uploadPng(t, as);
      await makeProfilePicture(t, as, second);
      await expectDeleted(first);
      expect((await byKey(second)).statusCode).toBe(200);
      expect((await putProfile(member.token, { meta: { profileImage: null } })).status).toBe(200);
      await expectDeleted(second);
    });

    it("replacing a logo, replacing or clearing a department's image and deleting the department delete the old ones", async () => {
      const { org, owner } = await organization();
      const logos = [await uploadPng(t, { token: owner.token }), await uploadPng(t, { token: owner.token })];
      for (const logo of logos) {
        expect((await putOrganization(org.id, owner.token, { logo })).status).toBe(200);
      }
      await expectDeleted(logos[0] as string);
      expect((await byKey(logos[1] as string)).statusCode).toBe(200);

      const department = await make.department(org.id);
      const images = [await uploadPng(t, { token: owner.token }), await uploadPng(t, { token: owner.token })];
      const setImage = (imageUrl: string | null) => putDepartment(department.id, owner.token, { imageUrl });
      for (const image of images) expect((await setImage(image)).status).toBe(200);
      await expectDeleted(images[0] as string);
      expect((await setImage(null)).status).toBe(200);
      await expectDeleted(images[1] as string);

      const doomed = await make.department(org.id);
      const last = await uploadPng(t, { token: owner.token });
      expect((await putDepartment(doomed.id, owner.token, { imageUrl: last })).status).toBe(200);
      const deleted = await t.call(departmentEndpoints.remove, { params: { id: doomed.id }, token: owner.token });
      expect(deleted.status).toBe(200);
      await expectDeleted(last);
    });

    it('keeps a picture from before this rule that another row still shows', async () => {
      const { org, owner } = await organization();
      // Before migration 0017 anyone's unattached image could be set anywhere: two rows may show one file.
      const shared = await uploadPng(t, { token: owner.token });
      await makeProfilePicture(t, { token: owner.token }, shared);
      await t.database.db.update(organizations).set({ logo: shared }).where(eq(organizations.id, org.id));
      const next = await uploadPng(t, { token: owner.token });
      await makeProfilePicture(t, { token: owner.token }, next);
      expect((await byKey(shared)).statusCode).toBe(200);
    });
  });

  /** A files row (and its bytes) made `hoursAgo` hours ago. */
  async function storedFile(
    db: Database,
    storage: FileStorage,
    hoursAgo: number,
    extra: Partial<typeof files.$inferInsert> = {},
  ): Promise<string> {
    const key = `${randomUUID()}.bin`;
    await storage.save(key, Readable.from([Buffer.from('bytes')]), 'application/octet-stream');
    await db.insert(files).values({
      key,
      originalName: 'old.bin',
      contentType: 'application/octet-stream',
      size: 5,
      createdAt: new Date(Date.now() - hoursAgo * 60 * 60 * 1000),
      ...extra,
    });
    return key;
  }
  const existing = async (keys: string[]) =>
    (await t.database.db.select({ key: files.key }).from(files).where(inArray(files.key, keys))).map((row) => row.key);

  describe('the sweep of uploads never used', () => {
    let member: Member;
    beforeAll(async () => {
      ({ member } = await organization());
    });
    const age = UNUSED_UPLOAD_MAX_AGE_HOURS;

    it('deletes only unattached, unpublished files older than 24 hours, rows and bytes', async () => {
      const { db } = t.database;
      const storage = t.app.storage;
      const work = await createWorkTree(db, { organizationId: member.organizationId as string, createdBy: member.id });
      const old = await storedFile(db, storage, age + 1, { uploadedBy: member.id });
      const fresh = await storedFile(db, storage, age - 1, { uploadedBy: member.id });
      const picture = await storedFile(db, storage, age + 5, { publishedAt: new Date(Date.now() - 3600_000) });
      const attached = await storedFile(db, storage, age + 5, { recordType: 'task', recordId: work.taskId });

      const result = await deleteUnusedUploads(db, storage);
      expect(result.deleted).toBeGreaterThanOrEqual(1);
      expect(await existing([old, fresh, picture, attached])).toEqual(
        expect.arrayContaining([fresh, picture, attached]),
      );
      expect(await existing([old])).toEqual([]);
      expect(await hasBytes(storage, old)).toBe(false);
      for (const kept of [fresh, picture, attached]) expect(await hasBytes(storage, kept)).toBe(true);

      // The clock moved on: the fresh one's day is over.
      const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
      await deleteUnusedUploads(db, storage, later);
      expect(await existing([fresh, picture, attached])).toEqual(expect.arrayContaining([picture, attached]));
      expect(await existing([fresh])).toEqual([]);
    });

    it('works in batches, and two runs at once delete each file once, without errors', async () => {
      const { db } = t.database;
      const storage = t.app.storage;
      const rows = Array.from({ length: 1200 }, () => ({
        key: `${randomUUID()}.bin`,
        originalName: 'many.bin',
        contentType: 'application/octet-stream',
        size: 1,
        createdAt: new Date(Date.now() - (age + 3) * 60 * 60 * 1000),
      }));
      await db.insert(files).values(rows);
      const [first, second] = await Promise.all([deleteUnusedUploads(db, storage), deleteUnusedUploads(db, storage)]);
      expect((first?.deleted ?? 0) + (second?.deleted ?? 0)).toBeGreaterThanOrEqual(1200);
      expect(await existing(rows.map((row) => row.key))).toEqual([]);
      // A third run finds nothing left to do.
      expect((await deleteUnusedUploads(db, storage)).deleted).toBe(0);
    });

    it('leaves nothing served when removing the bytes fails: the row is gone first', async () => {
      const { db } = t.database;
      const failing: FileStorage = { ...t.app.storage, remove: async () => Promise.reject(new Error('disk gone')) };
      const url = await uploadPng(t, { token: member.token });
      await db
        .update(files)
        .set({ createdAt: new Date(Date.now() - (age + 1) * 60 * 60 * 1000) })
        .where(eq(files.key, keyOf(url)));
      const result = await deleteUnusedUploads(db, failing);
      expect(result).toMatchObject({ deleted: 1, bytesLeft: 1 });
      expect((await fileCall('info', url, member.token)).status).toBe(404);
      expect((await fileCall('download', url, member.token)).status).toBe(404);
    });

    it('is a pg-boss schedule (hourly, UTC), and runs once when the app starts', async () => {
      const schedules = await t.database.query('select name, cron, timezone from pgboss.schedule where name = $1', [
        UNUSED_UPLOADS_JOB,
      ]);
      expect(schedules.rows).toEqual([{ name: UNUSED_UPLOADS_JOB, cron: UNUSED_UPLOADS_SWEEP_CRON, timezone: 'UTC' }]);

      // An app starting on a database holding an old unused upload deletes it without being asked.
      // Its files are where this file's app keeps them: on disk, or in its bucket.
      const database = await freshDatabase();
      const storage = t.app.storage;
      try {
        const key = await storedFile(database.db, storage, age + 1);
        const started = await createTestApp({ database, storage });
        try {
          await vi.waitFor(
            async () => {
              const [row] = await database.db.select().from(files).where(eq(files.key, key));
              expect(row).toBeUndefined();
              // The bytes go just after the row's deletion commits.
              expect(await hasBytes(storage, key)).toBe(false);
            },
            { timeout: 30_000, interval: 100 },
          );
        } finally {
          await started.close();
        }
      } finally {
        await database.close();
      }
    });
  });

  describe('uploads a record takes', () => {
    it('stay private to those who may read the record, and never become pictures', async () => {
      const { org, owner, member } = await organization();
      const work = await createWorkTree(t.database.db, { organizationId: org.id, createdBy: owner.id });
      const attached = await postParts(
        t,
        pathOf(attachmentEndpoints('tasks').add, { id: work.taskId }),
        [{ field: 'file', filename: 'shot.png', content: TINY_PNG, type: 'image/png' }],
        { token: owner.token },
      );
      expect(attached.statusCode).toBe(201);
      const url = fileUrlOf(attached.json().data.fileName);
      expect((await byKey(url)).statusCode).toBe(404);
      expect((await fileCall('info', url, member.token)).status).toBe(200);
      const refused = await putProfile(owner.token, { meta: { profileImage: url } });
      expect(refused.status).toBe(400);
    });

    it('never take a picture: a ticket or a message naming one is 400 and the picture stays', async () => {
      const { member } = await organization();
      const avatar = await uploadPng(t, { token: member.token });
      await makeProfilePicture(t, { token: member.token }, avatar);
      const key = keyOf(avatar);

      const ticket = await t.call(ticketEndpoints.create, {
        token: member.token,
        body: { title: 'With my face', description: 'Attached' },
      });
      expect(ticket.status).toBe(201);
      const onTicket = await t.call(ticketEndpoints.attach, {
        params: { id: ticket.data.id },
        token: member.token,
        body: { filename: key, originalName: 'a.png', mimeType: 'image/png', size: TINY_PNG.length, url: avatar },
      });
      expect(onTicket.status).toBe(400);
      expect(onTicket.refusal.error).toBe(UI_TEXT.ticketFileNotYours);

      const conversation = await createConversation(t, member, []);
      const onMessage = await postMessage(t, member, {
        conversationId: conversation.id,
        content: 'Me',
        attachments: [{ s3Key: key, originalName: 'a.png', fileType: 'image/png', fileSize: TINY_PNG.length }],
      });
      expect(onMessage.statusCode).toBe(400);
      expect((await byKey(avatar)).statusCode).toBe(200);
      expect((await rowOf(avatar))?.recordType).toBeNull();
    });
  });
});
