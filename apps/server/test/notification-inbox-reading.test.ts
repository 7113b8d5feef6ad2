import path from 'node:path';
import {
  advisorEndpoints,
  notificationEndpoints,
  projectEndpoints,
  taskEndpoints,
  ticketEndpoints,
  userEndpoints,
} from '@smart/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries } from '../src/db/schema/index.js';
import { deliverEmailBatch } from '../src/modules/notifications/email-delivery.js';
import { unsubscribeSecretOf } from '../src/modules/notifications/unsubscribe.js';
// The app's job queue (`app.jobs`), as the server declares it.
import type {} from '../src/plugins/jobs.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { type Factories, factories, type Member, organizationWithPeople } from './helpers/factories.js';
import { readMailbox } from './helpers/mailbox.js';

/**
 * Opening a record reads what the bell says about it (and so its waiting e-mails are not
 * sent), and the inbox shows only records one may still read. The e-mail delay is an hour here, so
 * nothing goes by itself: the test drives the worker on a batch made due, as a worker would.
 */
let t: TestApp;
let make: Factories;
let mailbox: string;
beforeAll(async () => {
  t = await createTestApp({ settings: { NOTIFICATION_EMAIL_DELAY_SECONDS: '3600' } });
  make = factories(t.app.db);
  mailbox = path.join(t.app.config.dataDir, 'mail');
});
afterAll(async () => {
  await t?.close();
});

const unreadOf = async (member: Member): Promise<number> =>
  (await t.call(notificationEndpoints.unreadCount, { token: member.token })).data.unread;

/** The records the member's inbox lists in a tab. */
const inboxRecords = async (member: Member, status: 'unread' | 'all') =>
  (await t.call(notificationEndpoints.list, { query: { status }, token: member.token })).body.data.map(
    (item: { record: { type: string; id: string } }) => `${item.record.type}:${item.record.id}`,
  );

const becomes = <T>(read: () => Promise<T>, expected: T) =>
  expect.poll(read, { timeout: 15_000, interval: 50 }).toEqual(expected);

const emailStatuses = async (member: Member, ticketId: string) =>
  (
    await t.app.db
      .select({ status: notificationDeliveries.status })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.recipientId, member.id),
          eq(notificationDeliveries.channel, 'email'),
          eq(notificationDeliveries.batchKey, `record:ticket:${ticketId}`),
        ),
      )
  ).map((row) => row.status);

/** The ticket's waiting e-mail, made due and worked through by the worker's own function. */
async function deliverTicketEmail(member: Member, ticketId: string) {
  await t.app.db.execute(
    sql`update notification_deliveries set send_after = now()
      where recipient_id = ${member.id} and batch_key = ${`record:ticket:${ticketId}`}`,
  );
  const deps = {
    db: t.app.db,
    mailer: t.app.mailer,
    appUrl: t.app.config.appUrl,
    secret: unsubscribeSecretOf(t.app.db),
    leaseSeconds: 60,
  };
  await deliverEmailBatch(deps, { recipientId: member.id, batchKey: `record:ticket:${ticketId}` });
}

async function raiseTicket(by: Member, title: string): Promise<string> {
  const created = await t.call(ticketEndpoints.create, {
    body: { title, description: 'Opened by the reading test.' },
    token: by.token,
  });
  expect(created.status).toBe(201);
  return created.data.id;
}

const comment = (ticketId: string, by: Member, text: string) =>
  t.call(ticketEndpoints.comment, { params: { id: ticketId }, body: { text }, token: by.token });

const open = (
  member: Member,
  recordType: 'ticket' | 'task' | 'project' | 'conversation' | 'session',
  recordId: string,
) => t.call(notificationEndpoints.readRecord, { params: { recordType, recordId }, token: member.token });

describe('opening a record', () => {
  it('reads its notifications: the bell drops and the comment’s waiting e-mail is not sent; an unopened one is', async () => {
    const { owner, member } = await organizationWithPeople(make);
    const opened = await raiseTicket(member, 'Printer jams on tray 2');
    const unopened = await raiseTicket(member, 'Projector flickers');
    const before = await unreadOf(member);

    expect((await comment(opened, owner, 'Looking at it now.')).status).toBe(201);
    expect((await comment(unopened, owner, 'Ordered a new lamp.')).status).toBe(201);
    await becomes(() => unreadOf(member), before + 2);
    await becomes(() => emailStatuses(member, opened), ['pending']);

    // The member opens the first ticket within the e-mail's delay.
    expect((await t.call(ticketEndpoints.get, { params: { id: opened }, token: member.token })).status).toBe(200);
    const read = await open(member, 'ticket', opened);
    expect(read.status).toBe(200);
    expect(read.data).toEqual({ unread: before + 1 });
    expect(await unreadOf(member)).toBe(before + 1);
    expect(await inboxRecords(member, 'unread')).not.toContain(`ticket:${opened}`);

    await deliverTicketEmail(member, opened);
    await deliverTicketEmail(member, unopened);
    expect(await emailStatuses(member, opened)).toEqual(['skipped']);
    expect(await emailStatuses(member, unopened)).toEqual(['sent']);
    const mails = (await readMailbox(mailbox)).filter((mail) => mail.to === member.email);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining('Projector flickers')]);

    // Opening it again, with nothing unread, changes nothing; a malformed record is refused.
    expect((await open(member, 'ticket', opened)).data).toEqual({ unread: before + 1 });
    expect((await open(member, 'ticket', 'not-an-id')).status).toBe(404);
    const account = `/api/notifications/records/account/${member.id}/read`;
    expect((await t.request({ method: 'POST', url: account, token: member.token })).statusCode).toBe(404);
  });
});

describe('the inbox of someone who lost access', () => {
  it('hides an advisor’s ticket once its assignment ends, in the list and the count alike, and shows it again when it resumes', async () => {
    const { org, member } = await organizationWithPeople(make);
    const [admin, advisor] = await Promise.all([make.admin(), make.advisor([org.id])]);
    const ticketId = await raiseTicket(member, 'Payroll export fails');
    await becomes(async () => (await inboxRecords(advisor, 'unread')).includes(`ticket:${ticketId}`), true);
    // The bell counts what the list shows (the assignment's own notice comes and goes with it too).
    const bellAgreesWithList = async () =>
      expect(await unreadOf(advisor)).toBe((await inboxRecords(advisor, 'unread')).length);
    await bellAgreesWithList();

    const assignment = (isActive: boolean) =>
      t.call(advisorEndpoints.updateAssignment, {
        params: { orgId: org.id, advisorId: advisor.id },
        body: { isActive },
        token: admin.token,
      });
    expect((await assignment(false)).status).toBe(200);
    expect(await inboxRecords(advisor, 'all')).not.toContain(`ticket:${ticketId}`);
    expect(await inboxRecords(advisor, 'unread')).not.toContain(`ticket:${ticketId}`);
    await bellAgreesWithList();

    expect((await assignment(true)).status).toBe(200);
    expect(await inboxRecords(advisor, 'unread')).toContain(`ticket:${ticketId}`);
    await bellAgreesWithList();
  });

  it('hides a project’s and its task’s items from a member moved to another organization', async () => {
    const { org, owner, member } = await organizationWithPeople(make);
    const [admin, elsewhere] = await Promise.all([make.admin(), make.organization()]);
    const project = await make.project(org.id, { by: owner });
    const objective = await make.objective(project.id, { by: owner });
    const task = await make.task(objective.id, { by: owner });
    const before = await unreadOf(member);
    const assigned = await t.call(taskEndpoints.update, {
      params: { id: task.id },
      body: { assignedTo: member.id },
      token: owner.token,
    });
    expect(assigned.status).toBe(200);
    const status = await t.call(projectEndpoints.update, {
      params: { id: project.id },
      body: { status: 'on_hold' },
      token: owner.token,
    });
    expect(status.status).toBe(200);
    await becomes(() => unreadOf(member), before + 2);
    expect(await inboxRecords(member, 'all')).toEqual(
      expect.arrayContaining([`task:${task.id}`, `project:${project.id}`]),
    );

    const moved = await t.call(userEndpoints.moveToOrganization, {
      params: { id: member.id },
      body: { organizationId: elsewhere.id },
      token: admin.token,
    });
    expect(moved.status).toBe(200);
    expect(await unreadOf(member)).toBe(before);
    const left = await inboxRecords(member, 'all');
    expect(left).not.toContain(`task:${task.id}`);
    expect(left).not.toContain(`project:${project.id}`);
  });
});
