import {
  BUSY_RETRY_AFTER_SECONDS,
  exportEndpoints,
  healthEndpoints,
  importEndpoints,
  MAX_STATEMENT_ENTRIES,
  MEMBER_IMPORT_TEMPLATE,
  pathOf,
  timeEntryEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import type { TestApp } from './helpers/app.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { holdPoolThread } from './helpers/held-thread.js';
import { multipartBody } from './helpers/multipart.js';
import { pdfPageCount, pdfTextLines } from './helpers/pdf-text.js';
import { personWithEntries } from './helpers/time-entries.js';
import { waitFor } from './helpers/wait-for.js';

/**
 * Heavy work off the requests' thread: a PDF statement is drawn, and a member import's
 * file read, on the CPU pool; a person has EXPORTS_PER_USER exports running at once (the CSV
 * exports, the timesheet's CSV and the statement alike), the process EXPORTS_PER_PROCESS, and the
 * pool CPU_POOL_THREADS + CPU_POOL_QUEUE tasks: beyond each, 429 with Retry-After. One pool thread
 * here, held by a test task (helpers/held-thread.ts) so that what waits behind it can be seen.
 */
const THREADS = 1;
const QUEUE = 2;
const test = apiTest({
  demoData: false,
  settings: { CPU_POOL_THREADS: String(THREADS), CPU_POOL_QUEUE: String(QUEUE), EXPORTS_PER_PROCESS: '2' },
});

const APRIL = { from: '2031-04-01', to: '2031-04-30' };
/** Thousands of entries written, drawn and read back. */
const LONG = { timeout: 120_000 };
/** The April statement of an organization (GET /api/time-entries/timesheet.pdf), the timesheet's CSV, and two exports. */
const statementOf = (t: TestApp, who: Member, organizationId: string) =>
  t.call(timeEntryEndpoints.timesheetPdf, { query: { ...APRIL, organizationId }, token: who.token });
const timesheetCsv = (t: TestApp, who: Member) =>
  t.call(timeEntryEndpoints.timesheetCsv, { query: APRIL, token: who.token });
const auditLogCsv = (t: TestApp, who: Member, organizationId: string) =>
  t.call(exportEndpoints.auditLog, { query: { organizationId }, token: who.token });
const timeEntriesCsv = (t: TestApp, who: Member) =>
  t.call(exportEndpoints.timeEntries, { query: APRIL, token: who.token });

/** Waits until the pool holds `count` tasks, running or waiting. */
const poolHolds = (t: TestApp, count: number) =>
  waitFor(async () => (t.app.cpuPool.inFlight === count ? true : undefined), `${count} tasks in the pool`, 10_000);

/** A request that has not answered yet (it may still, after the test looks). */
function pending<Answer>(request: Promise<Answer>) {
  let answered = false;
  void request.then(() => {
    answered = true;
  });
  return { request, answered: () => answered };
}

function expectRefused(answer: LightMyRequestResponse | { response: LightMyRequestResponse }, message: string) {
  const response = 'response' in answer ? answer.response : answer;
  expect(response.statusCode, response.body).toBe(429);
  expect(response.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
  expect(response.json().error).toBe(message);
}

describe('the PDF statement on the CPU pool', () => {
  test(
    `while a statement of ${MAX_STATEMENT_ENTRIES} entries waits for the pool, GET /api/health answers; then the statement arrives whole`,
    LONG,
    async ({ t, make }) => {
      const { organization, person } = await personWithEntries(t, make, MAX_STATEMENT_ENTRIES, (i) => `Entry ${i}`);
      const thread = holdPoolThread(t.app);
      try {
        const statement = pending(statementOf(t, person, organization.id));
        await poolHolds(t, 2);
        const health = await t.call(healthEndpoints.get, {});
        expect(health.status).toBe(200);
        expect(statement.answered()).toBe(false);
        await thread.release();
        const { response } = await statement.request;
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        const lines = pdfTextLines(response.rawPayload);
        const pages = pdfPageCount(response.rawPayload);
        expect(lines.filter((line) => line === 'Task or ticket')).toHaveLength(pages);
        expect(lines).toContain(`Entry ${MAX_STATEMENT_ENTRIES - 1}`);
        expect(lines.slice(lines.indexOf('Total'), lines.indexOf('Total') + 2)).toEqual([
          'Total',
          (MAX_STATEMENT_ENTRIES / 2).toFixed(2),
        ]);
      } finally {
        await thread.release();
      }
    },
  );

  test(
    `the timesheet's CSV of ${MAX_STATEMENT_ENTRIES} entries, read batch by batch: every entry once, oldest first`,
    LONG,
    async ({ t, make }) => {
      const { person } = await personWithEntries(t, make, MAX_STATEMENT_ENTRIES, (i) => `Entry ${i}`);
      const csv = await timesheetCsv(t, person);
      expect(csv.status, csv.response.body).toBe(200);
      const lines = csv.response.body.split('\r\n').slice(1, -1);
      expect(lines).toHaveLength(MAX_STATEMENT_ENTRIES);
      const notes = lines.map((line) => line.split(',').at(-1));
      expect(new Set(notes).size).toBe(MAX_STATEMENT_ENTRIES);
      const days = lines.map((line) => line.slice(0, 10));
      expect(days).toEqual([...days].sort());
    },
  );

  test("a person's third export while two statements are drawn is refused, the timesheet's CSV and the audit log's too", async ({
    t,
    make,
  }) => {
    const { organization, person } = await personWithEntries(t, make, 3, () => 'Work', 'org_admin');
    const thread = holdPoolThread(t.app);
    try {
      const first = pending(statementOf(t, person, organization.id));
      const second = pending(statementOf(t, person, organization.id));
      await poolHolds(t, 3);
      expectRefused(await statementOf(t, person, organization.id), UI_TEXT.tooManyExports);
      expectRefused(await timesheetCsv(t, person), UI_TEXT.tooManyExports);
      expectRefused(await auditLogCsv(t, person, organization.id), UI_TEXT.tooManyExports);
      expect(first.answered() || second.answered()).toBe(false);
      await thread.release();
      expect((await first.request).status).toBe(200);
      expect((await second.request).status).toBe(200);
      // Their places are free again.
      const csv = await timesheetCsv(t, person);
      expect(csv.status, csv.response.body).toBe(200);
      expect(csv.response.body.split('\r\n').filter((line) => line.includes(',Work'))).toHaveLength(3);
    } finally {
      await thread.release();
    }
  });

  test("the process's exports are bounded: beyond EXPORTS_PER_PROCESS, anyone's is refused until one ends", async ({
    t,
    make,
  }) => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => personWithEntries(t, make, 2, () => 'Work')));
    if (!a || !b || !c) throw new Error('three people');
    const thread = holdPoolThread(t.app);
    try {
      const statements = [a, b].map(({ person, organization }) => pending(statementOf(t, person, organization.id)));
      await poolHolds(t, 3);
      expectRefused(await timesheetCsv(t, c.person), UI_TEXT.serverBusy);
      expectRefused(await timeEntriesCsv(t, c.person), UI_TEXT.serverBusy);
      await thread.release();
      for (const statement of statements) expect((await statement.request).status).toBe(200);
      expect((await timesheetCsv(t, c.person)).status).toBe(200);
    } finally {
      await thread.release();
    }
  });

  test('the pool is bounded: beyond its threads and queue, a member import is refused; the others are answered', async ({
    t,
    make,
  }) => {
    const { organization, person } = await personWithEntries(t, make, 2, () => 'Work');
    const owner = await make.member(organization.id, { role: 'org_admin' });
    const file = Buffer.from(
      `${MEMBER_IMPORT_TEMPLATE.trimEnd()}\r\nAda,Byron,ada.${Date.now()}@import.example.com\r\n`,
    );
    const preview = () => {
      const { body, contentType } = multipartBody('file', 'members.csv', file, 'text/csv');
      return t.request({
        method: 'POST',
        // Multipart: sent by hand (a typed call sends JSON), to its definition's path.
        url: pathOf(importEndpoints.previewMembers),
        payload: body,
        headers: { 'content-type': contentType },
        token: owner.token,
      });
    };
    const thread = holdPoolThread(t.app);
    try {
      const statement = pending(statementOf(t, person, organization.id));
      const waiting = pending(preview());
      await poolHolds(t, THREADS + QUEUE);
      expectRefused(await preview(), UI_TEXT.serverBusy);
      await thread.release();
      expect((await statement.request).status).toBe(200);
      const answered = await waiting.request;
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json().data.summary).toMatchObject({ rows: 1, valid: 1 });
    } finally {
      await thread.release();
    }
  });
});
