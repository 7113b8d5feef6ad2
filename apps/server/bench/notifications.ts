import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../src/db/client.js';
import { deliverEmailBatch } from '../src/modules/notifications/email-delivery.js';
import { fanOutEvent } from '../src/modules/notifications/fanout.js';
import { deliverSms } from '../src/modules/notifications/sms-delivery.js';
import { unsubscribeSecretOf } from '../src/modules/notifications/unsubscribe.js';
import { createSession } from '../src/modules/session-store/store.js';
import { giveReminderBatch, reminderBatch } from '../src/modules/tasks/reminders.js';
// The app's job queue (`app.jobs`) is declared by its plugin.
import type {} from '../src/plugins/jobs.js';
import { smsSenderFromConfig } from '../src/sms/sender.js';
import { ms, percentile } from './measure.js';
import { loadPlatformData, PLATFORM_SIZE } from './platform-data.js';

/**
 * Notifications at platform size: 200k people (the platform data) and BENCH_NOTIFICATIONS notifications
 * (5M on PostgreSQL; 1M on the in-memory PGlite, whose WebAssembly memory cannot hold 5M) over them, written by set-based SQL; one person holds BENCH_NOTIFICATIONS_HEAVY of
 * them. Measured: the fan-out of one event to 500 people (the real fanOutEvent), that person's bell
 * count and first inbox page (the real routes), and the SMS delivery worker's throughput.
 */
export const NOTIFICATION_BENCH = {
  notifications: (kind: DatabaseHandle['kind']) =>
    Number(process.env.BENCH_NOTIFICATIONS ?? (kind === 'postgres' ? 5_000_000 : 1_000_000)),
  heavy: Number(process.env.BENCH_NOTIFICATIONS_HEAVY ?? 20_000),
  /** The heavy person's notifications are about this many records (groups in the inbox). */
  heavyRecords: 2_000,
  recipientsPerEvent: 50,
  fanOutRecipients: 500,
  fanOutRounds: 20,
  requestRounds: Number(process.env.BENCH_REQUESTS ?? 200),
  /** Deliveries timed through each channel's worker. */
  deliveries: 500,
};

/** Goals: what a person would notice (the bell and the inbox), and the fan-out's constant cost. */
const GOALS = { fanOutP95: 2_000, unreadCountP95: 50, inboxP95: 250 };

interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

async function timeCalls(rounds: number, call: (round: number) => Promise<unknown>): Promise<Percentiles> {
  // A connection kept alive across the long load may be closed under the first call: warm-ups may retry once.
  for (let round = 0; round < Math.min(5, rounds); round += 1) await call(-1 - round).catch(() => call(-1 - round));
  const durations: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await call(round);
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { p50: percentile(durations, 0.5), p95: percentile(durations, 0.95), p99: percentile(durations, 0.99) };
}

const one = async <T>(database: DatabaseHandle, text: string, params: unknown[] = []) =>
  (await database.query(text, params)).rows[0] as T;

/**
 * The notifications: 100 events per bench organization, each to 50 of its 200 people (every
 * person 25), one in five unread; then the heavy person's own events, one in four unread. In
 * chunks of 100 organizations, so no statement holds millions of rows at once.
 */
async function loadNotifications(database: DatabaseHandle, heavyId: string, notifications: number) {
  const { heavy, heavyRecords, recipientsPerEvent } = NOTIFICATION_BENCH;
  const { organizations, peopleEach } = PLATFORM_SIZE;
  const eventsEach = Math.max(1, Math.round((notifications - heavy) / recipientsPerEvent / organizations));
  await database.query(
    `insert into notification_events (organization_id, type, record_type, record_id, audience, data, created_at, fanned_out_at)
     select o.id, 'task_commented', 'task', md5(o.id::text || (e % 40))::uuid, '{}'::jsonb,
       jsonb_build_object('title', 'Bench task ' || (e % 40), 'excerpt', 'A comment ' || e),
       now() - e * interval '7 minutes', now()
     from organizations o cross join generate_series(1, $1::int) e
     where o.name like 'Bench Org %'`,
    [eventsEach],
  );
  // Millions of rows go in faster without the secondary indexes, built once afterwards from their own definitions.
  const indexes = (
    await database.query(
      `select indexname, indexdef from pg_indexes where tablename = 'notifications' and indexname <> 'notifications_pkey'`,
    )
  ).rows as { indexname: string; indexdef: string }[];
  for (const index of indexes) await database.query(`drop index "${index.indexname}"`);
  const chunk = 100;
  for (let from = 1; from <= organizations; from += chunk) {
    await database.query(
      `with orgs as (select id from organizations where name like 'Bench Org %' and substr(name, 11)::int between $1 and $2),
       people as (select u.id, u.organization_id, row_number() over (partition by u.organization_id order by u.id) - 1 as r
         from users u where u.organization_id in (select id from orgs) and u.id <> $4::uuid),
       events as (select e.*, row_number() over (partition by e.organization_id order by e.created_at) - 1 as n
         from notification_events e where e.organization_id in (select id from orgs))
       insert into notifications (event_id, recipient_id, type, record_type, record_id, in_app, read_at, created_at)
       select e.id, p.id, e.type, e.record_type, e.record_id, true,
         case when (e.n + p.r) % 5 = 0 then null else e.created_at + interval '1 hour' end, e.created_at
       from events e cross join generate_series(0, $3::int - 1) k
       join people p on p.organization_id = e.organization_id and p.r = (e.n * $3::int + k) % ${peopleEach}`,
      [from, from + chunk - 1, recipientsPerEvent, heavyId],
    );
  }
  await database.query(
    `with made as (
       insert into notification_events (organization_id, type, record_type, record_id, audience, data, created_at, fanned_out_at)
       select u.organization_id, 'task_commented', 'task', md5('heavy' || (e % $2::int))::uuid, '{}'::jsonb,
         jsonb_build_object('title', 'Heavy task ' || (e % $2::int)), now() - e * interval '1 minute', now()
       from users u cross join generate_series(1, $3::int) e where u.id = $1::uuid
       returning id, type, record_type, record_id, created_at)
     insert into notifications (event_id, recipient_id, type, record_type, record_id, in_app, read_at, created_at)
     select id, $1::uuid, type, record_type, record_id, true,
       case when (extract(epoch from created_at)::bigint / 60) % 4 = 0 then null else created_at end, created_at
     from made`,
    [heavyId, heavyRecords, heavy],
  );
  for (const index of indexes) await database.query(index.indexdef);
  // The inbox's threads, as the fan-out keeps them: one per recipient and record.
  await database.query(
    `insert into notification_threads (recipient_id, record_type, record_id, latest_id, latest_at, updates, unread)
     select distinct on (recipient_id, record_type, record_id) recipient_id, record_type, record_id, id, created_at,
       count(*) over thread, count(*) filter (where read_at is null) over thread
     from notifications where in_app
     window thread as (partition by recipient_id, record_type, record_id)
     order by recipient_id, record_type, record_id, created_at desc, id desc`,
  );
  await database.query('VACUUM ANALYZE');
}

/** An organization of 500 members and a project of theirs: a status change tells all of them. */
async function fanOutAudience(database: DatabaseHandle) {
  const organization = await one<{ id: string }>(
    database,
    `insert into organizations (name) values ('Bench Fan-out ' || gen_random_uuid()) returning id`,
  );
  await database.query(
    `insert into users (email, password_hash, first_name, last_name, organization_id)
     select 'fan.' || n || '.' || $2 || '@bench.example.com', 'no-sign-in', 'Fan', n::text, $1
     from generate_series(1, $3::int) n`,
    [organization.id, organization.id.slice(0, 8), NOTIFICATION_BENCH.fanOutRecipients],
  );
  const project = await one<{ id: string }>(
    database,
    `insert into projects (organization_id, title, created_by)
     select $1, 'Fan-out project', id from users where organization_id = $1 limit 1 returning id`,
    [organization.id],
  );
  return { organizationId: organization.id, projectId: project.id };
}

/** Runs the notifications bench; returns the number of goals missed. */
export async function measureNotifications(app: FastifyInstance, database: DatabaseHandle, base: string) {
  const settings = NOTIFICATION_BENCH;
  let failures = 0;
  const notifications = settings.notifications(database.kind);
  console.log(
    `\nNotifications at platform size: ${PLATFORM_SIZE.organizations * PLATFORM_SIZE.peopleEach} people, ${notifications.toLocaleString('en')} notifications (BENCH_NOTIFICATIONS)`,
  );
  const loadStarted = performance.now();
  const loaded = await one<{ exists: boolean }>(
    database,
    `select exists (select 1 from organizations where name = 'Bench Org 0001') as exists`,
  );
  if (!loaded.exists) await loadPlatformData(database);
  const platformLoaded = performance.now();
  const heavy = await one<{ id: string }>(database, `select id from users where email = 'person2@org1.example.com'`);
  await loadNotifications(database, heavy.id, notifications);
  const total = await one<{ count: number }>(database, 'select count(*)::int as count from notifications');
  console.log(
    `  built in ${ms(performance.now() - loadStarted)} (platform data ${ms(platformLoaded - loadStarted)}, notifications ${ms(performance.now() - platformLoaded)}): ${total.count.toLocaleString('en')} notifications`,
  );

  const rows: [string, Percentiles, number][] = [];

  // Fan-out: one event to 500 people, the worker's own function (notifications + e-mail deliveries).
  const audience = await fanOutAudience(database);
  const fanOut = await timeCalls(settings.fanOutRounds, async () => {
    const event = await one<{ id: string }>(
      database,
      `insert into notification_events (organization_id, type, record_type, record_id, actor_id, audience, data)
       values ($1, 'project_status_changed', 'project', $2, null, '{"organizationMembers":"all"}', '{"title":"Fan-out project","to":"active"}')
       returning id`,
      [audience.organizationId, audience.projectId],
    );
    const done = await fanOutEvent(app.db, app.jobs, event.id, { emailDelaySeconds: 300 });
    if (done?.inApp.length !== settings.fanOutRecipients) throw new Error(`fan-out reached ${done?.inApp.length}`);
  });
  rows.push([`fan-out of one event to ${settings.fanOutRecipients} people`, fanOut, GOALS.fanOutP95]);

  // The heavy person's bell and first inbox page, through the real routes.
  const token = await createSession(app.db, heavy.id, 60 * 60 * 1000);
  const get = (url: string) => async () => {
    const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
  };
  const counted = await one<{ unread: number }>(
    database,
    `select count(*)::int as unread from (select distinct record_type, record_id from notifications
       where recipient_id = $1 and in_app and read_at is null) g`,
    [heavy.id],
  );
  const heavyTitle = `${settings.heavy.toLocaleString('en')} notifications, ${counted.unread} unread records`;
  rows.push([
    `GET /api/notifications/unread-count (${heavyTitle})`,
    await timeCalls(settings.requestRounds, get('/api/notifications/unread-count')),
    GOALS.unreadCountP95,
  ]);
  for (const status of ['unread', 'all']) {
    rows.push([
      `GET /api/notifications?status=${status} page 1`,
      await timeCalls(settings.requestRounds, get(`/api/notifications?status=${status}&page=1&limit=20`)),
      GOALS.inboxP95,
    ]);
  }

  console.log('\n| measured | p50 | p95 | p99 | goal (p95) | |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, timing, goal] of rows) {
    const ok = timing.p95 <= goal;
    if (!ok) failures += 1;
    console.log(
      `| ${name} | ${ms(timing.p50)} | ${ms(timing.p95)} | ${ms(timing.p99)} | ≤ ${ms(goal)} | ${ok ? 'ok' : 'MISSED'} |`,
    );
  }

  console.log('');
  await measureEmailThroughput(app, database, audience);
  await measureSmsThroughput(app, database, audience);
  // Last: the reminders it gives are fanned out in the background.
  await measureReminderSweep(app);
  return failures;
}

/**
 * The due-date sweep over the platform's 180k tasks (30k of them due tomorrow, assigned): the plan
 * of one batch, then batches of 500 with their events, each in a transaction rolled back (the
 * reminders it would give are not fanned out in the middle of the bench).
 */
async function measureReminderSweep(app: FastifyInstance) {
  const at = new Date();
  at.setUTCHours(9, 0, 0, 0);
  const rolledBack = new Error('rolled back');
  const inRolledBackTransaction = (work: (tx: typeof app.db) => Promise<void>) =>
    app.db
      .transaction(async (tx) => {
        await work(tx);
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
  let plan: string[] = [];
  await inRolledBackTransaction(async (tx) => {
    const explained = (await tx.execute(sql`explain (analyze, buffers) ${reminderBatch(at, 500)}`)) as unknown as {
      rows: Record<string, string>[];
    };
    plan = explained.rows.map((row) => Object.values(row)[0] ?? '');
  });
  console.log(`\n  The reminder sweep's batch at platform size (EXPLAIN ANALYZE, rolled back):\n${plan.join('\n')}`);
  const batch = await timeCalls(10, () =>
    inRolledBackTransaction(async (tx) => {
      const given = await giveReminderBatch(app.db, tx, at, 500);
      if (given !== 500) throw new Error(`a batch gave ${given}`);
    }),
  );
  console.log(
    `  A sweep batch (500 reminders and their events, rolled back): p50 ${ms(batch.p50)}, p95 ${ms(batch.p95)}`,
  );
}

/** An event about the fan-out project and one delivery of `channel` to each of `count` of its people. */
async function makeDeliveries(
  database: DatabaseHandle,
  audience: { organizationId: string; projectId: string },
  channel: 'email' | 'sms',
  count: number,
) {
  const event = await one<{ id: string }>(
    database,
    `insert into notification_events (organization_id, type, record_type, record_id, audience, data, sms_key, fanned_out_at)
     values ($1, 'project_status_changed', 'project', $2, '{}', '{"title":"Fan-out project","to":"active"}', $3, now())
     returning id`,
    [audience.organizationId, audience.projectId, channel === 'sms' ? 'urgentTasks' : null],
  );
  return (
    await database.query(
      `with made as (
         insert into notifications (event_id, recipient_id, type, record_type, record_id, in_app)
         select $1, id, 'project_status_changed', 'project', $2, true from users where organization_id = $3 limit $4
         returning id, recipient_id)
       insert into notification_deliveries (notification_id, event_id, recipient_id, channel, batch_key, send_after)
       select id, $1, recipient_id, $5, case when $5 = 'sms' then 'event:' || $1 else 'record:project:' || $2 end, now()
       from made returning id, recipient_id, batch_key`,
      [event.id, audience.projectId, audience.organizationId, count, channel],
    )
  ).rows as { id: string; recipient_id: string; batch_key: string }[];
}

const perSecond = (label: string, count: number, started: number) => {
  const seconds = (performance.now() - started) / 1000;
  console.log(`  ${label}: ${count} in ${ms(seconds * 1000)}, ${(count / seconds).toFixed(0)}/s one at a time`);
};

/** SMS per second of the delivery worker to the file outbox (claim, checks, daily count, write, mark sent). */
async function measureSmsThroughput(
  app: FastifyInstance,
  database: DatabaseHandle,
  audience: { organizationId: string; projectId: string },
) {
  const count = NOTIFICATION_BENCH.deliveries;
  await database.query(
    `update users set phone = '+1 555 ' || lpad(last_name, 7, '0'), phone_verified = '+1 555 ' || lpad(last_name, 7, '0'),
       notification_preferences = '{"sms":{"urgentTasks":true}}' where organization_id = $1`,
    [audience.organizationId],
  );
  const deliveries = await makeDeliveries(database, audience, 'sms', count);
  const smsDir = await mkdtemp(path.join(tmpdir(), 'smart-bench-sms-'));
  const settings = {
    sender: smsSenderFromConfig({ smsDir, smsWebhook: undefined }),
    dailyLimitPerOrganization: count,
    appUrl: 'https://smart.example.com',
  };
  const started = performance.now();
  for (const delivery of deliveries) {
    const outcome = await deliverSms(app.db, delivery.id, settings);
    if (outcome !== 'sent') throw new Error(`SMS ${delivery.id}: ${outcome}`);
  }
  perSecond('SMS delivery worker (files in DATA_DIR/sms)', deliveries.length, started);
  await rm(smsDir, { recursive: true, force: true });
}

/**
 * E-mails per second of the delivery worker to the app's mailer (the .eml files in DATA_DIR/mail):
 * per recipient, claim, the checks and the e-mail's data in SQL, render HTML and text, write, mark sent.
 */
async function measureEmailThroughput(
  app: FastifyInstance,
  database: DatabaseHandle,
  audience: { organizationId: string; projectId: string },
) {
  const deliveries = await makeDeliveries(database, audience, 'email', NOTIFICATION_BENCH.deliveries);
  const deps = {
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    secret: unsubscribeSecretOf(app.db),
    leaseSeconds: app.config.notifications.emailLeaseSeconds,
  };
  const started = performance.now();
  for (const delivery of deliveries) {
    await deliverEmailBatch(deps, { recipientId: delivery.recipient_id, batchKey: delivery.batch_key });
  }
  perSecond('E-mail delivery worker (files in DATA_DIR/mail)', deliveries.length, started);
  const sent = await one<{ count: number }>(
    database,
    `select count(*)::int as count from notification_deliveries where id = any($1::uuid[]) and status = 'sent'`,
    [deliveries.map((delivery) => delivery.id)],
  );
  if (sent.count !== deliveries.length) throw new Error(`e-mail: ${sent.count} of ${deliveries.length} sent`);
}
