import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  conversationEndpoints,
  LOGIN_MAX_FAILURES,
  messageEndpoints,
  schedulingEndpoints,
  sessionEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { advisorMeetingAttendees, advisorMeetings, blockedRange, files, tasks } from '../src/db/schema/index.js';
import { registerEventStream } from '../src/events/stream.js';
import type { JobQueue } from '../src/jobs/queue.js';
import { availabilityIn, bookingBody } from './helpers/advisor-meetings.js';
import { type Factories, factories, type Member } from './helpers/factories.js';
import { readMailbox } from './helpers/mailbox.js';
import { createPostgresDatabase } from './helpers/postgres.js';
import { afterAllCleanups } from './helpers/scratch.js';
import { installationEnv, processCaller, type ServerProcess, startServerProcess } from './helpers/server-process.js';
import { waitFor } from './helpers/wait-for.js';

/**
 * What several processes promise together, with two real ones on one PostgreSQL and one Redis,
 * started at the same moment: scheduled work (due-date and meeting reminders, the sweep of uploads
 * never used) has its effects once however many processes run it; one advisor's slot booked through
 * both at once is booked once; a burst of guesses or writes spread over both gets one budget.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const { cleanups, killAtEnd } = afterAllCleanups();

const DUE_TASKS = 12;
/** Overdue tasks of a person who chose the daily digest: one e-mail in the morning lists them all. */
const DIGEST_TASKS = 3;
const MESSAGES_PER_MINUTE = 5;
const MINUTE = 60_000;

let handle: DatabaseHandle;
let make: Factories;
let dataDir: string;
let processes: ServerProcess[];
let callers: ReturnType<typeof processCaller>[];
let organizationId: string;
let assignees: Member[];
let dueTaskIds: string[];
let digestReader: Member;
let meetingId: string;
let unusedUploadId: string;

/** The `index`th process's caller, alternating: an attacker spreading its requests over the balancer. */
const through = (index: number) => callers[index % callers.length] as ReturnType<typeof processCaller>;

const count = async (text: string, values: unknown[]) =>
  Number((await handle.query(`select count(*)::int as n from (${text}) counted`, values)).rows[0]?.n);

describe.skipIf(!databaseUrl || !redisUrl)(
  'two processes behave as one (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    beforeAll(async () => {
      const database = await createPostgresDatabase(databaseUrl as string, inject('databaseTemplates')?.demo);
      cleanups.push(database.drop);
      handle = await openDatabase({ kind: 'postgres', url: database.url });
      cleanups.push(() => handle.close());
      // The factories announce domain events; with no consumer here, each is only a row.
      registerEventStream(handle.db, {} as JobQueue);
      make = factories(handle.db);
      dataDir = await mkdtemp(path.join(tmpdir(), 'smart-cross-process-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

      // Due work waiting before the processes start: each asks for a run of every sweep as it starts.
      const organization = await make.organization();
      organizationId = organization.id;
      const admin = await make.admin();
      const project = await make.project(organizationId);
      // Straight in the database: the factory's objective announces a domain event, which needs an app.
      const [objective] = (
        await handle.query(
          `insert into objectives (organization_id, project_id, title, created_by) values ($1, $2, 'Due', $3) returning id`,
          [organizationId, project.id, admin.id],
        )
      ).rows as { id: string }[];
      assignees = await Promise.all([make.member(organizationId), make.member(organizationId)]);
      const yesterday = new Date(Date.now() - 24 * 60 * MINUTE).toISOString().slice(0, 10);
      const due = await handle.db
        .insert(tasks)
        .values(
          Array.from({ length: DUE_TASKS }, (_, index) => ({
            organizationId,
            projectId: project.id,
            objectiveId: objective?.id as string,
            title: `Overdue ${index + 1}`,
            dueDate: yesterday,
            assignedTo: assignees[index % assignees.length]?.id ?? null,
            createdBy: admin.id,
          })),
        )
        .returning({ id: tasks.id });
      dueTaskIds = due.map((row) => row.id);
      digestReader = await make.member(organizationId);
      await handle.query(`update users set email_digest = 'daily' where id = $1`, [digestReader.id]);
      await handle.db.insert(tasks).values(
        Array.from({ length: DIGEST_TASKS }, (_, index) => ({
          organizationId,
          projectId: project.id,
          objectiveId: objective?.id as string,
          title: `Digest ${index + 1}`,
          dueDate: yesterday,
          assignedTo: digestReader.id,
          createdBy: admin.id,
        })),
      );
      const advisor = await make.advisor([organizationId]);
      const startAt = new Date(Date.now() + 50 * MINUTE);
      const endAt = new Date(startAt.getTime() + 30 * MINUTE);
      const [meeting] = await handle.db
        .insert(advisorMeetings)
        .values({
          organizationId,
          advisorId: advisor.id,
          bookedBy: assignees[0]?.id as string,
          startAt,
          endAt,
          length: 30,
          topic: 'Within the hour',
          blocked: blockedRange(startAt, endAt, 0),
          timeSetAt: new Date(Date.now() - 48 * 60 * MINUTE),
        })
        .returning({ id: advisorMeetings.id });
      meetingId = meeting?.id as string;
      await handle.db
        .insert(advisorMeetingAttendees)
        .values(assignees.map((person) => ({ meetingId, userId: person.id, organizationId })));
      const [upload] = await handle.db
        .insert(files)
        .values({
          key: `never-used-${randomBytes(6).toString('hex')}.txt`,
          originalName: 'never-used.txt',
          contentType: 'text/plain',
          size: 5,
          uploadedBy: assignees[0]?.id as string,
          organizationId,
          createdAt: new Date(Date.now() - 48 * 60 * MINUTE),
        })
        .returning({ id: files.id });
      unusedUploadId = upload?.id as string;

      const env = installationEnv(database.url, dataDir, {
        RATE_LIMIT_MESSAGES: String(MESSAGES_PER_MINUTE),
        REDIS_URL: redisUrl as string,
        REDIS_PREFIX: `smart-cross-${randomBytes(4).toString('hex')}:`,
        NOTIFICATION_EMAIL_DELAY_SECONDS: '0',
        REMINDER_INTERVAL_SECONDS: '60',
      });
      processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      killAtEnd(...processes.map((started) => started.child));
      callers = processes.map((started) => processCaller(started.url));
    }, 120_000);

    it('gives each due reminder once, and deletes the unused upload, however many processes sweep', async () => {
      const reminded = () =>
        count(`select 1 from notifications where type = 'task_overdue' and record_id = any($1::uuid[])`, [dueTaskIds]);
      await expect.poll(reminded, { timeout: 60_000 }).toBe(DUE_TASKS);
      await expect
        .poll(() => count(`select 1 from session_reminders where session_id = $1`, [meetingId]), { timeout: 60_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(() => count('select 1 from files where id = $1', [unusedUploadId]), { timeout: 60_000 })
        .toBe(0);

      // A later tick, with both processes checking the schedules, gives nothing more.
      const ranAt = Date.now();
      await expect
        .poll(
          () =>
            count(`select 1 from pgboss.job where name = 'session-reminders' and created_on > $1`, [new Date(ranAt)]),
          { timeout: 100_000, interval: 1_000 },
        )
        .toBeGreaterThan(0);
      expect(await reminded()).toBe(DUE_TASKS);
      // Each person told once of each reminder: one notification per recipient, record and type.
      expect(
        await count(
          `select recipient_id, record_id, type from notifications where record_id = any($1::uuid[])
         group by recipient_id, record_id, type having count(*) > 1`,
          [[...dueTaskIds, meetingId]],
        ),
      ).toBe(0);
      const meetingReminders = await count(`select 1 from session_reminders where session_id = $1`, [meetingId]);
      expect(
        await count(`select 1 from notifications where record_id = $1 and type like '%reminder%'`, [meetingId]),
      ).toBe(meetingReminders * (assignees.length + 1));
      // And the e-mails: none sent twice to one person with one subject.
      const mails = await waitFor(
        async () => {
          const read = await readMailbox(path.join(dataDir, 'mail'));
          return read.filter((mail) => mail.subject.includes('Overdue')).length >= DUE_TASKS ? read : undefined;
        },
        'an e-mail for each overdue task',
        30_000,
      );
      const sent = mails.map((mail) => `${mail.to} ${mail.subject}`);
      expect(new Set(sent).size).toBe(sent.length);
    }, 240_000);

    it('sends a daily digest once when its morning comes, however many processes could send it', async () => {
      const digestDeliveries = (status?: string) =>
        count(
          `select 1 from notification_deliveries where recipient_id = $1 and batch_key = 'digest'
         ${status ? 'and status = $2' : ''}`,
          status ? [digestReader.id, status] : [digestReader.id],
        );
      await expect.poll(() => digestDeliveries('pending'), { timeout: 60_000 }).toBe(DIGEST_TASKS);
      // The morning comes: the deliveries are due, and so is the job that was waiting for it.
      await handle.query(
        `update notification_deliveries set send_after = now() - interval '5 minutes'
       where recipient_id = $1 and batch_key = 'digest'`,
        [digestReader.id],
      );
      await handle.query(
        `update pgboss.job set start_after = now() where name = 'notification-email' and state = 'created'
       and data->>'recipientId' = $1`,
        [digestReader.id],
      );
      await expect.poll(() => digestDeliveries('sent'), { timeout: 100_000, interval: 500 }).toBe(DIGEST_TASKS);
      // A later sweep of lost e-mail work (minutely, on either process) finds nothing more to send.
      const sentAt = new Date();
      await expect
        .poll(() => count(`select 1 from pgboss.job where name = 'notification-sweep' and created_on > $1`, [sentAt]), {
          timeout: 100_000,
          interval: 1_000,
        })
        .toBeGreaterThan(0);
      const digests = (await readMailbox(path.join(dataDir, 'mail'))).filter((mail) =>
        mail.to.includes(digestReader.email),
      );
      expect(digests).toHaveLength(1);
      for (let index = 1; index <= DIGEST_TASKS; index += 1) expect(digests[0]?.text).toContain(`Digest ${index}`);
    }, 240_000);

    it("books an advisor's slot once when both processes are asked for it at the same moment", async () => {
      const advisor = await make.advisor([organizationId]);
      const booker = assignees[0] as Member;
      await through(0)(schedulingEndpoints.updateAvailability, {
        params: { advisorId: advisor.id },
        body: availabilityIn('UTC'),
        token: advisor.token,
      });
      // A weekday hour a week ahead, within the default hours.
      const day = new Date(Date.now() + 7 * 24 * 60 * MINUTE);
      while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
      const start = `${day.toISOString().slice(0, 10)}T10:00:00.000Z`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          through(index)(schedulingEndpoints.createMeeting, {
            body: bookingBody(advisor.id, start),
            token: booker.token,
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(19).fill(409)]);
      for (const answer of answers.filter((refused) => refused.status === 409))
        expect(answer.refusal.error).toBe(UI_TEXT.meetingTimeTaken);
      expect(await count('select 1 from advisor_sessions where advisor_id = $1', [advisor.id])).toBe(1);
    });

    it(`lets ${LOGIN_MAX_FAILURES} wrong passwords for one e-mail reach a check, not more, when guesses hit both processes at once`, async () => {
      const target = await make.member(organizationId);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          through(index)(sessionEndpoints.signIn, { body: { email: target.email, password: `guess-${index}` } }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    });

    it(`stores ${MESSAGES_PER_MINUTE} of 20 messages a user sends through both processes at once`, async () => {
      const [sender, other] = [assignees[0] as Member, assignees[1] as Member];
      const conversation = await createConversationThrough(sender, other);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          through(index)(messageEndpoints.send, {
            token: sender.token,
            body: { conversationId: conversation, content: `Burst ${index}` },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(MESSAGES_PER_MINUTE);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20 - MESSAGES_PER_MINUTE);
      expect(await count(`select 1 from messages where conversation_id = $1`, [conversation])).toBe(
        MESSAGES_PER_MINUTE,
      );
    });
  },
);

/** A conversation made through the first process (a write of its own group, not a message). */
async function createConversationThrough(by: Member, withMember: Member) {
  return (
    await through(0)(conversationEndpoints.create, {
      token: by.token,
      body: { title: 'Burst', participantIds: [withMember.id] },
    })
  ).data.id;
}
