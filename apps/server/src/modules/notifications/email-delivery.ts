import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  isAlwaysEmailed,
  mergeNotificationPreferences,
  NOTIFICATION_TYPE_NAMES,
  NOTIFICATION_TYPES,
  type NotificationData,
  type NotificationPreferences,
  type NotificationRecordType,
  type NotificationType,
  notificationEndpoints,
} from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { JOB_RETRY_LIMIT } from '../../jobs/queue.js';
import { EMAIL_QUEUE } from '../../lib/outbox.js';
import { uuidArray } from '../../lib/sql.js';
import type { Mailer } from '../../mail/mailer.js';
import { personOf, readableBy } from './audience.js';
import { batchMessageId, type EmailItem, renderEmail } from './email-render.js';
import { invitationRendererOf } from './hooks.js';
import { type UnsubscribeKey, unsubscribeSecretOf, unsubscribeToken } from './unsubscribe.js';

/*
 * The e-mail channel (ARCHITECTURE.md, "Notification engine"). A job {recipientId, batchKey} claims the
 * recipient's due deliveries of that batch in one UPDATE (status 'sending' with a lease: two
 * workers never both get a row), checks they are still wanted, sends one e-mail, and marks them
 * sent only after the mailer resolved. The Message-ID is derived from the deliveries, so the one
 * window left, a crash after sending and before marking, re-sends the same message, which the sink
 * drops (the file mailbox writes it once; SMTP receivers dedupe on Message-ID).
 */

export interface EmailJob {
  recipientId: string;
  batchKey: string;
}

interface EmailDeliveryDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  /** The unsubscribe links' signing secret (read once, at the first e-mail). */
  secret: () => Promise<string>;
  leaseSeconds: number;
}

/** Claims of one batch a job works through before leaving the rest to the next job (a guard, not a limit reached in use). */
const MAX_ROUNDS = 10;
/** A claim that fails this often is given up: the first send and the job queue's retries. */
const MAX_ATTEMPTS = JOB_RETRY_LIMIT + 1;
/** Seconds before a failed send is tried again, by attempt: 15, 30, 60 … (the job queue's backoff). */
const retryDelaySeconds = (attempts: number) => 15 * 2 ** Math.max(0, attempts - 1);
/** Types mailed whatever the toggles, and even when read in the app first (a security notice, an invitation). */
const ALWAYS_EMAILED_TYPES = NOTIFICATION_TYPE_NAMES.filter((type) =>
  isAlwaysEmailed(NOTIFICATION_TYPES[type].category),
);

export async function startEmailDelivery(app: FastifyInstance) {
  const leaseSeconds = app.config.notifications.emailLeaseSeconds;
  const deps: EmailDeliveryDeps = {
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    secret: unsubscribeSecretOf(app.db),
    leaseSeconds,
  };
  await app.jobs.define<EmailJob>(EMAIL_QUEUE, (job) => deliverEmailBatch(deps, job), {
    // Immediate e-mails (an assignment, a mention) should leave within a second or two.
    pollingIntervalSeconds: 1,
    // A job that outlives its lease is retried by the queue: the claim it held is free by then.
    expireInSeconds: leaseSeconds,
  });
}

/** Works through the batch's due deliveries: claims, checks, sends and marks them, until none is left. */
export async function deliverEmailBatch(deps: EmailDeliveryDeps, job: EmailJob) {
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const claim = await claimBatch(deps.db, job, deps.leaseSeconds);
    if (claim.ids.length === 0) return;
    await deliverClaim(deps, job, claim);
  }
}

interface Claim {
  ids: string[];
  /** Taken over from a worker whose lease ran out: it may have sent the e-mail already. */
  resumed: boolean;
  attempts: number;
}

/**
 * One UPDATE … RETURNING: the batch's due pending deliveries, or, when some of it was claimed by
 * a worker whose lease ran out, exactly those (the same set, so the same Message-ID). Rows another
 * worker holds are skipped, so two workers never get the same row.
 */
async function claimBatch(db: Database, { recipientId, batchKey }: EmailJob, leaseSeconds: number): Promise<Claim> {
  const { rows } = (await db.execute(sql`
    with due as (
      select id, status from notification_deliveries
      where recipient_id = ${recipientId}::uuid and channel = 'email' and batch_key = ${batchKey}
        and ((status = 'pending' and send_after <= now()) or (status = 'sending' and lease_until < now()))
      for update skip locked
    ),
    picked as (
      select id, status from due where status = 'sending' or not exists (select 1 from due where status = 'sending')
    )
    update notification_deliveries d
    set status = 'sending', lease_until = now() + ${`${leaseSeconds} seconds`}::interval, attempts = d.attempts + 1
    from picked where d.id = picked.id
    returning d.id::text as id, picked.status as previous, d.attempts
  `)) as unknown as { rows: { id: string; previous: string; attempts: number }[] };
  return {
    ids: rows.map((row) => row.id),
    resumed: rows.some((row) => row.previous === 'sending'),
    attempts: Math.max(0, ...rows.map((row) => Number(row.attempts))),
  };
}

interface DeliveryRow {
  id: string;
  type: NotificationType;
  record_type: NotificationRecordType;
  record_id: string;
  data: NotificationData;
  created_at: string | Date;
  actor_first_name: string | null;
  actor_last_name: string | null;
  email: string;
  first_name: string;
  time_zone: string | null;
  /** The recipient made the change (only calendar invitations go to their actor). */
  own_act: boolean;
  preferences: NotificationPreferences | null;
  /** Active, still able to read the record (or told without that check), and not read in the app meanwhile. */
  still_wanted: boolean;
}

/** The claimed deliveries with what the e-mail says, and whether each is still wanted, in one query. */
async function loadClaimed(db: Database, ids: string[]): Promise<DeliveryRow[]> {
  const record = { type: sql`n.record_type`, id: sql`n.record_id`, organizationId: sql`e.organization_id` };
  const { rows } = (await db.execute(sql`
    select d.id::text as id, n.type, n.record_type, n.record_id::text as record_id, e.data, e.created_at,
      a.first_name as actor_first_name, a.last_name as actor_last_name,
      u.email, u.first_name, u.time_zone, u.id = e.actor_id as own_act, u.notification_preferences as preferences,
      (u.is_active
        and (n.read_at is null or n.type = any(${sql.param(ALWAYS_EMAILED_TYPES)}::text[]))
        and (exists (select 1 from jsonb_array_elements_text(coalesce(e.audience -> 'withoutAccessCheck', '[]'::jsonb)) w
               where w = u.id::text)
          or ${readableBy(personOf('u'), record)})) as still_wanted
    from notification_deliveries d
    join notifications n on n.id = d.notification_id
    join notification_events e on e.id = d.event_id
    join users u on u.id = d.recipient_id
    left join users a on a.id = e.actor_id
    where d.id = any(${uuidArray(ids)})
  `)) as unknown as { rows: DeliveryRow[] };
  return rows;
}

/** The e-mail toggle of a type, now (security notices and invitations have none: always sent). */
function emailToggleOn(row: DeliveryRow): boolean {
  const { category } = NOTIFICATION_TYPES[row.type];
  if (isAlwaysEmailed(category)) return true;
  const preferences = mergeNotificationPreferences(DEFAULT_NOTIFICATION_PREFERENCES, row.preferences ?? {});
  return preferences.email[category];
}

async function deliverClaim(deps: EmailDeliveryDeps, job: EmailJob, claim: Claim) {
  const { db } = deps;
  const rows = await loadClaimed(db, claim.ids);
  // A claim taken over may have been sent already: it is sent again as it was (same deliveries,
  // same Message-ID) for the sink to drop, not re-checked into a different e-mail.
  const keep = rows.filter((row) => !isResetNotice(row) && (claim.resumed || (row.still_wanted && emailToggleOn(row))));
  const kept = new Set(keep.map((row) => row.id));
  const dropped = claim.ids.filter((id) => !kept.has(id));
  if (dropped.length > 0) await setStatus(db, dropped, sql`status = 'skipped', lease_until = null`);
  const [first] = keep;
  if (!first) return;

  const ids = keep.map((row) => row.id);
  const digest = job.batchKey === 'digest';
  // A calendar event is mailed alone (immediate): the e-mail carries its invitation.
  const invitation = keep.length === 1 ? await invitationOf(deps, first) : null;
  const items = keep.map(itemOf);
  const message = renderEmail(
    {
      to: first.email,
      firstName: first.first_name,
      digest,
      items: invitation
        ? items.map((item) => ({ ...item, line: invitation.line, details: invitation.details }))
        : items,
      unsubscribeUrl: unsubscribeUrlFor(deps.appUrl, await deps.secret(), job.recipientId, digest, keep),
      timeZone: first.time_zone,
    },
    deps.appUrl,
    batchMessageId(ids, deps.appUrl),
  );
  try {
    await deps.mailer.send(
      invitation ? { ...message, subject: invitation.subject, icalEvent: invitation.icalEvent } : message,
    );
  } catch (error) {
    const reason = safeReason(error);
    const givenUp = claim.attempts >= MAX_ATTEMPTS;
    await setStatus(
      db,
      ids,
      givenUp
        ? sql`status = 'failed', lease_until = null, last_error = ${reason}`
        : // Due again after the backoff, so the sweep does not retry it sooner than the job queue would.
          sql`status = 'pending', lease_until = null, last_error = ${reason},
            send_after = now() + ${`${retryDelaySeconds(claim.attempts)} seconds`}::interval`,
    );
    if (givenUp) return;
    // The job queue retries with backoff; the error carries no address.
    throw new Error(`notification e-mail not sent: ${reason}`);
  }
  await setStatus(db, ids, sql`status = 'sent', sent_at = now(), lease_until = null, last_error = null`);
}

/** The record's invitation when the delivery is a calendar event's (its .ics, its subject; scheduling renders a session's). */
function invitationOf(deps: EmailDeliveryDeps, row: DeliveryRow) {
  const renderInvitation = invitationRendererOf(row.record_type);
  if (NOTIFICATION_TYPES[row.type].category !== 'calendar' || !renderInvitation) return null;
  return renderInvitation(deps.db, deps.appUrl, {
    type: row.type,
    meetingId: row.record_id,
    data: row.data,
    createdAt: new Date(row.created_at),
    timeZone: row.time_zone,
    ownAct: row.own_act === true,
  });
}

/** The password reset mail itself tells of the request (modules/password-reset): its notice is not mailed twice. */
const isResetNotice = (row: DeliveryRow) => row.type === 'password_reset_requested';

const itemOf = (row: DeliveryRow): EmailItem => ({
  deliveryId: row.id,
  type: row.type,
  recordType: row.record_type,
  recordId: row.record_id,
  data: row.data,
  actor:
    row.actor_first_name === null ? null : { firstName: row.actor_first_name, lastName: row.actor_last_name ?? '' },
  createdAt: new Date(row.created_at),
});

/** The one-click link of a batch: its category's toggle, or every toggle for a digest; none for what is always mailed. */
function unsubscribeUrlFor(appUrl: string, secret: string, userId: string, digest: boolean, rows: DeliveryRow[]) {
  const categories = new Set(rows.map((row) => NOTIFICATION_TYPES[row.type].category));
  if ([...categories].every(isAlwaysEmailed)) return null;
  const [only] = categories;
  const key: UnsubscribeKey = digest || categories.size > 1 || !only || isAlwaysEmailed(only) ? 'all' : only;
  const token = encodeURIComponent(unsubscribeToken(secret, userId, key));
  return `${appUrl}${notificationEndpoints.unsubscribe.path}?token=${token}`;
}

/** Updates only rows still in this worker's claim ('sending'). */
async function setStatus(db: Database, ids: string[], assignments: ReturnType<typeof sql>) {
  await db.execute(
    sql`update notification_deliveries set ${assignments} where id = any(${uuidArray(ids)}) and status = 'sending'`,
  );
}

/** A failure as stored and logged: its first line, addresses removed (an SMTP refusal quotes the recipient). */
function safeReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').replace(/[^\s<>@]+@[^\s<>@]+/g, '<address>').slice(0, 300);
}
