import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import {
  type OrganizationExport,
  organizationExportEndpoints,
  taskEndpoints,
  ticketEndpoints,
  timeEntryEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { eq, sql } from 'drizzle-orm';
import * as tar from 'tar-stream';
import { afterAll, describe, expect } from 'vitest';
import { MANIFEST_CHECKSUM_NAME, MANIFEST_NAME } from '../src/backup/manifest.js';
import { openDatabase } from '../src/db/client.js';
import {
  files,
  organizationExports,
  passwordResets,
  sessions,
  twoFactorRecoveryCodes,
  users,
} from '../src/db/schema/index.js';
import {
  ENTITY_PREFIX,
  ENTITY_SUFFIX,
  exportedEntities,
  FILES_PREFIX,
  NEVER_EXPORTED,
  type OrganizationExportManifest,
  sweepExpiredOrganizationExports,
} from '../src/modules/exports/index.js';
import {
  availabilityIn,
  book,
  bookingBody,
  MEETINGS_NOW,
  saveAvailability,
  startsFrom,
} from './helpers/advisor-meetings.js';
import type { TestApp } from './helpers/app.js';
import { createTestApp } from './helpers/app.js';
import { type Factories, factories, type Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { createConversation, sendMessage } from './helpers/messenger.js';
import { makeProfilePicture, uploadFile } from './helpers/multipart.js';
import { notified, people } from './helpers/notified.js';
import { createPostgresDatabase } from './helpers/postgres.js';
import { insertTicket } from './helpers/tickets.js';

/*
 * An organization's export (POST /api/organizations/{id}/export, docs/decisions/0264): two
 * organizations share an advisor, who talks, comments and meets in both; the export of one holds
 * every table of its data and its files, none of the other's rows or files, and no secret. Its
 * requester is told; its signed link works until the export's expiry (moved, not waited for), then
 * answers 410. Two rows a batch, so each table is read in several.
 */
const test = apiTest({ demoData: false, clock: () => MEETINGS_NOW, settings: { EXPORT_BATCH_ROWS: '2' } });

const nextStart = startsFrom();

/** One organization's people and records, each touched by the shared advisor. */
async function organizationWithWork(
  t: TestApp,
  make: Factories,
  advisor: Member,
  organization: { id: string },
  label: string,
) {
  const [owner, member] = await Promise.all([
    make.member(organization.id, { role: 'org_admin', firstName: label, lastName: 'Owner' }),
    make.member(organization.id, { firstName: label, lastName: 'Member' }),
  ]);
  const project = await make.project(organization.id, { by: owner, title: `${label} project` });
  const objective = await make.objective(project.id, { by: owner });
  const task = await make.task(objective.id, { by: owner, title: `${label} task`, assignedTo: member.id });
  const taskComment = await t.call(taskEndpoints.comment, {
    params: { id: task.id },
    body: { text: `${label}: task comment` },
    as: member,
  });
  expect(taskComment.status).toBe(201);
  const ticket = await insertTicket(t.database.db, organization.id, member.id, { title: `${label} ticket` });
  const ticketComment = await t.call(ticketEndpoints.comment, {
    params: { id: ticket.id },
    body: { text: `${label}: the advisor answers` },
    as: advisor,
  });
  expect(ticketComment.status, ticketComment.response.body).toBe(201);
  const conversation = await createConversation(t, member, [advisor.id], { title: `${label} with the advisor` });
  await sendMessage(t, member, conversation.id, `${label}: a question for the advisor`);
  await sendMessage(t, advisor, conversation.id, `${label}: the advisor replies`);
  const meeting = await book(t, member, bookingBody(advisor.id, nextStart(), { topic: `${label} review` }));
  const entry = await t.call(timeEntryEndpoints.create, {
    as: member,
    body: {
      recordType: 'task',
      recordId: task.id,
      date: '2031-03-10',
      minutes: 30,
      note: `${label} hours`,
      billable: true,
    },
  });
  expect(entry.status, entry.response.body).toBe(201);
  await makeProfilePicture(t, member, await uploadFile(t, member));
  return { organization, owner, member, project, task, ticket, conversation, meeting };
}

async function twoOrganizationsSharingAnAdvisor(t: TestApp, make: Factories) {
  const alpha = await make.organization({ name: 'Alpha Holdings' });
  const bravo = await make.organization({ name: 'Bravo Holdings' });
  const advisor = await make.advisor([alpha.id, bravo.id]);
  await saveAvailability(t, advisor, availabilityIn('UTC'));
  const a = await organizationWithWork(t, make, advisor, alpha, 'Alpha');
  const b = await organizationWithWork(t, make, advisor, bravo, 'Bravo');
  return { advisor, a, b };
}

/** Every entry of a tar archive, by name. */
async function entriesOf(archive: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extract = tar.extract();
  extract.on('entry', (header, body, next) => {
    buffer(body).then((bytes) => {
      entries.set(header.name, bytes);
      next();
    }, next);
  });
  await pipeline(Readable.from([archive]), extract);
  return entries;
}

const rowsOf = (bytes: Buffer | undefined) =>
  (bytes?.toString('utf8') ?? '')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function start(t: TestApp, organizationId: string, as: Member) {
  return t.call(organizationExportEndpoints.start, { params: { id: organizationId }, as });
}

/** Waits for the organization's latest export to leave the queue and the build. */
async function finished(t: TestApp, organizationId: string, as: Member): Promise<OrganizationExport> {
  let latest: OrganizationExport | null = null;
  await expect
    .poll(
      async () => {
        latest = (await t.call(organizationExportEndpoints.latest, { params: { id: organizationId }, as })).data;
        return latest?.status;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe('ready');
  return latest as unknown as OrganizationExport;
}

async function download(t: TestApp, url: string) {
  return t.request({ method: 'GET', url });
}

test('the export of one organization holds its rows and files, none of the other’s, and no secret', async ({
  t,
  make,
}) => {
  const { advisor, a, b } = await twoOrganizationsSharingAnAdvisor(t, make);
  const db = t.database.db;
  // Secrets in Alpha's rows, as a second factor and a reset link would leave them.
  const SECRETS = { totp: 'sealed-totp-secret-7f3a', pending: 'sealed-pending-91c2', recovery: 'recovery-hash-5d1e' };
  await db
    .update(users)
    .set({ twoFactorSecret: SECRETS.totp, twoFactorPendingSecret: SECRETS.pending })
    .where(eq(users.id, a.member.id));
  await db.insert(twoFactorRecoveryCodes).values({ userId: a.member.id, codeHash: SECRETS.recovery });
  await db
    .insert(passwordResets)
    .values({ userId: a.member.id, tokenHash: 'reset-token-hash-3b9d', expiresAt: new Date(Date.now() + 60_000) });

  const started = await start(t, a.organization.id, a.owner);
  expect(started.status, started.response.body).toBe(202);
  expect(started.data).toMatchObject({ organizationId: a.organization.id, downloadUrl: null });
  // A second request while it runs answers the same export.
  const again = await start(t, a.organization.id, a.owner);
  if (again.data.status !== 'ready') expect(again.data.id).toBe(started.data.id);

  const ready = await finished(t, a.organization.id, a.owner);
  expect(ready.id).toBe(started.data.id);
  expect(ready.downloadUrl).toMatch(/^\/api\/organization-exports\/[0-9a-f-]{36}\/archive\?expires=\d+&signature=/);
  expect(Date.parse(ready.expiresAt ?? '') - Date.parse(ready.finishedAt ?? '')).toBe(24 * 60 * 60 * 1000);

  // The requester is told, in the app and by e-mail; nobody else.
  const told = await notified(db, 'organization_export_ready', a.organization.id);
  expect(told.recipients).toEqual(people(a.owner));
  expect(told.inApp).toEqual(people(a.owner));
  expect(told.email).toEqual(people(a.owner));

  const answer = await download(t, ready.downloadUrl ?? '');
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/x-tar');
  expect(answer.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''Alpha-Holdings-export-/);
  const archive = answer.rawPayload;
  expect(ready.bytes).toBe(archive.length);
  const entries = await entriesOf(archive);

  // The manifest, last, names every entity file with its rows and checksum, and the files.
  const names = [...entries.keys()];
  expect(names.slice(-2)).toEqual([MANIFEST_NAME, MANIFEST_CHECKSUM_NAME]);
  const manifest = JSON.parse(entries.get(MANIFEST_NAME)?.toString('utf8') ?? '{}') as OrganizationExportManifest;
  expect(manifest).toMatchObject({
    format: 'smart-organization-export',
    exportId: ready.id,
    organization: { id: a.organization.id, name: 'Alpha Holdings' },
    requestedBy: a.owner.id,
    excluded: NEVER_EXPORTED,
  });
  const expectedTables = exportedEntities(t.app.organizationData).map((entity) => entity.table);
  expect(manifest.entities.map((entity) => entity.table)).toEqual(expectedTables);
  for (const entity of manifest.entities) {
    expect(entity.name).toBe(`${ENTITY_PREFIX}${entity.table}${ENTITY_SUFFIX}`);
    expect(rowsOf(entries.get(entity.name)), entity.table).toHaveLength(entity.rows);
  }
  for (const denied of NEVER_EXPORTED.tables) expect(names).not.toContain(`${ENTITY_PREFIX}${denied}${ENTITY_SUFFIX}`);

  const table = (name: string) => rowsOf(entries.get(`${ENTITY_PREFIX}${name}${ENTITY_SUFFIX}`));
  const ids = (name: string) =>
    table(name)
      .map((row) => row.id)
      .sort();

  // Every row that names an organization names Alpha.
  for (const entity of manifest.entities) {
    for (const row of rowsOf(entries.get(entity.name))) {
      if ('organizationId' in row && row.organizationId !== null) {
        expect(row.organizationId, entity.table).toBe(a.organization.id);
      }
    }
  }
  // The expected rows: its people (not the advisor, a platform person), its work, its talk with the advisor.
  expect(ids('organizations')).toEqual([a.organization.id]);
  expect(ids('users')).toEqual(people(a.owner, a.member));
  expect(ids('projects')).toEqual([a.project.id]);
  expect(ids('tasks')).toEqual([a.task.id]);
  expect(table('task_comments').map((row) => row.text)).toEqual(['Alpha: task comment']);
  expect(ids('tickets')).toEqual([a.ticket.id]);
  expect(table('ticket_comments').map((row) => [row.authorId, row.text])).toEqual([
    [advisor.id, 'Alpha: the advisor answers'],
  ]);
  expect(table('ticket_activity').length).toBeGreaterThan(0);
  expect(table('task_activity').length).toBeGreaterThan(0);
  expect(ids('conversations')).toContain(a.conversation.id);
  expect(table('messages').map((row) => row.content)).toEqual(
    expect.arrayContaining(['Alpha: a question for the advisor', 'Alpha: the advisor replies']),
  );
  expect(ids('advisor_sessions')).toEqual([a.meeting.id]);
  expect(ids('advisor_assignments')).toHaveLength(1);
  expect(table('time_entries').map((row) => row.note)).toEqual(['Alpha hours']);
  expect(table('audit_events').map((row) => row.action)).toContain('export.created');
  expect(ids('organization_exports')).toEqual([ready.id]);
  // The advisor's inbox threads about Alpha's records are Alpha's data too (decision 0265's paths); Bravo's are not.
  expect(table('notification_threads').filter((row) => row.recipientId === advisor.id).length).toBeGreaterThan(0);

  // Its stored files, and only those.
  const alphaKeys = (await db.select({ key: files.key }).from(files).where(eq(files.organizationId, a.organization.id)))
    .map((row) => row.key)
    .sort();
  expect(alphaKeys.length).toBeGreaterThan(0);
  const fileNames = names
    .filter((name) => name.startsWith(FILES_PREFIX))
    .map((name) => name.slice(FILES_PREFIX.length));
  expect(fileNames.sort()).toEqual(alphaKeys);
  expect(manifest.files).toMatchObject({ count: alphaKeys.length, missing: 0 });

  // Nothing of Bravo's anywhere in the archive: its id, its people, its words, its files.
  const text = archive.toString('latin1');
  const bravoKeys = (
    await db.select({ key: files.key }).from(files).where(eq(files.organizationId, b.organization.id))
  ).map((row) => row.key);
  for (const foreign of [
    b.organization.id,
    b.owner.id,
    b.member.id,
    b.owner.email,
    b.task.id,
    b.ticket.id,
    b.conversation.id,
    b.meeting.id,
    'Bravo',
    ...bravoKeys,
  ]) {
    expect(text, foreign).not.toContain(foreign);
  }

  // No secret: the deny list's columns by name, and the values of Alpha's secrets.
  const [member] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, a.member.id));
  const tokens = await db
    .select({ hash: sessions.tokenHash })
    .from(sessions)
    .where(sql`${sessions.userId} in (${a.owner.id}, ${a.member.id})`);
  expect(tokens.length).toBeGreaterThan(0);
  for (const secret of [
    member?.hash ?? 'no hash',
    '$argon2',
    ...Object.values(SECRETS),
    'reset-token-hash-3b9d',
    ...tokens.map((token) => token.hash),
    'passwordHash',
    'twoFactorSecret',
    'tokenHash',
    'codeHash',
  ]) {
    expect(text, secret).not.toContain(secret);
  }
});

test('the link works until the export expires, then answers 410; the sweep deletes the archive', async ({
  t,
  make,
}) => {
  const organization = await make.organization();
  const owner = await make.member(organization.id, { role: 'org_admin' });
  expect((await start(t, organization.id, owner)).status).toBe(202);
  const ready = await finished(t, organization.id, owner);
  const url = ready.downloadUrl ?? '';
  expect((await download(t, url)).statusCode).toBe(200);

  // A link whose signature is not the server's: 403.
  const forged = await download(t, url.replace(/signature=[^&]+/, 'signature=AAAA'));
  expect(forged.statusCode).toBe(403);
  expect(forged.json().error).toBe(UI_TEXT.downloadLinkInvalid);

  // 24 hours later (the expiry moved into the past): 410, and no link is handed out any more.
  await t.database.db
    .update(organizationExports)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(organizationExports.id, ready.id));
  const late = await download(t, url);
  expect(late.statusCode).toBe(410);
  expect(late.json().error).toBe(UI_TEXT.organizationExportGone);
  const latest = await t.call(organizationExportEndpoints.latest, { params: { id: organization.id }, as: owner });
  expect(latest.data).toMatchObject({ status: 'ready', downloadUrl: null });

  const [row] = await t.database.db.select().from(organizationExports).where(eq(organizationExports.id, ready.id));
  const key = row?.storageKey ?? '';
  expect(await t.app.storage.open(key)).not.toBeNull();
  expect(await sweepExpiredOrganizationExports(t.database.db, t.app.storage)).toBe(1);
  expect(await t.app.storage.open(key)).toBeNull();
  const swept = await t.call(organizationExportEndpoints.latest, { params: { id: organization.id }, as: owner });
  expect(swept.data).toMatchObject({ status: 'expired', downloadUrl: null });
  expect((await download(t, url)).statusCode).toBe(410);

  // A new export may be started after it.
  expect((await start(t, organization.id, owner)).data.id).not.toBe(ready.id);
  await finished(t, organization.id, owner);
});

test('who may: its org_admin and admins; a member 403, an advisor 403, another organization 404', async ({
  t,
  make,
}) => {
  const organization = await make.organization();
  const other = await make.organization();
  const [owner, member, stranger] = await Promise.all([
    make.member(organization.id, { role: 'org_admin' }),
    make.member(organization.id),
    make.member(other.id, { role: 'org_admin' }),
  ]);
  const advisor = await make.advisor([organization.id]);
  const admin = await make.admin();
  for (const endpoint of [organizationExportEndpoints.start, organizationExportEndpoints.latest]) {
    const as = async (who: Member) => (await t.call(endpoint, { params: { id: organization.id }, as: who })).status;
    expect(await as(stranger), endpoint.path).toBe(404);
    expect(await as(member)).toBe(403);
    expect(await as(advisor)).toBe(403);
  }
  const unknown = await t.call(organizationExportEndpoints.start, {
    params: { id: '00000000-0000-4000-8000-000000000000' },
    as: owner,
  });
  expect(unknown.status).toBe(404);

  const byAdmin = await start(t, organization.id, admin);
  expect(byAdmin.status).toBe(202);
  expect(byAdmin.data.requestedBy?.id).toBe(admin.id);
  await finished(t, organization.id, owner);
  // The request is one audit line of the organization.
  const { rows } = (await t.database.db.execute(
    sql`select action::text, actor_id::text as actor from audit_events where organization_id = ${organization.id}::uuid and target_type = 'export'`,
  )) as unknown as { rows: { action: string; actor: string }[] };
  expect(rows).toEqual([{ action: 'export.created', actor: admin.id }]);
});

test('a person may have two exports being built at once; the third is 429', async ({ t, make }) => {
  const admin = await make.admin();
  const [first, second, third] = await Promise.all([make.organization(), make.organization(), make.organization()]);
  // Two exports of the admin's held in the queue (no job runs them).
  await t.database.db.insert(organizationExports).values([
    { organizationId: first.id, requestedBy: admin.id, status: 'building' },
    { organizationId: second.id, requestedBy: admin.id, status: 'queued' },
  ]);
  const refused = await start(t, third.id, admin);
  expect(refused.status).toBe(429);
  expect(refused.response.json().error).toBe(UI_TEXT.tooManyOrganizationExports);
  await t.database.db
    .update(organizationExports)
    .set({ status: 'failed' })
    .where(sql`${organizationExports.organizationId} in (${first.id}, ${second.id})`);
  expect((await start(t, third.id, admin)).status).toBe(202);
  await finished(t, third.id, admin);
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  test('the export of one organization holds none of the other’s rows', async () => {
    const created = await createPostgresDatabase(serverUrl as string);
    cleanups.push(created.drop);
    const database = await openDatabase({ kind: 'postgres', url: created.url });
    cleanups.push(() => database.close());
    await database.migrate();
    const t = await createTestApp({ database, clock: () => MEETINGS_NOW });
    cleanups.push(() => t.close());
    const make = factories(database.db);
    const { a, b } = await twoOrganizationsSharingAnAdvisor(t, make);
    expect((await start(t, a.organization.id, a.owner)).status).toBe(202);
    const ready = await finished(t, a.organization.id, a.owner);
    const archive = (await download(t, ready.downloadUrl ?? '')).rawPayload;
    const entries = await entriesOf(archive);
    expect(
      rowsOf(entries.get(`${ENTITY_PREFIX}users${ENTITY_SUFFIX}`))
        .map((row) => row.id)
        .sort(),
    ).toEqual(people(a.owner, a.member));
    const text = archive.toString('latin1');
    for (const foreign of [b.organization.id, b.member.id, b.ticket.id, b.meeting.id, 'Bravo']) {
      expect(text, foreign).not.toContain(foreign);
    }
  }, 120_000);
});
