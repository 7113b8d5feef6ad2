import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  notificationEndpoints,
  PHONE_CODES_PER_ACCOUNT_PER_DAY,
  PHONE_CODES_PER_NUMBER_PER_DAY,
  phoneEndpoints,
  SMS_MAX_LENGTH,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationDeliveries,
  notificationEvents,
  notifications,
  phoneVerifications,
  smsDailyCounts,
  users,
} from '../src/db/schema/index.js';
import { deliverSms } from '../src/modules/notifications/sms-delivery.js';
import { smsSenderFromConfig } from '../src/sms/sender.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { type Factories, factories, type Member } from './helpers/factories.js';
import { codeIn, readSmsOutbox, waitForSms } from './helpers/sms.js';

/**
 * SMS: only to a phone its owner verified with a code sent to it, only for urgent events
 * whose toggle is on, at most SMS_DAILY_LIMIT_PER_ORGANIZATION a day per organization; by files in
 * DATA_DIR/sms, or a JSON POST to SMS_WEBHOOK_URL with the bearer secret.
 */

const as = (member: Member) => ({ token: member.token });

async function setPhone(t: TestApp, member: Member, phone: string | null) {
  const response = await t.call(userEndpoints.updateProfile, { as: as(member), body: { meta: { phone } } });
  expect(response.status).toBe(200);
}

async function urgentTasksBySms(t: TestApp, member: Member) {
  const response = await t.call(notificationEndpoints.updateSettings, {
    as: as(member),
    body: { notifications: { sms: { urgentTasks: true } } },
  });
  expect(response.status).toBe(200);
}

const askForCode = (t: TestApp, member: Member) => t.call(phoneEndpoints.sendCode, { as: as(member) });
const confirmCode = (t: TestApp, member: Member, code: string) =>
  t.call(phoneEndpoints.confirmCode, { as: as(member), body: { code } });

describe('SMS to files in DATA_DIR/sms', () => {
  let t: TestApp;
  let make: Factories;
  let smsDir: string;
  let owner: Member;
  let objectiveId: string;
  let organizationId: string;

  beforeAll(async () => {
    t = await createTestApp({ demoData: false, settings: { SMS_DAILY_LIMIT_PER_ORGANIZATION: '2' } });
    make = factories(t.app.db);
    smsDir = t.app.config.notifications.smsDir;
    const org = await make.organization();
    organizationId = org.id;
    owner = await make.member(org.id, { role: 'org_admin' });
    const project = await make.project(org.id, { by: owner });
    objectiveId = (await make.objective(project.id, { by: owner })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A high-priority task assigned to the member by the owner: urgent, so it may go by SMS. */
  async function assignUrgentTask(assignee: Member) {
    const task = await make.task(objectiveId, { by: owner, priority: 'high', assignedTo: assignee.id });
    return task.id;
  }

  /** The SMS deliveries of a recipient, once the fan-out of `count` events has made them. */
  async function smsDeliveriesOf(member: Member, settled: (statuses: string[]) => boolean) {
    let statuses: string[] = [];
    await expect
      .poll(
        async () => {
          const rows = await t.app.db
            .select({ status: notificationDeliveries.status })
            .from(notificationDeliveries)
            .where(and(eq(notificationDeliveries.recipientId, member.id), eq(notificationDeliveries.channel, 'sms')));
          statuses = rows.map((row) => row.status).sort();
          return settled(statuses);
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(true);
    return statuses;
  }

  it('verifies a phone with the code sent to it: wrong code, too soon, no phone, changed phone', async () => {
    // An organization of its own: each code takes from its organization's SMS of the day.
    const member = await make.member((await make.organization()).id);
    const noPhone = await askForCode(t, member);
    expect(noPhone.status).toBe(400);
    expect(noPhone.refusal.error).toBe(UI_TEXT.phoneRequired);

    await setPhone(t, member, '+1 555 010 0001');
    const sent = await askForCode(t, member);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, message: UI_TEXT.phoneCodeSent });
    const sms = await waitForSms(smsDir, '+1 555 010 0001');
    const code = codeIn(sms);
    // Only its hash is stored.
    const [stored] = await t.app.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, member.id));
    expect(JSON.stringify(stored)).not.toContain(code);

    const again = await askForCode(t, member);
    expect(again.status).toBe(429);
    expect(again.refusal.error).toBe(UI_TEXT.phoneCodeTooSoon);
    expect((await readSmsOutbox(smsDir)).filter((one) => one.to === '+1 555 010 0001')).toHaveLength(1);

    const wrong = await confirmCode(t, member, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.refusal.error).toBe(UI_TEXT.phoneCodeInvalid);
    const junk = await confirmCode(t, member, '12ab\u00006');
    expect(junk.status).toBe(400);

    const right = await confirmCode(t, member, code);
    expect(right.status).toBe(200);
    expect(right.data).toMatchObject({ phone: '+1 555 010 0001', phoneVerified: true });
    // A code is spent once used.
    expect((await confirmCode(t, member, code)).status).toBe(400);

    // Another number on the profile is not verified.
    await setPhone(t, member, '+1 555 010 0002');
    const settings = await t.call(notificationEndpoints.settings, { as: as(member) });
    expect(settings.data).toMatchObject({ phone: '+1 555 010 0002', phoneVerified: false });
  });

  it('stops taking codes after PHONE_CODE_MAX_ATTEMPTS wrong ones, even the right one', async () => {
    const member = await make.member((await make.organization()).id);
    await setPhone(t, member, '+1 555 010 0003');
    expect((await askForCode(t, member)).status).toBe(200);
    const code = codeIn(await waitForSms(smsDir, '+1 555 010 0003'));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await confirmCode(t, member, wrong)).status).toBe(400);
    expect((await confirmCode(t, member, code)).status).toBe(400);
  });

  it('texts an urgent task only to a verified phone whose toggle is on, then stops at the organization’s daily cap', async () => {
    const verified = await make.member(organizationId);
    const unverified = await make.member(organizationId);
    await setPhone(t, verified, '+1 555 020 0001');
    await setPhone(t, unverified, '+1 555 020 0002');
    await urgentTasksBySms(t, verified);
    await urgentTasksBySms(t, unverified);
    await askForCode(t, verified);
    expect((await confirmCode(t, verified, codeIn(await waitForSms(smsDir, '+1 555 020 0001')))).status).toBe(200);

    const urgentTask = await assignUrgentTask(verified);
    await assignUrgentTask(unverified);
    const sms = await waitForSms(smsDir, '+1 555 020 0001', 1);
    // It says why it came by SMS, and links to the task itself (its short link: three ids would not fit).
    expect(sms.text).toMatch(
      new RegExp(
        `^High priority: .+ assigned you the task "Task [^"]+" http://localhost:\\d+/dashboard/tasks/${urgentTask}$`,
      ),
    );
    expect(Array.from(sms.text).length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    // The unverified phone's person is told in the app, never by SMS.
    await expect
      .poll(async () => (await t.call(notificationEndpoints.unreadCount, { as: as(unverified) })).data.unread, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe(1);
    expect(await smsDeliveriesOf(unverified, () => true)).toEqual([]);

    // The cap is 2 a day for the organization, and the verification code was one: the task's SMS
    // was the second, the next two are skipped and counted.
    await assignUrgentTask(verified);
    await assignUrgentTask(verified);
    const statuses = await smsDeliveriesOf(
      verified,
      (all) => all.length === 3 && all.every((status) => status === 'sent' || status === 'skipped'),
    );
    expect(statuses).toEqual(['sent', 'skipped', 'skipped']);
    expect((await readSmsOutbox(smsDir)).filter((one) => one.to === '+1 555 020 0001')).toHaveLength(2);
    const [count] = await t.app.db
      .select()
      .from(smsDailyCounts)
      .where(eq(smsDailyCounts.organizationId, organizationId));
    expect(count).toMatchObject({ sent: 2, skipped: 2 });

    // The organization's day is spent: a verification code is refused too, until the next UTC day.
    const newcomer = await make.member(organizationId);
    await setPhone(t, newcomer, '+1 555 020 0003');
    const refused = await askForCode(t, newcomer);
    expect(refused.status).toBe(429);
    expect(refused.refusal.error).toBe(UI_TEXT.phoneCodeSmsLimitReached);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect((await readSmsOutbox(smsDir)).filter((one) => one.to === '+1 555 020 0003')).toEqual([]);
  });

  it('checks again when sending: a changed phone, a toggle turned off or a record out of reach is skipped; a send runs once', async () => {
    const org = await make.organization();
    const boss = await make.member(org.id, { role: 'org_admin' });
    const member = await make.member(org.id);
    const project = await make.project(org.id, { by: boss });
    const objective = await make.objective(project.id, { by: boss });
    const task = await make.task(objective.id, { by: boss, title: 'Checked again' });
    await setPhone(t, member, '+1 555 040 0001');
    await urgentTasksBySms(t, member);
    await askForCode(t, member);
    expect((await confirmCode(t, member, codeIn(await waitForSms(smsDir, '+1 555 040 0001')))).status).toBe(200);

    /** An SMS delivery as the fan-out leaves it (pending), not yet picked up by a worker. */
    async function pendingSms() {
      const [event] = await t.app.db
        .insert(notificationEvents)
        .values({
          organizationId: org.id,
          type: 'task_assigned',
          recordType: 'task',
          recordId: task.id,
          projectId: project.id,
          actorId: boss.id,
          audience: { users: [member.id] },
          data: { title: task.title, projectId: project.id, objectiveId: objective.id },
          smsKey: 'urgentTasks',
          fannedOutAt: new Date(),
        })
        .returning();
      if (!event) throw new Error('no event');
      const [notification] = await t.app.db
        .insert(notifications)
        .values({
          eventId: event.id,
          recipientId: member.id,
          type: event.type,
          recordType: 'task',
          recordId: task.id,
          inApp: true,
        })
        .returning();
      if (!notification) throw new Error('no notification');
      const [delivery] = await t.app.db
        .insert(notificationDeliveries)
        .values({
          notificationId: notification.id,
          eventId: event.id,
          recipientId: member.id,
          channel: 'sms',
          batchKey: `event:${event.id}`,
          sendAfter: new Date(),
        })
        .returning();
      if (!delivery) throw new Error('no delivery');
      return delivery.id;
    }
    const settings = {
      sender: smsSenderFromConfig({ smsDir, smsWebhook: undefined }),
      dailyLimitPerOrganization: 10,
      appUrl: 'https://smart.example.com',
    };
    const statusOf = async (id: string) =>
      (await t.app.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id)))[0];

    // Sent once, however often its job runs.
    const sent = await pendingSms();
    expect(await deliverSms(t.app.db, sent, settings)).toBe('sent');
    expect(await deliverSms(t.app.db, sent, settings)).toBe('done elsewhere');
    expect((await readSmsOutbox(smsDir)).filter((one) => one.id === sent)).toHaveLength(1);

    // A gateway that cannot be reached: back to pending for the job queue's retry, the day's count given back.
    const unreachable = await pendingSms();
    const failing = {
      ...settings,
      sender: smsSenderFromConfig({ smsDir, smsWebhook: { url: 'http://127.0.0.1:9/sms', secret: undefined } }),
    };
    await expect(deliverSms(t.app.db, unreachable, failing)).rejects.toThrow('SMS gateway unreachable');
    expect(await statusOf(unreachable)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'SMS gateway unreachable',
    });
    const [count] = await t.app.db.select().from(smsDailyCounts).where(eq(smsDailyCounts.organizationId, org.id));
    // The verification code and the SMS sent above.
    expect(count).toMatchObject({ sent: 2, skipped: 0 });

    // The toggle turned off since the fan-out.
    await t.call(notificationEndpoints.updateSettings, {
      as: as(member),
      body: { notifications: { sms: { urgentTasks: false } } },
    });
    expect(await deliverSms(t.app.db, await pendingSms(), settings)).toBe('skipped');
    await urgentTasksBySms(t, member);

    // The record out of reach: the member moved to another organization.
    const elsewhere = await make.organization();
    await t.app.db.update(users).set({ organizationId: elsewhere.id }).where(eq(users.id, member.id));
    expect(await deliverSms(t.app.db, await pendingSms(), settings)).toBe('skipped');
    await t.app.db.update(users).set({ organizationId: org.id }).where(eq(users.id, member.id));

    // Another phone on the profile since: not verified, so not texted.
    await setPhone(t, member, '+1 555 040 0002');
    const changed = await pendingSms();
    expect(await deliverSms(t.app.db, changed, settings)).toBe('skipped');
    expect(await statusOf(changed)).toMatchObject({ status: 'skipped' });
    expect(await readSmsOutbox(smsDir)).not.toContainEqual(expect.objectContaining({ to: '+1 555 040 0002' }));
  });

  it('cuts a long line to SMS_MAX_LENGTH with an ellipsis', async () => {
    // A new organization, so the cap spent above does not hold it back.
    const org = await make.organization();
    const boss = await make.member(org.id, { role: 'org_admin' });
    const member = await make.member(org.id);
    await setPhone(t, member, '+1 555 030 0001');
    await urgentTasksBySms(t, member);
    await askForCode(t, member);
    expect((await confirmCode(t, member, codeIn(await waitForSms(smsDir, '+1 555 030 0001')))).status).toBe(200);
    const project = await make.project(org.id, { by: boss });
    const objective = await make.objective(project.id, { by: boss });
    await make.task(objective.id, { by: boss, priority: 'high', assignedTo: member.id, title: 'L'.repeat(190) });
    const sms = await waitForSms(smsDir, '+1 555 030 0001', 1);
    expect(Array.from(sms.text)).toHaveLength(SMS_MAX_LENGTH);
    // The title is cut, the link to the task kept.
    expect(sms.text).toMatch(/L… http:\/\/localhost:\d+\/dashboard\/tasks\/[0-9a-f-]{36}$/);
  });
});

describe('verification codes and their budgets', () => {
  let t: TestApp;
  let make: Factories;
  let smsDir: string;

  beforeAll(async () => {
    t = await createTestApp({ demoData: false });
    make = factories(t.app.db);
    smsDir = t.app.config.notifications.smsDir;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts verification codes per account and per number a day, and in the organization’s daily SMS', async () => {
    const org = await make.organization();
    const member = await make.member(org.id);
    const smsTo = async (phone: string) => (await readSmsOutbox(smsDir)).filter((one) => one.to === phone);
    /** Asks for a code as soon as the last one is a minute old (PHONE_CODE_RESEND_SECONDS), as a script would. */
    const askAgain = async (person: Member) => {
      await t.app.db
        .update(phoneVerifications)
        .set({ createdAt: new Date(Date.now() - 61_000) })
        .where(eq(phoneVerifications.userId, person.id));
      return askForCode(t, person);
    };
    // Each code to a number of its own, so only the account's count is spent.
    for (let i = 0; i < PHONE_CODES_PER_ACCOUNT_PER_DAY; i += 1) {
      await setPhone(t, member, `+1 555 050 010${i}`);
      expect((await askAgain(member)).status).toBe(200);
    }
    await setPhone(t, member, '+1 555 050 0199');
    const overAccount = await askAgain(member);
    expect(overAccount.status).toBe(429);
    expect(overAccount.refusal.error).toBe(UI_TEXT.phoneCodesPerAccountSpent);
    expect(Number(overAccount.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    expect(await smsTo('+1 555 050 0199')).toEqual([]);
    const [count] = await t.app.db.select().from(smsDailyCounts).where(eq(smsDailyCounts.organizationId, org.id));
    expect(count).toMatchObject({ sent: PHONE_CODES_PER_ACCOUNT_PER_DAY });

    // One number, however written, from several accounts.
    const victim = ['+1 555 050 0200', '+15550500200', '+1 (555) 050-0200'];
    for (let i = 0; i < PHONE_CODES_PER_NUMBER_PER_DAY; i += 1) {
      const sender = await make.member(org.id);
      await setPhone(t, sender, victim[i % victim.length] as string);
      expect((await askForCode(t, sender)).status).toBe(200);
    }
    const another = await make.member(org.id);
    await setPhone(t, another, '+1-555-050-0200');
    const overNumber = await askForCode(t, another);
    expect(overNumber.status).toBe(429);
    expect(overNumber.refusal.error).toBe(UI_TEXT.phoneCodesPerNumberSpent);
    const toVictim = (await readSmsOutbox(smsDir)).filter((one) => one.to.replace(/\D/g, '') === '15550500200');
    expect(toVictim).toHaveLength(PHONE_CODES_PER_NUMBER_PER_DAY);
    // A refused code takes nothing from the organization's day.
    const [after] = await t.app.db.select().from(smsDailyCounts).where(eq(smsDailyCounts.organizationId, org.id));
    expect(after).toMatchObject({ sent: PHONE_CODES_PER_ACCOUNT_PER_DAY + PHONE_CODES_PER_NUMBER_PER_DAY, skipped: 0 });
  });
});

describe('SMS by webhook', () => {
  const secret = 'sms-gateway-secret-0123456789';
  let gateway: Server;
  let received: {
    authorization: string | undefined;
    idempotencyKey: string | undefined;
    body: { to: string; text: string };
  }[];
  let answer = 200;
  let t: TestApp;

  beforeAll(async () => {
    received = [];
    gateway = createServer(async (request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      received.push({
        authorization: request.headers.authorization,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      response.statusCode = answer;
      response.end('{}');
    });
    gateway.listen(0, '127.0.0.1');
    await once(gateway, 'listening');
    const { port } = gateway.address() as AddressInfo;
    t = await createTestApp({
      demoData: false,
      settings: { SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms`, SMS_WEBHOOK_SECRET: secret },
    });
  });
  afterAll(async () => {
    await t?.close();
    gateway?.close();
  });

  it('posts {to, text} with the bearer secret; a gateway error is a failed send the person may retry at once', async () => {
    const make = factories(t.app.db);
    const org = await make.organization();
    const member = await make.member(org.id);
    await setPhone(t, member, '+44 20 7946 0001');

    answer = 503;
    const failed = await askForCode(t, member);
    expect(failed.status).toBe(500);
    expect(failed.refusal.error).toBe(UI_TEXT.smsSendFailed);

    answer = 200;
    expect((await askForCode(t, member)).status).toBe(200);
    const last = received.at(-1);
    expect(last).toMatchObject({ authorization: `Bearer ${secret}`, body: { to: '+44 20 7946 0001' } });
    expect(last?.idempotencyKey).toBeTruthy();
    const confirmed = await confirmCode(t, member, codeIn(last?.body ?? { text: '' }));
    expect(confirmed.data).toMatchObject({ phoneVerified: true });
    // Nothing was written to the files outbox.
    expect(await readSmsOutbox(t.app.config.notifications.smsDir)).toEqual([]);
  });
});
