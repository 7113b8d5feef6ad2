import fs from 'node:fs/promises';
import path from 'node:path';
import {
  NOTIFICATION_MORNING_HOUR,
  type NotificationSettings,
  notificationEndpoints,
  passwordResetEndpoints,
  sessionEndpoints,
  taskEndpoints,
  UI_TEXT,
  unsubscribedMessage,
  unsubscribeQuestion,
} from '@smart/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskRow } from '../src/db/schema/index.js';
import { notificationDeliveries, notificationEvents, notifications } from '../src/db/schema/index.js';
import { eventOn, type NotificationEventInput, notify } from '../src/lib/outbox.js';
import { escapeHtml } from '../src/mail/html.js';
import { deliverEmailBatch } from '../src/modules/notifications/email-delivery.js';
import { requeueLostEmails } from '../src/modules/notifications/lost-jobs.js';
import { unsubscribeSecretOf } from '../src/modules/notifications/unsubscribe.js';
import { taskSubject } from '../src/modules/tasks/notifications.js';
// The app's job queue (`app.jobs`), as the server declares it.
import type {} from '../src/plugins/jobs.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import {
  FACTORY_PASSWORD,
  type Factories,
  factories,
  type Member,
  organizationWithPeople,
} from './helpers/factories.js';
import { type ReceivedMail, readMailbox } from './helpers/mailbox.js';

/**
 * The e-mail channel: what lands in the mailbox (DATA_DIR/mail), when, and what does
 * not. Non-urgent e-mails wait NOTIFICATION_EMAIL_DELAY_SECONDS (5 here) for the record's next
 * changes. Every wait is on a condition (a mail, a delivery's status), never a sleep.
 */
let t: TestApp;
let make: Factories;
let mailbox: string;
beforeAll(async () => {
  t = await createTestApp({ settings: { NOTIFICATION_EMAIL_DELAY_SECONDS: '5' } });
  make = factories(t.app.db);
  mailbox = path.join(t.app.config.dataDir, 'mail');
});
afterAll(async () => {
  await t?.close();
});

const mailsTo = async (email: string) => (await readMailbox(mailbox)).filter((mail) => mail.to === email);

/** Waits until `email` has received `count` mails, and returns them. */
async function mailsArrive(email: string, count: number): Promise<ReceivedMail[]> {
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000, interval: 50 }).toBe(count);
  return mailsTo(email);
}

async function deliveryStatuses(recipientId: string) {
  const rows = await t.app.db
    .select({ status: notificationDeliveries.status })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.recipientId, recipientId), eq(notificationDeliveries.channel, 'email')));
  return rows.map((row) => row.status).sort();
}

/** Waits until the recipient's e-mail deliveries have these statuses (the worker is done with them). */
async function deliveriesBecome(recipientId: string, statuses: string[]) {
  await expect.poll(() => deliveryStatuses(recipientId), { timeout: 15_000, interval: 50 }).toEqual(statuses);
}

/** Records events as a service does: in a transaction (the outbox). */
async function record(events: NotificationEventInput[]) {
  await t.app.db.transaction((tx) => notify(t.app.db, tx, events));
}

/** An organization with an owner, a member and a task the owner created in it. */
async function taskSetting() {
  const { org, owner, member } = await organizationWithPeople(make);
  const project = await make.project(org.id, { by: owner });
  const objective = await make.objective(project.id, { by: owner });
  const task = await make.task(objective.id, { by: owner, title: `Task of ${member.lastName}` });
  // The new objective's event reaches the project's people when it fans out: done before the member
  // joins the project (by an assignment), so what the member hears is only what the test does.
  await everythingFannedOut();
  return { org, owner, member, task };
}

async function everythingFannedOut() {
  await expect
    .poll(
      async () =>
        (await t.app.db.select().from(notificationEvents).where(isNull(notificationEvents.fannedOutAt))).length,
      { timeout: 15_000, interval: 50 },
    )
    .toBe(0);
}

const commentOn = (task: TaskRow, to: Member, by: Member, excerpt: string): NotificationEventInput => ({
  ...eventOn(taskSubject(task), 'task_commented', by.id, { excerpt }),
  audience: { users: [to.id] },
});

const assign = (task: TaskRow, to: Member, by: Member) =>
  t.call(taskEndpoints.update, { params: { id: task.id }, as: by, body: { assignedTo: to.id } });

const taskLink = (task: TaskRow) =>
  `${t.app.config.appUrl}/dashboard/projects/${task.projectId}/objectives/${task.objectiveId}/tasks/${task.id}`;

/** The path and query of a mail's one-click unsubscribe URL (its List-Unsubscribe header). */
function unsubscribePath(mail: ReceivedMail): string {
  const match = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '');
  if (!match?.[1]) throw new Error(`No List-Unsubscribe header in ${JSON.stringify(mail.headers)}`);
  const url = new URL(match[1]);
  return `${url.pathname}${url.search}`;
}

const settingsOf = async (member: Member) => (await t.call(notificationEndpoints.settings, { as: member })).data;

const emailToggles = (member: Member, email: Partial<NotificationSettings['email']>) =>
  t.call(notificationEndpoints.updateSettings, { as: member, body: { notifications: { email } } });

describe('an immediate e-mail', () => {
  it('brings a task assignment at once: the line, the link, the preferences and a one-click unsubscribe', async () => {
    const { owner, member, task } = await taskSetting();
    expect((await assign(task, member, owner)).status).toBe(200);

    const [mail] = await mailsArrive(member.email, 1);
    expect(mail?.subject).toBe(`${owner.firstName} ${owner.lastName} assigned you the task "${task.title}"`);
    expect(mail?.text).toContain(taskLink(task));
    expect(mail?.html).toContain(`href="${taskLink(task)}"`);
    expect(mail?.text).toContain(`${t.app.config.appUrl}/dashboard/notifications`);
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribePath(mail as ReceivedMail)).toMatch(/^\/api\/notifications\/unsubscribe\?token=/);
    expect(mail?.messageId).toMatch(/^<[0-9a-f]{40}\.notification@localhost>$/);
    await deliveriesBecome(member.id, ['sent']);
    // The assigner hears nothing of their own action.
    expect(await mailsTo(owner.email)).toHaveLength(0);
  });
});

describe('the batching window', () => {
  it('sends three changes of one task as one e-mail listing the three', async () => {
    const { owner, member, task } = await taskSetting();
    await record([
      commentOn(task, member, owner, 'First thoughts'),
      {
        ...eventOn(taskSubject(task), 'task_due_date_changed', owner.id, { from: '2026-12-01', to: '2026-12-08' }),
        audience: { users: [member.id] },
      },
      commentOn(task, member, owner, 'Second <thoughts> & more'),
    ]);
    await deliveriesBecome(member.id, ['sent', 'sent', 'sent']);
    const [mail, ...others] = await mailsTo(member.email);
    expect(others).toHaveLength(0);
    expect(mail?.subject).toBe(`3 updates on "${task.title}"`);
    expect(mail?.text).toContain(`commented on the task "${task.title}"`);
    expect(mail?.text).toContain('2026-12-01 → 2026-12-08');
    expect(mail?.text).toContain('“First thoughts”');
    // Escaped in the HTML part, as it was written in the text part.
    expect(mail?.html).toContain('Second &#60;thoughts&#62; &#38; more');
    expect(mail?.text).toContain('Second <thoughts> & more');
  });

  it('sends nothing for a change read in the app before the window ends', async () => {
    const { owner, member, task } = await taskSetting();
    await record([commentOn(task, member, owner, 'Read me in the app')]);
    let id = '';
    await expect
      .poll(
        async () => {
          const list = await t.call(notificationEndpoints.list, { as: member });
          id = list.data[0]?.id ?? '';
          return id;
        },
        { timeout: 10_000, interval: 50 },
      )
      .not.toBe('');
    const read = await t.call(notificationEndpoints.update, { params: { id }, as: member, body: { read: true } });
    expect(read.status).toBe(200);
    await deliveriesBecome(member.id, ['skipped']);
    expect(await mailsTo(member.email)).toHaveLength(0);
  });

  it('sends nothing to someone who turned the toggle off, or was deactivated, before the window ended', async () => {
    const { org, owner, member, task } = await taskSetting();
    const leaver = await make.member(org.id);
    await record([commentOn(task, member, owner, 'Toggled off'), commentOn(task, leaver, owner, 'Gone')]);
    await expect.poll(() => deliveryStatuses(member.id), { timeout: 10_000, interval: 50 }).toEqual(['pending']);
    await expect.poll(() => deliveryStatuses(leaver.id), { timeout: 10_000, interval: 50 }).toEqual(['pending']);
    expect((await emailToggles(member, { taskAssignments: false })).status).toBe(200);
    await t.app.db.execute(sql`update users set is_active = false where id = ${leaver.id}`);

    await deliveriesBecome(member.id, ['skipped']);
    await deliveriesBecome(leaver.id, ['skipped']);
    expect(await mailsTo(member.email)).toHaveLength(0);
    expect(await mailsTo(leaver.email)).toHaveLength(0);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('shows a page on GET that changes nothing; a POST with the token turns that toggle off; the next event mails nothing', async () => {
    const { owner, member, task } = await taskSetting();
    await assign(task, member, owner);
    const [mail] = await mailsArrive(member.email, 1);
    const url = unsubscribePath(mail as ReceivedMail);

    // The link as the mail holds it, followed as a mail client does.
    const page = await t.request({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    // It names the kind of e-mail and the address, in the app's look.
    expect(page.body).toContain(escapeHtml(unsubscribeQuestion('taskAssignments', member.email)));
    expect(page.body).toContain('Stop “Task assignments” e-mails to');
    expect((await settingsOf(member)).email.taskAssignments).toBe(true);

    // As a mail client posts it: no session, the form body RFC 8058 names.
    const done = await t.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(escapeHtml(unsubscribedMessage('taskAssignments', member.email)));
    const settings = await settingsOf(member);
    expect(settings.email).toMatchObject({ taskAssignments: false, systemAlerts: true, teamMessages: true });

    // The next assignment is in the app, and not in the mailbox.
    const other = await make.task(task.objectiveId, { by: owner });
    await assign(other, member, owner);
    await expect
      .poll(
        async () => (await t.app.db.select().from(notifications).where(eq(notifications.recordId, other.id))).length,
        { timeout: 10_000, interval: 50 },
      )
      .toBe(1);
    await deliveriesBecome(member.id, ['sent']);
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it('answers a bad or altered token with a 400 page, and changes nothing', async () => {
    const { owner, member, task } = await taskSetting();
    await assign(task, member, owner);
    const [mail] = await mailsArrive(member.email, 1);
    const url = unsubscribePath(mail as ReceivedMail);
    const altered = url.replace('.taskAssignments.', '.systemAlerts.');
    expect(altered).not.toBe(url);
    for (const bad of [altered, '/api/notifications/unsubscribe?token=nonsense']) {
      for (const method of ['GET', 'POST'] as const) {
        // Tokens altered or made up, as an outside client might send them.
        const response = await t.request({ method, url: bad });
        expect(response.statusCode).toBe(400);
        expect(response.body).toContain(UI_TEXT.unsubscribeInvalid);
      }
    }
    // No token at all.
    expect((await t.request({ method: 'POST', url: '/api/notifications/unsubscribe' })).statusCode).toBe(400);
    expect((await settingsOf(member)).email).toMatchObject({ taskAssignments: true, systemAlerts: true });
  });
});

describe('security notices', () => {
  it('are mailed with every e-mail toggle off: a password change, a sign-in from a new browser', async () => {
    const { member } = await organizationWithPeople(make);
    const allOff = { systemAlerts: false, projectUpdates: false, taskAssignments: false, teamMessages: false };
    expect((await emailToggles(member, allOff)).status).toBe(200);

    const changed = await t.call(sessionEndpoints.changePassword, {
      as: member,
      body: { currentPassword: FACTORY_PASSWORD, newPassword: 'a-new-password-1' },
    });
    expect(changed.status).toBe(200);
    const [notice] = await mailsArrive(member.email, 1);
    expect(notice?.subject).toBe('Your password was changed');
    expect(notice?.text).toContain('always sent');
    // Security notices cannot be turned off, so they carry no unsubscribe link.
    expect(notice?.headers['list-unsubscribe']).toBeUndefined();

    // The account is in use (the session above): a browser without its device cookie is new.
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const signIn = (cookie?: string) =>
      t.call(sessionEndpoints.signIn, {
        headers: { 'user-agent': firefox, ...(cookie && { cookie }) },
        body: { email: member.email, password: 'a-new-password-1' },
      });
    const first = await signIn();
    expect(first.status).toBe(200);
    const [, newBrowser] = await mailsArrive(member.email, 2);
    expect(newBrowser?.subject).toMatch(/^New sign-in to your account from Firefox on Windows \(/);

    // The same browser again (it kept the device cookie): not new, nothing recorded.
    const cookie = String(first.headers['set-cookie']).split(';')[0];
    expect((await signIn(cookie)).status).toBe(200);
    const recorded = await t.app.db
      .select()
      .from(notificationEvents)
      .where(and(eq(notificationEvents.recordId, member.id), eq(notificationEvents.type, 'new_sign_in')));
    expect(recorded).toHaveLength(1);
  });

  it('keeps the reset mail the one e-mail of a password reset request, and shows the notice in the app', async () => {
    const { member } = await organizationWithPeople(make);
    const asked = await t.call(passwordResetEndpoints.request, { body: { email: member.email } });
    expect(asked.status).toBe(200);
    const [mail] = await mailsArrive(member.email, 1);
    expect(mail?.subject).toBe('Reset your S.M.A.R.T. password');
    await deliveriesBecome(member.id, ['skipped']);
    expect(await mailsTo(member.email)).toHaveLength(1);
    const inbox = (await t.call(notificationEndpoints.list, { as: member })).body;
    expect(inbox.data[0]).toMatchObject({ type: 'password_reset_requested', category: 'security' });
  });
});

describe('the daily digest', () => {
  it('sends nothing at once to someone who chose it, and one digest of the day at 08:00 in their zone', async () => {
    const { owner, member, task } = await taskSetting();
    const second = await make.task(task.objectiveId, { by: owner, title: `Second task of ${member.lastName}` });
    const chose = await t.call(notificationEndpoints.updateSettings, {
      as: member,
      body: { emailDigest: 'daily', timeZone: 'Asia/Tokyo' },
    });
    expect(chose.status).toBe(200);
    await record([commentOn(task, member, owner, 'In the digest'), commentOn(second, member, owner, 'Also')]);
    await expect
      .poll(() => deliveryStatuses(member.id), { timeout: 10_000, interval: 50 })
      .toEqual(['pending', 'pending']);

    // Due at the next 08:00 in Tokyo (UTC+9, no daylight saving): 23:00 UTC.
    const rows = await t.app.db
      .select({ batchKey: notificationDeliveries.batchKey, sendAfter: notificationDeliveries.sendAfter })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.recipientId, member.id));
    for (const row of rows) {
      expect(row.batchKey).toBe('digest');
      expect(row.sendAfter.getUTCHours()).toBe((NOTIFICATION_MORNING_HOUR + 24 - 9) % 24);
      expect(row.sendAfter.getTime()).toBeGreaterThan(Date.now());
      expect(row.sendAfter.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    }
    expect(await mailsTo(member.email)).toHaveLength(0);

    // The morning comes (the clock moved in the database), and the sweep queues what is due.
    await t.app.db.execute(
      sql`update notification_deliveries set send_after = now() - interval '2 minutes' where recipient_id = ${member.id}`,
    );
    await requeueLostEmails(t.app.db, t.app.jobs);
    const [digest, ...others] = await mailsArrive(member.email, 1);
    expect(others).toHaveLength(0);
    expect(digest?.subject).toBe('Your daily digest: 2 updates');
    expect(digest?.text).toContain(task.title);
    expect(digest?.text).toContain(second.title);
    expect(digest?.text).toContain(taskLink(task));
    // A digest mixes kinds: its one-click link turns every notification e-mail off.
    expect(unsubscribePath(digest as ReceivedMail)).toContain('.all.');
    await deliveriesBecome(member.id, ['sent', 'sent']);
  });
});

describe('exactly once', () => {
  it('takes over a claim whose worker died after sending, and re-sends it as the same message, which the mailbox keeps once', async () => {
    const { owner, member, task } = await taskSetting();
    await assign(task, member, owner);
    const [mail] = await mailsArrive(member.email, 1);
    await deliveriesBecome(member.id, ['sent']);
    // As if the process was killed between the send and the mark: still claimed, its lease run out.
    await t.app.db.execute(
      sql`update notification_deliveries set status = 'sending', sent_at = null, lease_until = now() - interval '1 second'
        where recipient_id = ${member.id}`,
    );
    await requeueLostEmails(t.app.db, t.app.jobs);
    await expect
      .poll(
        async () =>
          (
            await t.app.db
              .select({ status: notificationDeliveries.status, attempts: notificationDeliveries.attempts })
              .from(notificationDeliveries)
              .where(eq(notificationDeliveries.recipientId, member.id))
          )[0],
        { timeout: 15_000, interval: 50 },
      )
      .toEqual({ status: 'sent', attempts: 2 });
    const mails = await mailsTo(member.email);
    expect(mails.map((one) => one.messageId)).toEqual([mail?.messageId]);
  });

  it('gives a batch to one of two workers claiming it at once', async () => {
    const { owner, member, task } = await taskSetting();
    // Two comments due at once, and no job of their own yet: the two workers below are the only ones.
    await record([commentOn(task, member, owner, 'One'), commentOn(task, member, owner, 'Two')]);
    await expect
      .poll(() => deliveryStatuses(member.id), { timeout: 10_000, interval: 50 })
      .toEqual(['pending', 'pending']);
    await t.app.db.execute(
      sql`update notification_deliveries set send_after = now() where recipient_id = ${member.id}`,
    );
    const deps = {
      db: t.app.db,
      mailer: t.app.mailer,
      appUrl: t.app.config.appUrl,
      secret: unsubscribeSecretOf(t.app.db),
      leaseSeconds: 60,
    };
    const job = { recipientId: member.id, batchKey: `record:task:${task.id}` };
    await Promise.all([deliverEmailBatch(deps, job), deliverEmailBatch(deps, job)]);
    await deliveriesBecome(member.id, ['sent', 'sent']);
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`2 updates on "${task.title}"`);
  });
});

describe('a failed send', () => {
  const { writeFile, rm } = fs;
  /** The mailbox cannot be written (a file stands where its folder goes), or can again. */
  const breakMailbox = async () => {
    await rm(mailbox, { recursive: true, force: true });
    await writeFile(mailbox, 'not a folder');
  };
  const repairMailbox = () => rm(mailbox, { force: true });

  /** The recipient's delivery once a send has failed and it waits for its retry. */
  async function failedOnce(recipientId: string) {
    const waiting = async () =>
      (
        await t.app.db
          .select()
          .from(notificationDeliveries)
          .where(
            and(
              eq(notificationDeliveries.recipientId, recipientId),
              eq(notificationDeliveries.status, 'pending'),
              sql`${notificationDeliveries.lastError} is not null`,
            ),
          )
      )[0];
    await expect.poll(waiting, { timeout: 15_000, interval: 50 }).toBeDefined();
    return (await waiting()) as NonNullable<Awaited<ReturnType<typeof waiting>>>;
  }

  /** Makes the waiting delivery due now (and, with `attempts`, on its last try), and has the sweep queue it. */
  async function retryNow(recipientId: string, attempts?: number) {
    const due = await t.app.db.execute(
      sql`update notification_deliveries set send_after = now() - interval '2 minutes'
        ${attempts === undefined ? sql`` : sql`, attempts = ${attempts}`}
        where recipient_id = ${recipientId} and status = 'pending' returning id`,
    );
    expect((due as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    await requeueLostEmails(t.app.db, t.app.jobs);
  }

  it('goes back to pending with the reason (no address) and a backoff, and is marked failed when retries are spent', async () => {
    const { owner, member, task } = await taskSetting();
    await breakMailbox();
    try {
      await assign(task, member, owner);
      const failed = await failedOnce(member.id);
      expect(failed.attempts).toBeGreaterThanOrEqual(1);
      expect(failed.lastError).not.toContain(member.email);
      expect(failed.sendAfter.getTime() - failed.createdAt.getTime()).toBeGreaterThanOrEqual(14_000);

      await retryNow(member.id, 5);
      await deliveriesBecome(member.id, ['failed']);
    } finally {
      await repairMailbox();
    }
    expect(await mailsTo(member.email)).toHaveLength(0);
  });

  it('is sent once by a retry that succeeds, and only then marked sent', async () => {
    const { owner, member, task } = await taskSetting();
    await breakMailbox();
    try {
      await assign(task, member, owner);
      await failedOnce(member.id);
    } finally {
      await repairMailbox();
    }
    await retryNow(member.id);
    await mailsArrive(member.email, 1);
    await deliveriesBecome(member.id, ['sent']);
  });
});
