import { buffer } from 'node:stream/consumers';
import { auditLogEndpoints, organizationEndpoints, organizationExportEndpoints, UI_TEXT } from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditEvents, organizations, users } from '../src/db/schema/index.js';
import { seedDemoMessengerOnce } from '../src/db/seed/messenger.js';
import { seedDemoSchedulingOnce } from '../src/db/seed/scheduling.js';
import { seedDemoTicketsOnce } from '../src/db/seed/tickets.js';
import { seedDemoTimeOnce } from '../src/db/seed/time.js';
import { seedDemoWorkOnce } from '../src/db/seed/work.js';
import { type ErasureJob, eraseExpiredOrganizations, runErasure } from '../src/modules/organizations/erasure.js';
import { findPlatformOrganization } from '../src/modules/organizations/service.js';
import type { TestApp } from './helpers/app.js';
import { apiTest } from './helpers/fixture.js';
import { readMailbox } from './helpers/mailbox.js';
import { makeProfilePicture, uploadPng } from './helpers/multipart.js';
import { waitFor } from './helpers/wait-for.js';

/*
 * Erasing an organization (decision 0265): after it, no row of any table mentions the organization
 * or any of its records (but the platform's one audit line), none of its files is stored, and every
 * other row and file is as it was. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set
 * (the run's database templates are then PostgreSQL's).
 */

/** Wednesday 4 March 2026: the demo sessions are placed around it, some ahead. */
const NOW = new Date('2026-03-04T15:00:00Z');
const test = apiTest({ clock: () => NOW.getTime(), settings: { NOTIFICATION_EMAIL_DELAY_SECONDS: '0' } });

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Every row of every table of the database's public schema, as JSON text, by table. */
async function everyRow(t: TestApp): Promise<Map<string, string[]>> {
  const { rows: tables } = await t.database.query(`select table_name::text as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const all = new Map<string, string[]>();
  for (const { name } of tables) {
    const { rows } = await t.database.query(`select to_jsonb(t)::text as row from public."${String(name)}" t`);
    all.set(String(name), rows.map((row) => String(row.row)).sort());
  }
  return all;
}

/** The organization's id and the ids of every row that carries it (its records, its people). */
async function idsOf(t: TestApp, organizationId: string): Promise<Set<string>> {
  const { rows: tables } = await t.database.query(`select c.table_name::text as name from information_schema.columns c
    join information_schema.columns i on i.table_name = c.table_name and i.table_schema = 'public' and i.column_name = 'id'
    where c.table_schema = 'public' and c.column_name = 'organization_id'`);
  const ids = new Set([organizationId]);
  for (const { name } of tables) {
    const { rows } = await t.database.query(
      `select id::text from public."${String(name)}" where organization_id = $1`,
      [organizationId],
    );
    for (const row of rows) ids.add(String(row.id));
  }
  return ids;
}

const mentions = (row: string, ids: Set<string>) => (row.match(UUID) ?? []).some((id) => ids.has(id));

/** The rows that mention one of `ids`, and the others, by table. */
function split(all: Map<string, string[]>, ids: Set<string>) {
  const mentioning: [string, string][] = [];
  const others = new Map<string, string[]>();
  for (const [table, rows] of all) {
    others.set(
      table,
      rows.filter((row) => !mentions(row, ids)),
    );
    for (const row of rows) if (mentions(row, ids)) mentioning.push([table, row]);
  }
  return { mentioning, others };
}

async function everyFile(t: TestApp): Promise<Map<string, string>> {
  const stored = new Map<string, string>();
  for await (const file of t.app.storage.list()) {
    const body = await t.app.storage.open(file.key);
    if (body) stored.set(file.key, (await buffer(body)).toString('base64'));
  }
  return stored;
}

const organizationNamed = async (t: TestApp, name: string) => {
  const [row] = await t.database.db.select().from(organizations).where(eq(organizations.name, name));
  if (!row) throw new Error(`no organization ${name}`);
  return row;
};

const erase = (t: TestApp, id: string, confirmName: string, as: string) =>
  t.call(organizationEndpoints.erase, { params: { id }, body: { confirmName }, as });

const erasureLines = (t: TestApp, organizationId: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'organization.erased'), eq(auditEvents.targetId, organizationId)));

test('erasing Acme leaves nothing of it in any table or in storage, and Globex, the shared advisor and the platform as they were', async ({
  t,
}) => {
  const { db } = t.database;
  const storage = t.app.storage;
  await seedDemoWorkOnce(db, storage);
  await seedDemoTicketsOnce(db, storage);
  await seedDemoMessengerOnce(db, storage);
  await seedDemoSchedulingOnce(db, NOW);
  await seedDemoTimeOnce(db, NOW);
  const acme = await organizationNamed(t, 'Acme Corp');
  const globex = await organizationNamed(t, 'Globex');
  // Pictures: an Acme member's own avatar, and a logo an admin uploaded (a file the platform's uploader owns).
  await makeProfilePicture(t, 'acmeMember', await uploadPng(t, 'acmeMember'));
  await makeProfilePicture(t, 'globexOwner', await uploadPng(t, 'globexOwner'));
  const logo = await uploadPng(t, 'admin');
  expect(
    (await t.call(organizationEndpoints.update, { params: { id: acme.id }, body: { logo }, as: 'admin' })).status,
  ).toBe(200);
  // An export of Acme, ready: its row and its archive in storage (not a files row) go too.
  expect((await t.call(organizationExportEndpoints.start, { params: { id: acme.id }, as: 'acmeOwner' })).status).toBe(
    202,
  );
  const exported = await waitFor(
    async () => {
      const latest = (await t.call(organizationExportEndpoints.latest, { params: { id: acme.id }, as: 'acmeOwner' }))
        .data;
      return latest?.status === 'ready' ? latest : undefined;
    },
    "Acme's export ready",
    30_000,
  );
  const archiveKey = `organization-export-${exported.id}.tar`;
  // Its requester's e-mail sent before the counts (the first e-mail makes the unsubscribe links' secret).
  await waitFor(
    async () =>
      (await readMailbox(t.app.config.mail.mailboxDir)).some((mail) => mail.to.includes('owner@acme.example.com'))
        ? true
        : undefined,
    "the export's e-mail",
    30_000,
  );
  // Everyone the test signs in as, signed in before the counts.
  for (const account of ['admin', 'advisor', 'acmeOwner', 'globexOwner'] as const)
    await t.request({ method: 'GET', url: '/api/health', as: account });

  // Who may not: 403 for its own admin and its advisor (they see it), 404 for another organization's admin.
  expect((await erase(t, acme.id, acme.name, 'acmeOwner')).status).toBe(403);
  expect((await erase(t, acme.id, acme.name, 'advisor')).status).toBe(403);
  expect((await erase(t, acme.id, acme.name, 'globexOwner')).status).toBe(404);
  const platform = await findPlatformOrganization(db);
  const platformRefused = await erase(t, platform!.id, platform!.name, 'admin');
  expect([platformRefused.status, platformRefused.refusal.error]).toEqual([
    403,
    UI_TEXT.platformOrganizationCannotErase,
  ]);
  const misnamed = await erase(t, acme.id, 'Acme Corporation', 'admin');
  expect([misnamed.status, misnamed.refusal.error]).toEqual([400, UI_TEXT.organizationErasureNameMismatch]);
  expect(await organizationNamed(t, 'Acme Corp')).toMatchObject({ closedAt: null, erasureStartedAt: null });

  const ids = await idsOf(t, acme.id);
  const before = split(await everyRow(t), ids);
  const filesBefore = await everyFile(t);
  const acmeKeys = [...filesBefore.keys()].filter((key) =>
    before.mentioning.some(
      ([table, row]) =>
        ['files', 'users', 'organizations', 'organization_exports'].includes(table) && row.includes(key),
    ),
  );
  expect(acmeKeys).toContain(archiveKey);
  // The demo's Acme: people, structure, work, tickets, chats, sessions ahead, hours, files, notifications.
  const tablesOfAcme = new Set(before.mentioning.map(([table]) => table));
  for (const table of [
    'users',
    'departments',
    'teams',
    'projects',
    'objectives',
    'tasks',
    'task_comments',
    'tickets',
    'conversations',
    'messages',
    'advisor_sessions',
    'advisor_session_attendees',
    'time_entries',
    'files',
    'advisor_assignments',
    'organization_exports',
  ])
    expect(tablesOfAcme).toContain(table);
  expect(acmeKeys.length).toBeGreaterThan(2);
  const attendees = await db.select({ email: users.email }).from(users).where(eq(users.organizationId, acme.id));

  // Acme is open: the erasure closes it on the way (its sessions ahead cancelled), then deletes it.
  const started = await erase(t, acme.id, '  acme corp ', 'admin');
  expect([started.status, started.response.json()]).toEqual([
    202,
    { success: true, message: UI_TEXT.organizationErasureStarted },
  ]);
  const again = await erase(t, acme.id, acme.name, 'admin');
  expect([again.status, again.refusal.error]).toEqual([409, UI_TEXT.organizationBeingErased]);
  // No new export of what is being deleted (403 while the erasure runs; 404 once the organization is gone).
  const exportNow = await t.call(organizationExportEndpoints.start, { params: { id: acme.id }, as: 'admin' });
  expect([403, 404]).toContain(exportNow.status);
  await waitFor(
    async () =>
      (await db.select().from(organizations).where(eq(organizations.id, acme.id))).length === 0 ? true : undefined,
    'Acme erased',
    90_000,
  );

  const after = split(await everyRow(t), ids);
  const [line] = await erasureLines(t, acme.id);
  // One line is left that names it: the platform's, saying who erased what, and how much.
  expect(after.mentioning.map(([table]) => table)).toEqual(['audit_events']);
  expect(line).toMatchObject({
    organizationId: platform!.id,
    targetType: 'organization',
    targetLabel: 'Acme Corp',
    actorId:
      (await db.select().from(users).where(eq(users.email, 'admin@smart.example.com')))[0]?.id ?? expect.any(String),
  });
  expect(line?.toValue).toMatch(/^\d+ rows and \d+ files deleted \(at once, its name typed\)$/);
  // Every other row is as it was: Globex's, the shared advisor's, the platform's. Gone besides: the
  // files row of the logo the admin uploaded for Acme (the platform's upload, shown by Acme alone).
  const withoutAcmeFiles = before.others.get('files')!.filter((row) => !acmeKeys.some((key) => row.includes(key)));
  expect(withoutAcmeFiles).toHaveLength(before.others.get('files')!.length - 1);
  expect(before.others.get('app_meta')!.some((row) => row.includes('notification_unsubscribe_secret'))).toBe(true);
  expect(after.others).toEqual(new Map([...before.others, ['files', withoutAcmeFiles]]));

  const filesAfter = await everyFile(t);
  for (const key of acmeKeys) expect(filesAfter.has(key)).toBe(false);
  expect(filesAfter).toEqual(new Map([...filesBefore].filter(([key]) => !acmeKeys.includes(key))));

  // The advisor stays, still advising Globex.
  const advisorOrganizations = await t.call(organizationEndpoints.list, { query: {}, as: 'advisor' });
  expect(advisorOrganizations.data.map((organization) => organization.name)).toEqual(['Globex']);
  expect((await t.call(organizationEndpoints.get, { params: { id: globex.id }, as: 'globexOwner' })).status).toBe(200);

  // The attendees of its sessions ahead got a CANCEL invitation before their rows went.
  const cancels = (await readMailbox(t.app.config.mail.mailboxDir)).filter(
    (mail) => mail.invitation?.method === 'CANCEL',
  );
  expect(cancels.length).toBeGreaterThan(0);
  const acmeEmails = new Set(attendees.map((person) => person.email));
  expect(cancels.some((mail) => [...acmeEmails].some((email) => mail.to.includes(email)))).toBe(true);

  // The platform's audit log shows the line to admins.
  const log = await t.call(auditLogEndpoints.list, {
    query: { organizationId: platform!.id, action: 'organization.erased' },
    as: 'admin',
  });
  expect(log.data.map((entry) => entry.target.label)).toContain('Acme Corp');
});

test('the retention job erases only organizations closed longer than the grace period, once even when run twice', async ({
  t,
  make,
}) => {
  const { db } = t.database;
  const days = t.app.config.closedOrganizationRetentionDays;
  expect(days).toBe(30);
  const [expired, recent, open] = await Promise.all([make.organization(), make.organization(), make.organization()]);
  await Promise.all([make.member(expired.id), make.member(recent.id), make.member(open.id)]);
  const closedDaysAgo = (id: string, daysAgo: number) =>
    db
      .update(organizations)
      .set({ closedAt: new Date(NOW.getTime() - daysAgo * 24 * 60 * 60 * 1000) })
      .where(eq(organizations.id, id));
  await closedDaysAgo(expired.id, days + 1);
  await closedDaysAgo(recent.id, days - 1);

  // Two runs at once (two processes at the same tick): the organization is queued once.
  const runs = await Promise.all([
    eraseExpiredOrganizations(db, t.app.jobs, days, NOW),
    eraseExpiredOrganizations(db, t.app.jobs, days, NOW),
  ]);
  expect(runs.flat()).toEqual([expired.id]);
  expect(await eraseExpiredOrganizations(db, t.app.jobs, days, NOW)).toEqual([]);
  await waitFor(
    async () => ((await erasureLines(t, expired.id)).length > 0 ? true : undefined),
    'the expired organization erased',
    60_000,
  );
  const lines = await erasureLines(t, expired.id);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ actorId: null });
  expect(lines[0]?.toValue).toContain(`by the retention job, ${days} days after closing`);
  // Its job run again (a retry): nothing more happens, no second line.
  const job: ErasureJob = {
    organizationId: expired.id,
    requestedBy: null,
    startedAt: NOW.toISOString(),
    counted: { rows: 1, files: 0 },
  };
  const deps = {
    db,
    storage: t.app.storage,
    jobs: t.app.jobs,
    tables: t.app.organizationData,
    retentionDays: days,
    now: () => NOW,
  };
  expect(await runErasure(deps, job)).toBe('gone');
  expect(await erasureLines(t, expired.id)).toHaveLength(1);

  const remaining = await db
    .select({ id: organizations.id, erasing: organizations.erasureStartedAt })
    .from(organizations);
  expect(remaining.map((row) => row.id)).toEqual(expect.arrayContaining([recent.id, open.id]));
  expect(remaining.map((row) => row.id)).not.toContain(expired.id);
  expect(remaining.filter((row) => row.erasing !== null)).toEqual([]);

  // The closed one shows admins when it will be erased; the open one nothing.
  const listed = await t.call(organizationEndpoints.get, { params: { id: recent.id }, as: 'admin' });
  expect(listed.data).toMatchObject({
    erasesAt: new Date(NOW.getTime() + 24 * 60 * 60 * 1000).toISOString(),
    erasureStartedAt: null,
    permissions: { canErase: true, canReopen: true },
  });
  expect((await t.call(organizationEndpoints.get, { params: { id: open.id }, as: 'admin' })).data.erasesAt).toBeNull();
});
