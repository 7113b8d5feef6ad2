import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { sleep } from './http.js';
import type { Finding } from './probes.js';
import { type Listener, ledger } from './user.js';

/**
 * Realtime: every acknowledged message reached every participant's socket exactly once live, or,
 * for one sent while that socket was away, through its `after` catch-up; none arrived live twice.
 */
export function realtime(listeners: Listener[]): Finding & { figures: Record<string, number> } {
  let expected = 0;
  let live = 0;
  let caughtUp = 0;
  let missing = 0;
  let doubled = 0;
  let reconnects = 0;
  const examples: string[] = [];
  for (const listener of listeners) {
    reconnects += listener.reconnects;
    for (const count of listener.live.values()) if (count > 1) doubled += 1;
    for (const id of ledger.messages.get(listener.conversationId) ?? []) {
      expected += 1;
      if (listener.live.has(id)) live += 1;
      else if (listener.caughtUp.has(id)) caughtUp += 1;
      else {
        missing += 1;
        if (examples.length < 3) examples.push(`${id} never reached ${listener.person.email}`);
      }
    }
  }
  const sent = [...ledger.messages.values()].reduce((sum, ids) => sum + ids.size, 0);
  return {
    check: 'realtime: each message once to every participant, catch-up after reconnects',
    ok: missing === 0 && doubled === 0,
    detail:
      `${sent} messages acknowledged, ${expected} deliveries expected: ${live} live, ${caughtUp} by catch-up, ` +
      `${missing} missing, ${doubled} heard twice; ${reconnects} socket reconnects${examples.length ? `; ${examples.join(', ')}` : ''}`,
    figures: { sent, expected, live, caughtUp, missing, doubled, reconnects },
  };
}

const MAIL_SETTLE_MS = 120_000;

/** Notification e-mails: the mailbox holds one file per batch the database says it sent, none twice. */
export async function mail(
  database: pg.Client,
  mailDir: string,
): Promise<Finding & { figures: Record<string, number> }> {
  // Wait for the e-mails already due (the ones still waiting for their delay are not counted on either side).
  const deadline = Date.now() + MAIL_SETTLE_MS;
  for (;;) {
    const { rows } = await database.query(
      `select count(*)::int as open from notification_deliveries
       where channel = 'email' and (status = 'sending' or (status = 'pending' and send_after < now()))`,
    );
    if (rows[0]?.open === 0 || Date.now() > deadline) break;
    await sleep(1000);
  }
  const { rows } = await database.query(
    `select count(*)::int as batches, coalesce(sum(n), 0)::int as deliveries from (
       select count(*) as n from notification_deliveries where channel = 'email' and status = 'sent'
       group by recipient_id, batch_key, sent_at) sent`,
  );
  const { rows: waiting } = await database.query(
    `select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'failed')::int as failed
     from notification_deliveries where channel = 'email'`,
  );
  const names = (await readdir(mailDir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const ids = new Map<string, number>();
  for (const name of names) {
    const text = await readFile(path.join(mailDir, name), 'utf8');
    const id = /^Message-ID:\s*(<[^>]+>)/im.exec(text)?.[1];
    if (id?.includes('.notification@')) ids.set(id, (ids.get(id) ?? 0) + 1);
  }
  const files = [...ids.values()].reduce((sum, count) => sum + count, 0);
  const twice = [...ids.values()].filter((count) => count > 1).length;
  const batches = Number(rows[0]?.batches ?? 0);
  return {
    check: 'notifications: e-mails exactly once (mailbox against the outbox)',
    ok: files === batches && twice === 0 && Number(waiting[0]?.failed ?? 0) === 0,
    detail:
      `${batches} e-mails sent by the outbox (${rows[0]?.deliveries} deliveries), ${files} in the mailbox, ` +
      `${twice} Message-IDs twice; still waiting for their delay: ${waiting[0]?.pending}, failed: ${waiting[0]?.failed}`,
    figures: { batches, mailbox: files, twice },
  };
}

/** Scheduled jobs: each cron queue got at most one job per minute across the processes, and each ran. */
export async function scheduledJobs(database: pg.Client, since: Date): Promise<Finding> {
  const { rows } = await database.query(
    `select j.name, count(*)::int as jobs, count(distinct date_trunc('minute', j.created_on))::int as ticks,
            count(*) filter (where j.state = 'completed')::int as completed,
            count(*) filter (where j.state = 'failed')::int as failed
     from pgboss.job j join pgboss.schedule s on s.name = j.name
     where j.singleton_key is null and j.created_on >= $1
     group by j.name order by j.name`,
    [since],
  );
  const twice = rows.filter((row) => row.jobs > row.ticks);
  const failedRuns = rows.filter((row) => row.failed > 0);
  return {
    check: 'scheduled jobs: once per tick across processes',
    ok: twice.length === 0 && failedRuns.length === 0 && rows.length > 0,
    detail: rows
      .map(
        (row) =>
          `${row.name}: ${row.jobs} jobs in ${row.ticks} minutes, ${row.completed} completed, ${row.failed} failed`,
      )
      .join('; '),
  };
}

/** No two scheduled sessions of one advisor overlap. */
export async function noDoubleBooking(database: pg.Client): Promise<Finding> {
  const { rows } = await database.query(
    `select count(*)::int as overlaps from advisor_sessions a join advisor_sessions b
       on a.advisor_id = b.advisor_id and a.id < b.id and a.status = 'scheduled' and b.status = 'scheduled'
      and a.start_at < b.end_at and b.start_at < a.end_at`,
  );
  const { rows: counts } = await database.query(
    `select count(*) filter (where status = 'scheduled')::int as scheduled, count(*) filter (where status = 'cancelled')::int as cancelled
     from advisor_sessions where id = any($1)`,
    [[...ledger.bookings.made]],
  );
  return {
    check: 'bookings: no overlapping sessions of one advisor',
    ok: rows[0]?.overlaps === 0,
    detail: `${ledger.bookings.made.size} booked (${counts[0]?.scheduled} still scheduled, ${counts[0]?.cancelled} cancelled), ${ledger.bookings.taken} refused as taken (409), ${rows[0]?.overlaps} overlapping pairs`,
  };
}

/** The database after the run: what the app acknowledged is there, and nothing points at nothing. */
export async function consistency(database: pg.Client, s3Keys: Set<string> | undefined): Promise<Finding> {
  const problems: string[] = [];
  const figures: string[] = [];
  const present = async (table: string, ids: Set<string>) => {
    const { rows } = await database.query(`select count(*)::int as n from ${table} where id = any($1::uuid[])`, [
      [...ids],
    ]);
    const found = Number(rows[0]?.n);
    figures.push(`${table} ${found}/${ids.size}`);
    if (found !== ids.size) problems.push(`${ids.size - found} acknowledged ${table} missing`);
  };
  await present('tasks', ledger.tasks);
  await present('task_comments', ledger.comments);
  await present('messages', new Set([...ledger.messages.values()].flatMap((ids) => [...ids])));
  await present('time_entries', ledger.timeEntries);
  await present('advisor_sessions', ledger.bookings.made);

  const { rows: cancelled } = await database.query(
    `select count(*)::int as n from advisor_sessions where id = any($1::uuid[]) and status <> 'cancelled'`,
    [[...ledger.bookings.cancelled]],
  );
  if (cancelled[0]?.n !== 0) problems.push(`${cancelled[0]?.n} acknowledged cancellations not cancelled`);

  const orphans: [string, string][] = [
    [
      'task comments without their task',
      'select count(*) from task_comments c where not exists (select 1 from tasks t where t.id = c.task_id)',
    ],
    [
      'task activity without its task',
      'select count(*) from task_activity a where not exists (select 1 from tasks t where t.id = a.task_id)',
    ],
    [
      'tasks without their objective',
      'select count(*) from tasks t where not exists (select 1 from objectives o where o.id = t.objective_id)',
    ],
    [
      'messages without their conversation',
      'select count(*) from messages m where not exists (select 1 from conversations c where c.id = m.conversation_id)',
    ],
    [
      'participants without their conversation',
      'select count(*) from conversation_participants p where not exists (select 1 from conversations c where c.id = p.conversation_id)',
    ],
    [
      'task files without their task',
      "select count(*) from files f where f.record_type = 'task' and not exists (select 1 from tasks t where t.id = f.record_id)",
    ],
    [
      'time entries without their task',
      'select count(*) from time_entries e where e.task_id is not null and not exists (select 1 from tasks t where t.id = e.task_id)',
    ],
    [
      'attendees without their session',
      'select count(*) from advisor_session_attendees a where not exists (select 1 from advisor_sessions s where s.id = a.session_id)',
    ],
    [
      'deliveries without their notification',
      'select count(*) from notification_deliveries d where not exists (select 1 from notifications n where n.id = d.notification_id)',
    ],
    [
      'more than one running timer per person',
      'select count(*) from (select user_id from running_timers group by user_id having count(*) > 1) t',
    ],
    [
      'messages twice by one client id',
      'select count(*) from (select sender_id, client_message_id from messages where client_message_id is not null group by 1, 2 having count(*) > 1) t',
    ],
  ];
  for (const [what, text] of orphans) {
    const { rows } = await database.query(text).catch((error: Error) => {
      problems.push(`${what}: query failed (${error.message})`);
      return { rows: [{ count: '0' }] };
    });
    const count = Number(rows[0]?.count ?? 0);
    if (count > 0) problems.push(`${count} ${what}`);
  }

  const keys = ledger.files.map((file) => file.key);
  const { rows: fileRows } = await database.query(`select key, size from files where key = any($1)`, [keys]);
  const stored = new Map(fileRows.map((row) => [String(row.key), Number(row.size)]));
  const missingRows = ledger.files.filter((file) => !stored.has(file.key));
  const wrongSize = ledger.files.filter((file) => stored.has(file.key) && stored.get(file.key) !== file.size);
  figures.push(`files ${stored.size}/${ledger.files.length}`);
  if (missingRows.length) problems.push(`${missingRows.length} acknowledged files without a row`);
  if (wrongSize.length) problems.push(`${wrongSize.length} file rows of another size than uploaded`);
  if (s3Keys) {
    const { rows: allFiles } = await database.query('select key from files');
    // The bucket's keys may carry a prefix: the file's key is the last part.
    const names = new Set([...s3Keys].map((key) => key.split('/').at(-1)));
    const withoutBytes = allFiles.filter((row) => !names.has(String(row.key)));
    figures.push(`bucket ${s3Keys.size} objects, ${allFiles.length} file rows`);
    if (withoutBytes.length) problems.push(`${withoutBytes.length} file rows whose bytes are not in the bucket`);
  }
  return {
    check: 'database: acknowledged writes present, no orphan rows',
    ok: problems.length === 0,
    detail: `${figures.join(', ')}${problems.length ? `; ${problems.join('; ')}` : '; no orphans'}`,
  };
}
