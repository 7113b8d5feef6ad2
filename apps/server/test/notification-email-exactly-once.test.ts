import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.js';
import { ACCOUNTS } from './helpers/app.js';
import { readMailbox } from './helpers/mailbox.js';
import { createPostgresDatabase } from './helpers/postgres.js';
import { installationEnv, startServerProcess } from './helpers/server-process.js';

/**
 * Exactly once: two real server processes work the e-mail queue of one PostgreSQL
 * database into one mailbox; one is killed with SIGKILL in the middle of delivering 200 immediate
 * e-mails. Once nothing is pending or sending, the mailbox holds each expected e-mail once: none
 * twice (by Message-ID, and by recipient and task), none missing.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const EVENTS = 200;
const RECIPIENTS = 5;
/** Short, so the killed process's claim is taken over within seconds (the default is 60). */
const LEASE_SECONDS = '5';

const cleanups: (() => Promise<unknown>)[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function query<T>(client: pg.Client, text: string, values: unknown[] = []): Promise<T[]> {
  return (await client.query(text, values)).rows as T[];
}

describe.skipIf(!serverUrl)('exactly-once e-mail across two server processes (needs TEST_DATABASE_URL)', () => {
  it(`sends ${EVENTS} assignments' e-mails once each while one of two processes is killed mid-delivery`, async () => {
    const templates = inject('databaseTemplates');
    const database = await createPostgresDatabase(serverUrl as string, templates?.demo);
    cleanups.push(database.drop);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-exactly-once-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const mailbox = path.join(dataDir, 'mail');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.push(() => client.end());

    // Two processes of one installation: same database, same data directory (mailbox), same keys.
    const env = installationEnv(database.url, dataDir, { NOTIFICATION_EMAIL_LEASE_SECONDS: LEASE_SECONDS });
    const doomed = await startServerProcess(env);
    children.push(doomed.child);
    const survivor = await startServerProcess(env);
    children.push(survivor.child);

    // One project of Acme's owner with a task per event, and the colleagues they go to.
    const [owner] = await query<{ id: string; organization_id: string }>(
      client,
      'select id, organization_id from users where email = $1',
      [ACCOUNTS.acmeOwner],
    );
    if (!owner) throw new Error('no demo owner');
    const recipients = await query<{ id: string; email: string }>(
      client,
      `select id, email from users where organization_id = $1 and is_active and id <> $2 and role in ('user', 'org_admin')
       order by email limit $3`,
      [owner.organization_id, owner.id, RECIPIENTS],
    );
    expect(recipients).toHaveLength(RECIPIENTS);
    const [project] = await query<{ id: string }>(
      client,
      `insert into projects (organization_id, title, created_by) values ($1, 'Exactly once', $2) returning id`,
      [owner.organization_id, owner.id],
    );
    const [objective] = await query<{ id: string }>(
      client,
      `insert into objectives (organization_id, project_id, title, created_by) values ($1, $2, 'Exactly once', $3) returning id`,
      [owner.organization_id, project?.id, owner.id],
    );
    const tasks = await query<{ id: string; title: string }>(
      client,
      `insert into tasks (organization_id, project_id, objective_id, title, created_by)
       select $1, $2, $3, 'Exactly once ' || lpad(n::text, 3, '0'), $4 from generate_series(1, ${EVENTS}) n
       returning id, title`,
      [owner.organization_id, project?.id, objective?.id, owner.id],
    );

    // The assignments go through the process that lives; both work the queue.
    const login = await fetch(`${survivor.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ACCOUNTS.acmeOwner, password: DEMO_PASSWORD }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const assign = async (task: { id: string }, index: number) => {
      const response = await fetch(`${survivor.url}/api/tasks/${task.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ assignedTo: recipients[index % RECIPIENTS]?.id }),
      });
      expect(response.status).toBe(200);
    };
    const mailFiles = async () => (await readdir(mailbox).catch(() => [])).filter((name) => name.endsWith('.eml'));
    let killedAt = -1;
    const assigning = (async () => {
      for (let index = 0; index < tasks.length; index += 10) {
        await Promise.all(tasks.slice(index, index + 10).map((task, offset) => assign(task, index + offset)));
      }
    })();
    // SIGKILL in the middle of delivery: once a quarter of the e-mails are out.
    await expect
      .poll(async () => (await mailFiles()).length, { timeout: 120_000, interval: 20 })
      .toBeGreaterThanOrEqual(EVENTS / 4);
    doomed.child.kill('SIGKILL');
    killedAt = (await mailFiles()).length;
    await assigning;

    // Every event fanned out (a fan-out the killed process held is queued again by the sweep),
    // and every delivery done: nothing pending, nothing claimed.
    await expect
      .poll(
        async () =>
          (
            await query<{ open: number }>(
              client,
              `select (select count(*) from notification_deliveries where channel = 'email' and status in ('pending', 'sending'))
                 + (select count(*) from notification_events where fanned_out_at is null) as open`,
            )
          )[0]?.open,
        { timeout: 300_000, interval: 250 },
      )
      .toBe('0');

    const statuses = await query<{ status: string; count: number; retried: number }>(
      client,
      `select status, count(*)::int as count, count(*) filter (where attempts > 1)::int as retried
       from notification_deliveries where channel = 'email' and recipient_id = any($1) group by status`,
      [recipients.map((recipient) => recipient.id)],
    );
    const sent = statuses.find((row) => row.status === 'sent');
    const mails = await readMailbox(mailbox);
    const recipientEmails = new Set(recipients.map((recipient) => recipient.email));
    const assignments = mails.filter((mail) => recipientEmails.has(mail.to) && mail.subject.includes('assigned you'));
    const messageIds = new Set(mails.map((mail) => mail.messageId));
    const pairs = new Set(assignments.map((mail) => `${mail.to} ${/"(Exactly once \d+)"/.exec(mail.subject)?.[1]}`));
    const expected = new Set(tasks.map((task, index) => `${recipients[index % RECIPIENTS]?.email} ${task.title}`));

    console.info(
      `exactly once: ${EVENTS} events, process killed at ${killedAt} mails; mailbox ${mails.length} files, ` +
        `${messageIds.size} distinct Message-IDs, ${assignments.length} assignment mails, ${pairs.size} distinct ` +
        `(recipient, task); deliveries ${JSON.stringify(statuses)}`,
    );
    expect(statuses.map((row) => row.status)).toEqual(['sent']);
    expect(sent?.count).toBe(EVENTS);
    expect(assignments).toHaveLength(EVENTS);
    expect(messageIds.size).toBe(mails.length);
    expect(pairs).toEqual(expected);
    survivor.child.kill('SIGTERM');
  }, 420_000);
});
