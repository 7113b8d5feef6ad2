import { randomUUID } from 'node:crypto';
import {
  attachmentEndpoints,
  fileEndpoints,
  MAX_UPLOAD_BYTES,
  pathOf,
  templateEndpoints,
  ticketEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, templates } from '../src/db/schema/index.js';
import { storageUsed } from '../src/modules/files/quota.js';
import { findPlatformOrganization } from '../src/modules/organizations/service.js';
import { createTestApp, keysIn, STORAGE_KINDS, type TestApp } from './helpers/app.js';
import { type Factories, factories, type Member, organizationWithPeople } from './helpers/factories.js';
import { type FilePart, postParts, sendUpload, TINY_PNG } from './helpers/multipart.js';
import { insertTemplateDepartment, pdfPart, templateFields, templateFormRequest } from './helpers/templates.js';
import { createWorkTree } from './helpers/work.js';

/**
 * The storage quota per organization (413, nothing stored, never passed by
 * parallel uploads) and the figure the subscription page shows. The test app's quota is 1 MB.
 */

const QUOTA_BYTES = 1024 * 1024;
let t: TestApp;
let make: Factories;

describe.each(STORAGE_KINDS)('files on %s', (kind) => {
  beforeAll(async () => {
    t = await createTestApp({ storage: kind, settings: { STORAGE_QUOTA_MB_PER_ORGANIZATION: '1' } });
    make = factories(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Each test fills an organization of its own. */
  const organization = () => organizationWithPeople(make);

  const binary = (size: number, filename = 'data.bin'): FilePart => ({
    field: 'file',
    filename,
    content: Buffer.alloc(size, 7),
    type: 'application/octet-stream',
  });
  const upload = (as: Member, part: FilePart) => sendUpload(t, [part], { token: as.token });
  /** The keys of the bytes in the app's storage (its directory or its bucket). */
  const storedKeys = () => keysIn(t.app.storage);
  const used = (organizationId: string | null) => storageUsed(t.database.db, organizationId);
  const rowsOf = (organizationId: string) =>
    t.database.db.select().from(files).where(eq(files.organizationId, organizationId));

  describe('the storage quota', () => {
    it('refuses an upload that would pass the quota with 413 and its message, storing neither row nor bytes', async () => {
      const { org, member } = await organization();
      expect((await upload(member, binary(600_000))).statusCode).toBe(201);
      const before = await storedKeys();
      const refused = await upload(member, binary(600_000, 'second.bin'));
      expect(refused.statusCode).toBe(413);
      expect(refused.json().error).toBe(UI_TEXT.storageQuotaExceeded);
      expect((await rowsOf(org.id)).map((row) => row.size)).toEqual([600_000]);
      expect(await storedKeys()).toEqual(before);
      // What still fits is taken.
      expect((await upload(member, binary(QUOTA_BYTES - 600_000))).statusCode).toBe(201);
      expect(await used(org.id)).toBe(QUOTA_BYTES);
    });

    it('refuses any upload to a full organization before reading its body, and leaves the others alone', async () => {
      const { member } = await organization();
      expect((await upload(member, binary(QUOTA_BYTES))).statusCode).toBe(201);
      const before = await storedKeys();
      // An 11 MB body would be cut at 10 MB (fileTooLarge) if it were read: the quota answers first.
      const refused = await upload(member, binary(MAX_UPLOAD_BYTES + 1024 * 1024));
      expect(refused.statusCode).toBe(413);
      expect(refused.json().error).toBe(UI_TEXT.storageQuotaExceeded);
      expect((await upload(member, binary(1))).statusCode).toBe(413);
      expect(await storedKeys()).toEqual(before);

      const other = await organization();
      expect((await upload(other.member, binary(1000))).statusCode).toBe(201);
    });

    it('is never passed by 30 parallel uploads: each one is checked after the ones before it committed', async () => {
      const { org, owner, member } = await organization();
      const before = (await storedKeys()).length;
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, n) => upload(n % 2 ? owner : member, binary(100_000, `part-${n}.bin`))),
      );
      const statuses = responses.map((response) => response.statusCode);
      // 10 × 100,000 bytes fit in 1,048,576; an 11th would pass it.
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 413)).toHaveLength(20);
      expect(await used(org.id)).toBe(1_000_000);
      expect((await storedKeys()).length - before).toBe(10);
    });

    it("counts a record's files against the record's organization (task attachments: 413, nothing kept)", async () => {
      const { org, owner } = await organization();
      const work = await createWorkTree(t.database.db, { organizationId: org.id, createdBy: owner.id });
      const taskAttachments = pathOf(attachmentEndpoints('tasks').add, { id: work.taskId });
      const attach = (size: number) =>
        postParts(t, taskAttachments, [binary(size, 'plan.bin')], { token: owner.token });
      expect((await attach(700_000)).statusCode).toBe(201);
      const before = await storedKeys();
      const refused = await attach(700_000);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().error).toBe(UI_TEXT.storageQuotaExceeded);
      expect(await used(org.id)).toBe(700_000);
      expect(await storedKeys()).toEqual(before);
      // The admin's file for this task counts against the same organization.
      const admin = await make.admin();
      const byAdmin = await postParts(t, taskAttachments, [binary(400_000)], {
        token: admin.token,
      });
      expect(byAdmin.statusCode).toBe(413);
    });

    it("counts an advisor's upload against the platform until a ticket takes it into the organization", async () => {
      const { org } = await organization();
      const advisor = await make.advisor([org.id]);
      const platform = await findPlatformOrganization(t.database.db);
      const uploaded = await upload(advisor, binary(2000, 'advice.bin'));
      expect(uploaded.statusCode).toBe(201);
      const key = uploaded.json().data.fileName as string;
      const [row] = await t.database.db.select().from(files).where(eq(files.key, key));
      expect(row?.organizationId).toBe(platform?.id);

      const ticket = await t.call(ticketEndpoints.create, {
        token: advisor.token,
        body: { title: 'Advice', description: 'See the file', organizationId: org.id },
      });
      expect(ticket.status, ticket.response.body).toBe(201);
      const attached = await t.call(ticketEndpoints.attach, {
        params: { id: ticket.data.id },
        token: advisor.token,
        body: { filename: key, originalName: 'advice.bin', mimeType: 'application/octet-stream', size: 2000, url: '' },
      });
      expect(attached.status, attached.response.body).toBe(201);
      expect(await used(org.id)).toBe(2000);
    });

    it('bounds the template library (files of no organization) too: 413 and nothing stored', async () => {
      const admin = await make.admin();
      const department = await insertTemplateDepartment(t.database.db);
      // Fill the library to 10 bytes short of the quota; a PDF of ~80 bytes then does not fit.
      const room = QUOTA_BYTES - (await used(null)) - 10;
      await t.database.db.insert(files).values({
        key: `${randomUUID()}.pdf`,
        originalName: 'filler.pdf',
        contentType: 'application/pdf',
        size: room,
        organizationId: null,
        recordType: null,
        publishedAt: new Date(),
      });
      const before = await storedKeys();
      const fields = templateFields(department.id, { name: 'Over the quota' });
      const response = await t.request({
        ...templateFormRequest('POST', pathOf(templateEndpoints.create), fields, [pdfPart()]),
        token: admin.token,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toBe(UI_TEXT.storageQuotaExceeded);
      expect(await t.database.db.select().from(templates).where(eq(templates.name, 'Over the quota'))).toEqual([]);
      expect(await storedKeys()).toEqual(before);
    });
  });

  describe('GET /api/organizations/{id}/storage', () => {
    it("answers the organization's bytes and quota to its org_admin and admin; 403 its users, 404 everyone else", async () => {
      const { org, owner, member } = await organization();
      await upload(member, { field: 'file', filename: 'a.png', content: TINY_PNG, type: 'image/png' });
      await upload(owner, binary(5000));
      const read = (token: string | undefined, id = org.id) => t.call(fileEndpoints.storage, { params: { id }, token });

      const expected = { usedBytes: TINY_PNG.length + 5000, quotaBytes: QUOTA_BYTES };
      const mine = await read(owner.token);
      expect(mine.status).toBe(200);
      expect(mine.data).toEqual(expected);
      expect((await read((await make.admin()).token)).data).toEqual(expected);

      expect((await read(member.token)).status).toBe(403);
      const other = await organization();
      const assigned = await make.advisor([org.id]);
      for (const token of [other.owner.token, assigned.token]) {
        const response = await read(token);
        expect(response.status).toBe(404);
        expect(response.refusal.error).toBe(UI_TEXT.organizationNotFound);
      }
      expect((await read((await make.admin()).token, randomUUID())).status).toBe(404);
      expect((await read(undefined)).status).toBe(401);
    });
  });
});
