import {
  invoiceEndpoints,
  lockedEntryMessage,
  missingRatesMessage,
  monthNotOverMessage,
  taskEndpoints,
  timeApprovalEndpoints,
  timeEntryEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { advisorRates, invoices, timeApprovals, timeEntries } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, type Cast, everyoneSignedIn, type Statuses, settingsManagers } from './helpers/authz-matrix.js';
import { readCsv } from './helpers/csv.js';
import type { Factories, Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { notified, people } from './helpers/notified.js';
import { pdfTextLines } from './helpers/pdf-text.js';

const test = apiTest({ demoData: false });

/** Each arrangement takes months of its own (ended ones: only those are issued), so cells never meet each other's periods or invoices. */
let nextMonth = 0;
function freshMonth() {
  const index = nextMonth++;
  return `${2001 + Math.floor(index / 12)}-${String(1 + (index % 12)).padStart(2, '0')}`;
}

/** A task in the organization assigned to the advisor, with `minutes` on the given days (straight to the table). */
async function advisorTime(
  t: TestApp,
  make: Factories,
  organizationId: string,
  advisor: Member,
  days: [string, number][],
) {
  const task = await make.task((await make.objective((await make.project(organizationId)).id)).id, {
    assignedTo: advisor.id,
  });
  await t.database.db.insert(timeEntries).values(
    days.map(([date, minutes]) => ({
      organizationId,
      userId: advisor.id,
      recordType: 'task' as const,
      taskId: task.id,
      date,
      minutes,
    })),
  );
  return task;
}

async function period(t: TestApp, cast: Cast, month: string, status: 'submitted' | 'approved') {
  const [row] = await t.database.db
    .insert(timeApprovals)
    .values({
      organizationId: cast.organization.id,
      userId: cast.advisorAssigned.id,
      kind: 'month',
      periodStart: `${month}-01`,
      periodEnd: `${month}-28`,
      status,
    })
    .returning();
  if (!row) throw new Error('no period');
  return row;
}

/** Submitted time, approved time with its draft invoice, a month with time not submitted, a rate. */
async function arrangeInvoicing(cast: Cast, { t, make }: { t: TestApp; make: Factories }) {
  const [submittedMonth, approvedMonth, openMonth, newInvoiceMonth] = [
    freshMonth(),
    freshMonth(),
    freshMonth(),
    freshMonth(),
  ];
  await advisorTime(t, make, cast.organization.id, cast.advisorAssigned, [
    [`${submittedMonth}-03`, 60],
    [`${approvedMonth}-03`, 90],
    [`${openMonth}-03`, 30],
  ]);
  const submitted = await period(t, cast, submittedMonth, 'submitted');
  const approved = await period(t, cast, approvedMonth, 'approved');
  const [invoice] = await t.database.db
    .insert(invoices)
    .values({ organizationId: cast.organization.id, month: `${approvedMonth}-01` })
    .returning();
  const [rate] = await t.database.db
    .insert(advisorRates)
    .values({
      organizationId: cast.organization.id,
      advisorId: cast.advisorAssigned.id,
      hourlyRateMinor: 10_000,
      effectiveFrom: `${approvedMonth}-01`,
    })
    .returning();
  if (!invoice || !rate) throw new Error('not arranged');
  return { submitted, approved, invoice, rate, openMonth, newInvoiceMonth };
}

/** The organization's org_admin and admin decide; the advisor reads its own; others do not see it. */
const DECIDERS: Statuses = {
  admin: 200,
  orgAdmin: 200,
  user: 404,
  advisorAssigned: 403,
  advisorUnassigned: 404,
  otherOrgAdmin: 404,
  anonymous: 401,
};
/** An organization's invoices: read by its org_admin, its advisors and admin. */
const INVOICE_READERS: Statuses = { ...DECIDERS, advisorAssigned: 200 };
/** Drawn up and issued by its advisors and admin; its org_admin reads them. */
const INVOICE_MAKERS = (ok: number): Statuses => ({
  ...INVOICE_READERS,
  admin: ok,
  advisorAssigned: ok,
  orgAdmin: 403,
});
/** Terms: read by the organization's org_admin, its advisors and admin; a member may not. */
const TERMS_READERS: Statuses = { ...settingsManagers(200), advisorAssigned: 200 };

authzMatrix('who may submit, approve and invoice time', {
  test,
  arrange: arrangeInvoicing,
  routes: [
    {
      route: 'GET /api/time-approvals',
      request: () => ({ method: 'GET', url: '/api/time-approvals' }),
      statuses: everyoneSignedIn(200),
    },
    {
      route: 'POST /api/time-approvals',
      request: (arranged, cast) => ({
        method: 'POST',
        url: '/api/time-approvals',
        payload: { organizationId: cast.organization.id, kind: 'month', start: `${arranged.openMonth}-01` },
      }),
      statuses: { ...settingsManagers(403), advisorAssigned: 201, admin: 403 },
    },
    {
      route: 'POST /api/time-approvals/:id/approve',
      request: ({ submitted }) => ({ method: 'POST', url: `/api/time-approvals/${submitted.id}/approve` }),
      statuses: DECIDERS,
    },
    {
      route: 'POST /api/time-approvals/:id/return',
      request: ({ submitted }) => ({
        method: 'POST',
        url: `/api/time-approvals/${submitted.id}/return`,
        payload: { comment: 'Split the workshop hours' },
      }),
      statuses: DECIDERS,
    },
    {
      route: 'POST /api/time-approvals/:id/reopen',
      request: ({ approved }) => ({
        method: 'POST',
        url: `/api/time-approvals/${approved.id}/reopen`,
        payload: { comment: 'A day was billed twice' },
      }),
      statuses: DECIDERS,
    },
    {
      route: 'DELETE /api/time-approvals/:id',
      request: ({ submitted }) => ({ method: 'DELETE', url: `/api/time-approvals/${submitted.id}` }),
      statuses: { ...DECIDERS, admin: 403, orgAdmin: 403, advisorAssigned: 200 },
    },
    {
      route: 'GET /api/organizations/:id/invoicing',
      request: (_, cast) => ({ method: 'GET', url: `/api/organizations/${cast.organization.id}/invoicing` }),
      statuses: TERMS_READERS,
    },
    {
      route: 'PUT /api/organizations/:id/invoicing',
      request: (_, cast) => ({
        method: 'PUT',
        url: `/api/organizations/${cast.organization.id}/invoicing`,
        payload: { currency: 'USD', taxRateBasisPoints: 1000 },
      }),
      statuses: settingsManagers(200),
    },
    {
      route: 'GET /api/organizations/:id/rates',
      request: (_, cast) => ({ method: 'GET', url: `/api/organizations/${cast.organization.id}/rates` }),
      statuses: TERMS_READERS,
    },
    {
      route: 'POST /api/organizations/:id/rates',
      request: (_, cast) => ({
        method: 'POST',
        url: `/api/organizations/${cast.organization.id}/rates`,
        payload: { advisorId: cast.advisorAssigned.id, hourlyRateMinor: 12_500, effectiveFrom: '2000-01-01' },
      }),
      statuses: settingsManagers(201),
    },
    {
      route: 'DELETE /api/organizations/:id/rates/:rateId',
      request: ({ rate }, cast) => ({
        method: 'DELETE',
        url: `/api/organizations/${cast.organization.id}/rates/${rate.id}`,
      }),
      statuses: settingsManagers(200),
    },
    {
      route: 'GET /api/invoices',
      request: () => ({ method: 'GET', url: '/api/invoices' }),
      statuses: everyoneSignedIn(200),
    },
    {
      route: 'POST /api/invoices',
      request: (arranged, cast) => ({
        method: 'POST',
        url: '/api/invoices',
        payload: { organizationId: cast.organization.id, month: arranged.newInvoiceMonth },
      }),
      statuses: { ...INVOICE_MAKERS(201), user: 403 },
    },
    {
      route: 'GET /api/invoices/:id',
      request: ({ invoice }) => ({ method: 'GET', url: `/api/invoices/${invoice.id}` }),
      statuses: INVOICE_READERS,
    },
    {
      route: 'POST /api/invoices/:id/issue',
      request: ({ invoice }) => ({ method: 'POST', url: `/api/invoices/${invoice.id}/issue` }),
      statuses: INVOICE_MAKERS(200),
    },
    {
      route: 'DELETE /api/invoices/:id',
      request: ({ invoice }) => ({ method: 'DELETE', url: `/api/invoices/${invoice.id}` }),
      statuses: INVOICE_MAKERS(200),
    },
    {
      route: 'GET /api/invoices/:id/invoice.pdf',
      request: ({ invoice }) => ({ method: 'GET', url: `/api/invoices/${invoice.id}/invoice.pdf` }),
      statuses: INVOICE_READERS,
    },
    {
      route: 'GET /api/invoices/:id/invoice.csv',
      request: ({ invoice }) => ({ method: 'GET', url: `/api/invoices/${invoice.id}/invoice.csv` }),
      statuses: INVOICE_READERS,
    },
  ],
});

describe('submitting and approving time', () => {
  test('locks the entries while submitted and approved, returns them with a comment, and is told both ways', async ({
    t,
    make,
  }) => {
    const organization = await make.organization();
    const owner = await make.member(organization.id, { role: 'org_admin' });
    const advisor = await make.advisor([organization.id]);
    const task = await make.task((await make.objective((await make.project(organization.id)).id)).id, {
      assignedTo: advisor.id,
    });
    const record = async (date: string, minutes: number) => {
      const created = await t.call(timeEntryEndpoints.create, {
        body: { recordType: 'task', recordId: task.id, date, minutes },
        token: advisor.token,
      });
      expect(created.status, created.response.body).toBe(201);
      return created.data;
    };
    // The week of Monday 5 October 2026.
    const monday = await record('2026-10-05', 120);
    await record('2026-10-07', 60);

    // A week starts on a Monday; a week without time is not submitted.
    const tuesday = await t.call(timeApprovalEndpoints.submit, {
      body: { organizationId: organization.id, kind: 'week', start: '2026-10-06' },
      token: advisor.token,
    });
    expect(tuesday.status).toBe(400);
    const empty = await t.call(timeApprovalEndpoints.submit, {
      body: { organizationId: organization.id, kind: 'week', start: '2026-10-12' },
      token: advisor.token,
    });
    expect(empty.status).toBe(409);
    expect(empty.refusal.error).toBe(UI_TEXT.timePeriodEmpty);

    const submitted = await t.call(timeApprovalEndpoints.submit, {
      body: { organizationId: organization.id, kind: 'week', start: '2026-10-05' },
      token: advisor.token,
    });
    expect(submitted.status, submitted.response.body).toBe(201);
    expect(submitted.data).toMatchObject({ status: 'submitted', end: '2026-10-11', minutes: 180 });
    expect((await notified(t.database.db, 'time_submitted', submitted.data.id)).recipients).toEqual(people(owner));

    // Locked while it waits: the advisor neither changes an entry nor adds one on those days.
    const waiting = lockedEntryMessage('submitted', 'week', '2026-10-05');
    const change = await t.call(timeEntryEndpoints.update, {
      params: { id: monday.id },
      body: { minutes: 90 },
      token: advisor.token,
    });
    expect(change.status).toBe(409);
    expect(change.refusal.error).toBe(waiting);
    const added = await t.call(timeEntryEndpoints.create, {
      body: { recordType: 'task', recordId: task.id, date: '2026-10-09', minutes: 15 },
      token: advisor.token,
    });
    expect(added.refusal.error).toBe(waiting);
    const listed = await t.call(timeEntryEndpoints.list, {
      query: { recordType: 'task', recordId: task.id },
      token: advisor.token,
    });
    expect(listed.data.map((entry) => [entry.locked, entry.permissions.canEdit])).toEqual([
      [true, false],
      [true, false],
    ]);
    // A month overlapping it is refused.
    const overlapping = await t.call(timeApprovalEndpoints.submit, {
      body: { organizationId: organization.id, kind: 'month', start: '2026-10-01' },
      token: advisor.token,
    });
    expect(overlapping.refusal.error).toBe(UI_TEXT.timePeriodOverlaps);

    // Returned with a comment: the advisor hears it, and the days open again.
    const returned = await t.call(timeApprovalEndpoints.return, {
      params: { id: submitted.data.id },
      body: { comment: 'Monday was a half day' },
      token: owner.token,
    });
    expect(returned.data).toMatchObject({ status: 'returned', comment: 'Monday was a half day' });
    expect((await notified(t.database.db, 'time_returned', submitted.data.id)).recipients).toEqual(people(advisor));
    const mended = await t.call(timeEntryEndpoints.update, {
      params: { id: monday.id },
      body: { minutes: 90 },
      token: advisor.token,
    });
    expect(mended.status).toBe(200);

    // Submitted again, approved: locked for the org_admin too, until it reopens it (audited).
    const again = await t.call(timeApprovalEndpoints.submit, {
      body: { organizationId: organization.id, kind: 'week', start: '2026-10-05' },
      token: advisor.token,
    });
    expect(again.data).toMatchObject({ id: submitted.data.id, status: 'submitted', minutes: 150, comment: null });
    const approved = await t.call(timeApprovalEndpoints.approve, {
      params: { id: submitted.data.id },
      token: owner.token,
    });
    expect(approved.data).toMatchObject({ status: 'approved', decidedBy: { id: owner.id } });
    expect((await notified(t.database.db, 'time_approved', submitted.data.id)).recipients).toEqual(people(advisor));
    const twice = await t.call(timeApprovalEndpoints.approve, {
      params: { id: submitted.data.id },
      token: owner.token,
    });
    expect(twice.refusal.error).toBe(UI_TEXT.timePeriodNotWaiting);
    const byOwner = await t.call(timeEntryEndpoints.remove, { params: { id: monday.id }, token: owner.token });
    expect(byOwner.status).toBe(409);
    expect(byOwner.refusal.error).toBe(lockedEntryMessage('approved', 'week', '2026-10-05'));
    const withdraw = await t.call(timeApprovalEndpoints.withdraw, {
      params: { id: submitted.data.id },
      token: advisor.token,
    });
    expect(withdraw.refusal.error).toBe(UI_TEXT.timePeriodNotWithdrawable);

    const reopened = await t.call(timeApprovalEndpoints.reopen, {
      params: { id: submitted.data.id },
      body: { comment: 'The client call was on Tuesday' },
      token: owner.token,
    });
    expect(reopened.data.status).toBe('reopened');
    const { rows } = (await t.database.db.execute(sql`select action::text, to_value from audit_events
      where organization_id = ${organization.id} and target_id = ${submitted.data.id}::uuid order by created_at`)) as unknown as {
      rows: { action: string; to_value: string }[];
    };
    expect(rows.map((row) => row.action)).toEqual(['time.returned', 'time.approved', 'time.reopened']);
    expect(rows.at(-1)?.to_value).toBe('The client call was on Tuesday');
    const removed = await t.call(timeEntryEndpoints.remove, { params: { id: monday.id }, token: owner.token });
    expect(removed.status).toBe(200);
  });
});

/** An organization in `currency` with `tax` basis points, an advisor with time there, its rates. */
async function practice(
  t: TestApp,
  make: Factories,
  currency: string,
  taxRateBasisPoints: number,
  rates: [string, number][],
) {
  const organization = await make.organization();
  const owner = await make.member(organization.id, { role: 'org_admin' });
  const advisor = await make.advisor([organization.id]);
  const terms = await t.call(invoiceEndpoints.saveSettings, {
    params: { id: organization.id },
    body: { currency: currency as 'USD', taxRateBasisPoints },
    token: owner.token,
  });
  expect(terms.status, terms.response.body).toBe(200);
  for (const [effectiveFrom, hourlyRateMinor] of rates) {
    const rate = await t.call(invoiceEndpoints.setRate, {
      params: { id: organization.id },
      body: { advisorId: advisor.id, hourlyRateMinor, effectiveFrom },
      token: owner.token,
    });
    expect(rate.status, rate.response.body).toBe(201);
  }
  return { organization, owner, advisor };
}

async function approveMonth(t: TestApp, organizationId: string, advisor: Member, owner: Member, month: string) {
  const submitted = await t.call(timeApprovalEndpoints.submit, {
    body: { organizationId, kind: 'month', start: `${month}-01` },
    token: advisor.token,
  });
  expect(submitted.status, submitted.response.body).toBe(201);
  const approved = await t.call(timeApprovalEndpoints.approve, {
    params: { id: submitted.data.id },
    token: owner.token,
  });
  expect(approved.status).toBe(200);
  return submitted.data.id;
}

describe('an invoice', () => {
  test('adds up approved billable hours at the rate of each day, in minor units, in dollars, euros and yen', async ({
    t,
    make,
  }) => {
    // Dollars: $150.00 an hour, $160.00 from the 15th; 20 % tax.
    const usd = await practice(t, make, 'USD', 2000, [
      ['2026-01-01', 15_000],
      ['2026-10-15', 16_000],
    ]);
    const usdTask = await advisorTime(t, make, usd.organization.id, usd.advisor, [
      ['2026-10-05', 60],
      ['2026-10-06', 30],
      ['2026-10-20', 30],
    ]);
    // Not billable, and not approved (November): on no invoice of October.
    await t.database.db.insert(timeEntries).values([
      {
        organizationId: usd.organization.id,
        userId: usd.advisor.id,
        recordType: 'task',
        taskId: usdTask.id,
        date: '2026-10-07',
        minutes: 45,
        billable: false,
      },
      {
        organizationId: usd.organization.id,
        userId: usd.advisor.id,
        recordType: 'task',
        taskId: usdTask.id,
        date: '2026-11-02',
        minutes: 60,
      },
    ]);
    await approveMonth(t, usd.organization.id, usd.advisor, usd.owner, '2026-10');
    const draft = await t.call(invoiceEndpoints.create, {
      body: { organizationId: usd.organization.id, month: '2026-10' },
      token: usd.advisor.token,
    });
    expect(draft.status, draft.response.body).toBe(201);
    // 90 min × $150 = $225.00; 30 min × $160 = $80.00; subtotal $305.00, tax $61.00, total $366.00.
    expect(draft.data).toMatchObject({
      status: 'draft',
      number: null,
      currency: 'USD',
      minutes: 120,
      subtotalMinor: 30_500,
      taxMinor: 6_100,
      totalMinor: 36_600,
      unapprovedMinutes: 0,
    });
    expect(draft.data.lines.map((line) => [line.minutes, line.hourlyRateMinor, line.amountMinor])).toEqual([
      [90, 15_000, 22_500],
      [30, 16_000, 8_000],
    ]);

    // Euros: €99.99 an hour, 19 % tax. 20 min = €33.33; tax €6.3327 → €6.33; total €39.66.
    const eur = await practice(t, make, 'EUR', 1900, [['2026-01-01', 9_999]]);
    await advisorTime(t, make, eur.organization.id, eur.advisor, [['2026-10-12', 20]]);
    await approveMonth(t, eur.organization.id, eur.advisor, eur.owner, '2026-10');
    const euros = await t.call(invoiceEndpoints.create, {
      body: { organizationId: eur.organization.id, month: '2026-10' },
      token: eur.advisor.token,
    });
    expect(euros.data).toMatchObject({ subtotalMinor: 3_333, taxMinor: 633, totalMinor: 3_966 });

    // Yen have no minor unit: ¥12,345 an hour; 50 min = ¥10,287.5 → ¥10,288; 10 % tax ¥1,028.8 → ¥1,029.
    const jpy = await practice(t, make, 'JPY', 1000, [['2026-01-01', 12_345]]);
    await advisorTime(t, make, jpy.organization.id, jpy.advisor, [['2026-10-13', 50]]);
    await approveMonth(t, jpy.organization.id, jpy.advisor, jpy.owner, '2026-10');
    const yen = await t.call(invoiceEndpoints.create, {
      body: { organizationId: jpy.organization.id, month: '2026-10' },
      token: jpy.advisor.token,
    });
    expect(yen.data).toMatchObject({ currency: 'JPY', subtotalMinor: 10_288, taxMinor: 1_029, totalMinor: 11_317 });

    // Issued: numbered per organization, its lines frozen; its PDF and CSV say the same.
    const issued = await t.call(invoiceEndpoints.issue, { params: { id: yen.data.id }, token: jpy.advisor.token });
    expect(issued.data).toMatchObject({ status: 'issued', number: 1, totalMinor: 11_317 });
    const pdf = await t.request({
      method: 'GET',
      url: `/api/invoices/${yen.data.id}/invoice.pdf`,
      token: jpy.owner.token,
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfTextLines(pdf.rawPayload);
    expect(text).toEqual(
      expect.arrayContaining([
        'Invoice INV-0001',
        jpy.organization.name,
        '¥12,345',
        '¥10,288',
        'Tax 10 %',
        '¥1,029',
        '¥11,317',
      ]),
    );
    const csv = await t.request({
      method: 'GET',
      url: `/api/invoices/${yen.data.id}/invoice.csv`,
      token: jpy.owner.token,
    });
    const rows = readCsv(csv.body);
    expect(rows.at(-1)).toEqual(['Total', '', '', '', '', '11317', 'JPY']);
    expect(rows[1]?.slice(3)).toEqual(['0.83', '12345', '10288', 'JPY']);

    // A later rate and a reopening leave the issued invoice as it was: its time cannot be reopened.
    await t.call(invoiceEndpoints.setRate, {
      params: { id: jpy.organization.id },
      body: { advisorId: jpy.advisor.id, hourlyRateMinor: 20_000, effectiveFrom: '2026-10-01' },
      token: jpy.owner.token,
    });
    const [approval] = await t.database.db
      .select()
      .from(timeApprovals)
      .where(sql`organization_id = ${jpy.organization.id}`);
    const reopen = await t.call(timeApprovalEndpoints.reopen, {
      params: { id: approval?.id ?? '' },
      body: { comment: 'Mistake' },
      token: jpy.owner.token,
    });
    expect(reopen.status).toBe(409);
    expect(reopen.refusal.error).toBe(UI_TEXT.timePeriodInvoiced);
    const after = await t.call(invoiceEndpoints.get, { params: { id: yen.data.id }, token: jpy.owner.token });
    expect(after.data).toMatchObject({ totalMinor: 11_317, lines: [{ hourlyRateMinor: 12_345, amountMinor: 10_288 }] });
    // The currency stays while rates are set in it.
    const currency = await t.call(invoiceEndpoints.saveSettings, {
      params: { id: jpy.organization.id },
      body: { currency: 'USD', taxRateBasisPoints: 1000 },
      token: jpy.owner.token,
    });
    expect(currency.refusal.error).toBe(UI_TEXT.currencyLocked);
  });

  test('is not issued without a rate for every approved hour, and two issues at once give one number', async ({
    t,
    make,
  }) => {
    const shop = await practice(t, make, 'GBP', 0, []);
    await advisorTime(t, make, shop.organization.id, shop.advisor, [
      ['2026-09-14', 60],
      ['2026-10-14', 60],
    ]);
    await approveMonth(t, shop.organization.id, shop.advisor, shop.owner, '2026-09');
    await approveMonth(t, shop.organization.id, shop.advisor, shop.owner, '2026-10');
    const september = await t.call(invoiceEndpoints.create, {
      body: { organizationId: shop.organization.id, month: '2026-09' },
      token: shop.advisor.token,
    });
    expect(september.data.lines[0]).toMatchObject({ hourlyRateMinor: null, amountMinor: 0 });
    const unrated = await t.call(invoiceEndpoints.issue, {
      params: { id: september.data.id },
      token: shop.advisor.token,
    });
    expect(unrated.status).toBe(409);
    expect(unrated.refusal.error).toBe(missingRatesMessage([`${shop.advisor.firstName} ${shop.advisor.lastName}`]));
    await t.call(invoiceEndpoints.setRate, {
      params: { id: shop.organization.id },
      body: { advisorId: shop.advisor.id, hourlyRateMinor: 8_000, effectiveFrom: '2026-09-01' },
      token: shop.owner.token,
    });
    const again = await t.call(invoiceEndpoints.create, {
      body: { organizationId: shop.organization.id, month: '2026-09' },
      token: shop.advisor.token,
    });
    expect(again.refusal.error).toBe(UI_TEXT.invoiceExists);
    const october = await t.call(invoiceEndpoints.create, {
      body: { organizationId: shop.organization.id, month: '2026-10' },
      token: shop.advisor.token,
    });
    const issue = (id: string) => t.call(invoiceEndpoints.issue, { params: { id }, token: shop.advisor.token });
    const [first, second, third] = await Promise.all([
      issue(september.data.id),
      issue(september.data.id),
      issue(october.data.id),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(third.status).toBe(200);
    const numbers = await t.call(invoiceEndpoints.list, {
      query: { organizationId: shop.organization.id },
      token: shop.owner.token,
    });
    expect(numbers.data.map((invoice) => invoice.number).sort()).toEqual([1, 2]);
    expect(numbers.data.map((invoice) => invoice.totalMinor)).toEqual([8_000, 8_000]);
    // An issued invoice is not deleted.
    const remove = await t.call(invoiceEndpoints.remove, {
      params: { id: october.data.id },
      token: shop.advisor.token,
    });
    expect(remove.refusal.error).toBe(UI_TEXT.invoiceNotDraft);
  });
});

describe('what issued invoices and approved time hold on to', () => {
  test('no approval in an invoiced month, no issue before the month ends or while time waits, no deleting approved time', async ({
    t,
    make,
  }) => {
    const shop = await practice(t, make, 'INR', 1800, [['2026-01-01', 250_000]]);
    const task = await advisorTime(t, make, shop.organization.id, shop.advisor, [
      ['2026-09-07', 60],
      ['2026-09-14', 60],
      ['2026-09-21', 60],
    ]);
    const submitWeek = async (start: string) => {
      const submitted = await t.call(timeApprovalEndpoints.submit, {
        body: { organizationId: shop.organization.id, kind: 'week', start },
        token: shop.advisor.token,
      });
      expect(submitted.status, submitted.response.body).toBe(201);
      return submitted.data.id;
    };
    const first = await submitWeek('2026-09-07');
    await t.call(timeApprovalEndpoints.approve, { params: { id: first }, token: shop.owner.token });
    const second = await submitWeek('2026-09-14');
    const draft = await t.call(invoiceEndpoints.create, {
      body: { organizationId: shop.organization.id, month: '2026-09' },
      token: shop.advisor.token,
    });
    const issue = () => t.call(invoiceEndpoints.issue, { params: { id: draft.data.id }, token: shop.advisor.token });
    // Time of the month still waits for the owner: not issued.
    expect((await issue()).refusal.error).toBe(UI_TEXT.invoiceTimeWaiting);
    // A task holding approved time is not deleted (its entries would go with it), even by the org_admin.
    const removal = await t.call(taskEndpoints.remove, { params: { id: task.id }, token: shop.owner.token });
    expect(removal.status).toBe(409);
    expect(removal.refusal.error).toBe(UI_TEXT.recordHasLockedTime);

    // Returned with a comment whose emoji straddles the excerpt's end: the notification keeps whole characters.
    const comment = `${'a'.repeat(139)}😀 and more`;
    const returned = await t.call(timeApprovalEndpoints.return, {
      params: { id: second },
      body: { comment },
      token: shop.owner.token,
    });
    expect(returned.status, returned.response.body).toBe(200);
    const issued = await issue();
    expect(issued.data).toMatchObject({ number: 1, subtotalMinor: 250_000, taxMinor: 45_000, totalMinor: 295_000 });
    // September is billed: its other weeks are no longer submitted (nor approved, nor reopened).
    const late = await t.call(timeApprovalEndpoints.submit, {
      body: { organizationId: shop.organization.id, kind: 'week', start: '2026-09-21' },
      token: shop.advisor.token,
    });
    expect(late.status).toBe(409);
    expect(late.refusal.error).toBe(UI_TEXT.timePeriodInvoiced);

    // The PDF writes rupees by their code: Helvetica has no ₹.
    const pdf = await t.request({
      method: 'GET',
      url: `/api/invoices/${draft.data.id}/invoice.pdf`,
      token: shop.owner.token,
    });
    const text = pdfTextLines(pdf.rawPayload).join('\n');
    expect(text).toMatch(/INR\s2,950\.00/);
    expect(text).not.toContain('?2,950.00');

    // This month has not ended: its draft is not issued.
    const now = new Date();
    const thisMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const current = await t.call(invoiceEndpoints.create, {
      body: { organizationId: shop.organization.id, month: thisMonth },
      token: shop.advisor.token,
    });
    const early = await t.call(invoiceEndpoints.issue, { params: { id: current.data.id }, token: shop.advisor.token });
    expect(early.refusal.error).toBe(monthNotOverMessage(thisMonth));
  });

  test('an advisor whose assignment ended withdraws nothing there; the platform organization is invoiced by nobody', async ({
    t,
    make,
  }) => {
    const shop = await practice(t, make, 'USD', 0, []);
    await advisorTime(t, make, shop.organization.id, shop.advisor, [['2026-08-03', 60]]);
    const submitted = await t.call(timeApprovalEndpoints.submit, {
      body: { organizationId: shop.organization.id, kind: 'month', start: '2026-08-01' },
      token: shop.advisor.token,
    });
    await t.database.db.execute(
      sql`update advisor_assignments set is_active = false where advisor_id = ${shop.advisor.id}::uuid`,
    );
    const withdrawn = await t.call(timeApprovalEndpoints.withdraw, {
      params: { id: submitted.data.id },
      token: shop.advisor.token,
    });
    expect(withdrawn.status).toBe(404);

    const [platform] = (
      (await t.database.db.execute(sql`select id from organizations where is_platform limit 1`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const staffAdvisor = await make.advisor();
    const admin = await make.admin();
    for (const token of [staffAdvisor.token, admin.token]) {
      const terms = await t.call(invoiceEndpoints.settings, { params: { id: platform?.id ?? '' }, token });
      expect(terms.status).toBe(404);
    }
    const submit = await t.call(timeApprovalEndpoints.submit, {
      body: { organizationId: platform?.id ?? '', kind: 'month', start: '2026-08-01' },
      token: staffAdvisor.token,
    });
    expect(submit.status).toBe(404);
  });
});
