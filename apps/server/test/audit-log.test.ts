import {
  AUDIT_MAX_DEPTH,
  type AuditEntry,
  type AuditLogQuery,
  advisorEndpoints,
  auditLogEndpoints,
  type EndpointInput,
  exportEndpoints,
  organizationEndpoints,
  taskEndpoints,
  ticketEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { auditEvents, users } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, settingsManagers } from './helpers/authz-matrix.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { insertTicket } from './helpers/tickets.js';

/**
 * The audit log: who changed what across an organization, written with each change,
 * read by its org_admin and admin only, with the task and ticket histories in the same list.
 */
// Exports read 3 lines a query here, so a file spans several batches.
const test = apiTest({ demoData: false, settings: { EXPORT_BATCH_ROWS: '3' } });

async function readLog(t: TestApp, as: Member, query: AuditLogQuery = {}) {
  const response = await t.call(auditLogEndpoints.list, { query, as });
  expect(response.status, response.response.body).toBe(200);
  return response.body;
}

/** The lines as "action target from→to", newest first, for readable comparisons. */
const summary = (lines: AuditEntry[]) =>
  lines.map((line) => `${line.action} ${line.target.label}${line.from || line.to ? ` ${line.from}→${line.to}` : ''}`);

authzMatrix('who reads the audit log', {
  test,
  arrange: async () => ({}),
  routes: [
    {
      route: 'GET /api/audit-log (the organization named)',
      request: (_, cast) => ({ method: 'GET', url: `/api/audit-log?organizationId=${cast.organization.id}` }),
      statuses: settingsManagers(200),
    },
  ],
});

describe('what the log records', () => {
  test('members, roles, departments, deactivations, advisors and settings, each with who and when', async ({
    t,
    make,
  }) => {
    const organization = await make.organization({ name: 'Ledgerline' });
    const owner = await make.member(organization.id, { role: 'org_admin' });
    const admin = await make.admin();
    const advisor = await make.advisor();
    const finance = await make.department(organization.id, { name: 'Finance' });
    /** Each step must succeed (any 2xx). */
    const done = async <Answer extends { status: number; response: { body: string } }>(call: Promise<Answer>) => {
      const answer = await call;
      expect(answer.status, answer.response.body).toBeLessThan(300);
      return answer;
    };

    const registered = await done(
      t.call(userEndpoints.register, {
        as: owner,
        body: {
          firstName: 'Iris',
          lastName: 'Vale',
          email: 'iris.vale@ledgerline.example.com',
          password: 'iris-password-1',
        },
      }),
    );
    const iris = { id: registered.data.user.id };
    await done(
      t.call(userEndpoints.update, { params: iris, as: owner, body: { role: 'org_admin', departmentId: finance.id } }),
    );
    await done(t.call(userEndpoints.deactivate, { params: iris, as: owner }));
    // Deactivating someone already deactivated changes nothing, and writes nothing.
    await done(t.call(userEndpoints.deactivate, { params: iris, as: owner }));
    await done(t.call(userEndpoints.reactivate, { params: iris, as: owner }));
    const assignment = { orgId: organization.id, advisorId: advisor.id };
    await done(
      t.call(advisorEndpoints.assign, {
        params: { orgId: organization.id },
        as: admin,
        body: { advisorId: advisor.id },
      }),
    );
    await done(t.call(advisorEndpoints.updateAssignment, { params: assignment, as: admin, body: { isActive: false } }));
    await done(t.call(advisorEndpoints.removeAssignment, { params: assignment, as: admin }));
    await done(
      t.call(organizationEndpoints.update, {
        params: { id: organization.id },
        as: owner,
        body: { website: 'https://ledgerline.example.com' },
      }),
    );

    const log = await readLog(t, owner, { organizationId: organization.id });
    const advisorName = `${advisor.firstName} ${advisor.lastName} (${advisor.email})`;
    const ownerName = `${owner.firstName} ${owner.lastName} (${owner.email})`;
    expect(summary(log.data)).toEqual([
      'organization.settings_changed Website null→https://ledgerline.example.com',
      `advisor.removed ${advisorName}`,
      `advisor.paused ${advisorName}`,
      `advisor.assigned ${advisorName}`,
      'member.reactivated Iris Vale (iris.vale@ledgerline.example.com)',
      'member.deactivated Iris Vale (iris.vale@ledgerline.example.com)',
      'member.department_changed Iris Vale (iris.vale@ledgerline.example.com) null→Finance',
      'member.role_changed Iris Vale (iris.vale@ledgerline.example.com) user→org_admin',
      'member.added Iris Vale (iris.vale@ledgerline.example.com) null→user',
      // The factories made the organization and its org_admin through the same services.
      `member.added ${ownerName} null→org_admin`,
      'organization.created Ledgerline',
    ]);
    expect(log.pagination.total).toBe(11);
    expect(log.data[0]?.actor?.email).toBe(owner.email);
    expect(log.data[1]?.actor?.email).toBe(admin.email);
    // The org_admin's own organization is the default; admin names it.
    expect((await readLog(t, owner)).pagination.total).toBe(11);
    expect(
      summary((await readLog(t, admin, { organizationId: organization.id, action: 'advisor.assigned' })).data),
    ).toEqual([`advisor.assigned ${advisorName}`]);
    const byOwner = await readLog(t, admin, { organizationId: organization.id, actorId: owner.id });
    expect(byOwner.data.map((line) => line.action)).toEqual([
      'organization.settings_changed',
      'member.reactivated',
      'member.deactivated',
      'member.department_changed',
      'member.role_changed',
      'member.added',
    ]);
  });

  test('closing and reopening, and the second-factor rule', async ({ t, make }) => {
    const organization = await make.organization({ name: 'Northwind Audit' });
    const owner = await make.member(organization.id, { role: 'org_admin' });
    const admin = await make.admin();
    // Requiring a second factor needs one of one's own.
    await t.database.db.update(users).set({ twoFactorEnabledAt: new Date() }).where(eq(users.id, owner.id));
    const security = (requireTwoFactor: boolean) =>
      t.call(organizationEndpoints.updateSecurity, {
        params: { id: organization.id },
        body: { requireTwoFactor },
        as: owner,
      });
    expect((await security(true)).status).toBe(200);
    expect((await security(true)).status).toBe(200);
    for (const step of ['close', 'reopen'] as const) {
      const response = await t.call(organizationEndpoints[step], {
        params: { id: organization.id },
        as: step === 'close' ? owner : admin,
      });
      expect(response.status, response.response.body).toBe(200);
    }
    const log = await readLog(t, admin, { organizationId: organization.id });
    expect(summary(log.data)).toEqual([
      'organization.reopened Northwind Audit',
      'organization.closed Northwind Audit',
      'organization.two_factor_required Northwind Audit not required→required',
      `member.added ${owner.firstName} ${owner.lastName} (${owner.email}) null→org_admin`,
      'organization.created Northwind Audit',
    ]);
  });

  test('task and ticket histories are lines of the same list, filterable by action', async ({ t, make }) => {
    const organization = await make.organization();
    const owner = await make.member(organization.id, { role: 'org_admin' });
    const project = await make.project(organization.id, { by: owner });
    const objective = await make.objective(project.id, { by: owner });
    const task = await make.task(objective.id, { by: owner, title: 'Close the quarter' });
    const moved = await t.call(taskEndpoints.setStatus, {
      params: { id: task.id },
      body: { status: 'in_progress' },
      as: owner,
    });
    expect(moved.status, moved.response.body).toBe(200);
    const ticket = await insertTicket(t.database.db, organization.id, owner.id, { title: 'VAT question' });
    await t.call(ticketEndpoints.update, { params: { id: ticket.id }, body: { priority: 'high' }, as: owner });

    const all = await readLog(t, owner);
    const actions = all.data.map((line) => line.action);
    expect(actions).toContain('task.created');
    expect(actions).toContain('task.status');
    expect(actions).toContain('ticket.priority');
    const statusLines = await readLog(t, owner, { action: 'task.status' });
    expect(summary(statusLines.data)).toEqual(['task.status Close the quarter not_started→in_progress']);
    expect(statusLines.data[0]?.target).toEqual({
      type: 'task',
      id: task.id,
      label: 'Close the quarter',
      path: `/dashboard/projects/${project.id}/objectives/${objective.id}/tasks/${task.id}`,
    });
    const ticketLines = await readLog(t, owner, { action: 'ticket.priority' });
    expect(ticketLines.data[0]?.target.label).toBe('VAT question');
    expect(ticketLines.pagination.total).toBe(1);
  });

  test('a range of days is read in the reader’s time zone; pages run newest first', async ({ t, make }) => {
    const organization = await make.organization();
    const owner = await make.member(organization.id, { role: 'org_admin' });
    await t.database.db.update(users).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(users.id, owner.id));
    // 2031-05-01 in Kiritimati (UTC+14) runs from 2031-04-30T10:00Z to 2031-05-01T10:00Z.
    const instants = ['2031-04-30T09:59:00Z', '2031-04-30T10:00:00Z', '2031-05-01T09:59:00Z', '2031-05-01T10:00:00Z'];
    await t.database.db.insert(auditEvents).values(
      instants.map((instant, index) => ({
        organizationId: organization.id,
        actorId: owner.id,
        action: 'export.created' as const,
        targetType: 'export' as const,
        targetId: null,
        targetLabel: `export ${index}`,
        createdAt: new Date(instant),
      })),
    );
    const day = await readLog(t, owner, { from: '2031-05-01', to: '2031-05-01', action: 'export.created' });
    expect(day.data.map((line) => line.target.label)).toEqual(['export 2', 'export 1']);

    const second = await readLog(t, owner, { action: 'export.created', limit: 3, page: 2 });
    expect(second.data.map((line) => line.target.label)).toEqual(['export 0']);
    expect(second.pagination).toMatchObject({ total: 4, pages: 2 });
  });
});

/** Tests that make dozens of requests (or come first and make the app). */
const MANY_REQUESTS = { timeout: 120_000 };

describe('exports in the log', () => {
  /** An export by `as` with the query; it must be answered. */
  async function exportTickets(t: TestApp, as: Member, query: EndpointInput<typeof exportEndpoints.tickets>['query']) {
    const response = await t.call(exportEndpoints.tickets, { query, as });
    expect(response.status, response.response.body).toBe(200);
  }

  test(
    'identical exports within the window are one line with a count; other filters another line',
    MANY_REQUESTS,
    async ({ t, make }) => {
      const organization = await make.organization();
      const owner = await make.member(organization.id, { role: 'org_admin' });
      const member = await make.member(organization.id);
      for (let time = 0; time < 3; time += 1) await exportTickets(t, member, { status: 'open' });
      await exportTickets(t, member, { status: 'closed' });
      for (let time = 0; time < 3; time += 1) await exportTickets(t, member, { priority: 'high' });

      const log = await readLog(t, owner, { view: 'exports' });
      expect(log.data.map((line) => [line.to, line.count])).toEqual([
        ['Priority: high', 3],
        ['Status: closed', 1],
        ['Status: open', 3],
      ]);
      expect(log.data.every((line) => line.actor?.id === member.id)).toBe(true);
      // Another person's identical export is a line of its own.
      await exportTickets(t, owner, { status: 'open' });
      expect((await readLog(t, owner, { view: 'exports' })).pagination.total).toBe(4);
    },
  );

  test(
    'the default view is the changes: a role change stays on the first page after many exports',
    MANY_REQUESTS,
    async ({ t, make }) => {
      const organization = await make.organization();
      const owner = await make.member(organization.id, { role: 'org_admin' });
      const member = await make.member(organization.id);
      const promoted = await make.member(organization.id);
      const changed = await t.call(userEndpoints.update, {
        params: { id: promoted.id },
        body: { role: 'org_admin' },
        as: owner,
      });
      expect(changed.status, changed.response.body).toBe(200);
      // More exports than a page holds, each with filters of its own (so each its own line).
      const flood = 60;
      for (let index = 0; index < flood; index += 1) await exportTickets(t, member, { search: `x${index}` });

      const changes = await readLog(t, owner);
      expect(changes.data[0]).toMatchObject({ action: 'member.role_changed', from: 'user', to: 'org_admin' });
      expect(changes.data.some((line) => line.action === 'export.created')).toBe(false);
      expect(changes.pagination.total).toBe(5);
      const exportsView = await readLog(t, owner, { view: 'exports' });
      expect(exportsView.pagination.total).toBe(flood);
      expect(exportsView.data.every((line) => line.action === 'export.created')).toBe(true);
      // The action filter picks its view; an action of the other view is refused, saying why.
      expect((await readLog(t, owner, { action: 'export.created' })).pagination.total).toBe(flood);
      const mismatch = await t.call(auditLogEndpoints.list, {
        query: { view: 'changes', action: 'export.created' },
        as: owner,
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.refusal.error).toBe(UI_TEXT.auditActionNotInView);
      // The CSV is the default view too, its values in the page's words.
      const file = await t.call(exportEndpoints.auditLog, { as: owner });
      expect(file.status, file.response.body).toBe(200);
      const rows = file.response.body.trim().split('\r\n').slice(1);
      expect(rows).toHaveLength(5);
      expect(rows[0]).toContain(',Role changed,');
      expect(rows[0]).toContain(',User,Organization Admin,1,');
    },
  );
});

describe('the log as CSV', () => {
  test('every line of the filter, newest first, in batches, for those who read the log', async ({ t, make }) => {
    const organization = await make.organization();
    const owner = await make.member(organization.id, { role: 'org_admin' });
    const member = await make.member(organization.id);
    // More lines than one batch of the test app's exports, some in the same millisecond.
    const base = Date.parse('2031-06-01T12:00:00Z');
    await t.database.db.insert(auditEvents).values(
      Array.from({ length: 7 }, (_, index) => ({
        organizationId: organization.id,
        actorId: owner.id,
        action: 'export.created' as const,
        targetType: 'export' as const,
        targetId: null,
        targetLabel: `=cmd|${index}`,
        createdAt: new Date(base + Math.floor(index / 2)),
      })),
    );
    const file = await t.call(exportEndpoints.auditLog, {
      query: { action: 'export.created', from: '2031-06-01', to: '2031-06-01' },
      as: owner,
    });
    expect(file.status, file.response.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = file.response.body.trim().split('\r\n');
    expect(rows[0]).toBe('When,Person,Person e-mail,Action,What,About,From,To,Times,ID');
    const lines = rows.slice(1).map((row) => row.split(','));
    // Every line once across the batches (a formula written as text), newest first.
    expect(lines.map((cells) => cells[5]).sort()).toEqual([0, 1, 2, 3, 4, 5, 6].map((index) => `'=cmd|${index}`));
    const times = lines.map((cells) => cells[0] ?? '');
    expect(times).toEqual([...times].sort().reverse());
    const refused = await t.call(exportEndpoints.auditLog, { as: member });
    expect(refused.status).toBe(403);
  });
});

describe('the log is read only and its questions are checked', () => {
  test('no route changes or deletes a line', async ({ t, cast }) => {
    const [line] = await t.database.db
      .insert(auditEvents)
      .values({
        organizationId: cast.organization.id,
        actorId: cast.orgAdmin.id,
        action: 'export.created',
        targetType: 'export',
        targetId: null,
        targetLabel: 'tickets.csv',
      })
      .returning();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      // Routes that do not exist: no definition to call.
      const response = await t.request({ method, url: `/api/audit-log/${line?.id}`, as: cast.admin, payload: {} });
      expect(response.statusCode).toBe(404);
    }
    const [count] = await t.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(eq(auditEvents.id, line?.id ?? ''));
    expect(count?.total).toBe(1);
  });

  test.for([
    ['an unknown action', 'action=member.fired'],
    ['a date that is not one', 'from=2031-02-30'],
    ['a range backwards', 'from=2031-05-02&to=2031-05-01'],
    ['an organization id that is not one', 'organizationId=acme'],
    ['a NUL byte', 'action=member.added%00'],
    ['a page size over the limit', 'limit=101'],
  ])('%s is a 400', async ([, query], { t, cast }) => {
    // Malformed queries, as an outside client might send them.
    const response = await t.request({ method: 'GET', url: `/api/audit-log?${query}`, as: cast.orgAdmin });
    expect(response.statusCode, response.body).toBe(400);
  });

  test('pages deeper than the log shows are refused with what to do instead', async ({ t, cast }) => {
    const page = AUDIT_MAX_DEPTH / 100 + 1;
    const response = await t.call(auditLogEndpoints.list, { query: { limit: 100, page }, as: cast.orgAdmin });
    expect(response.status).toBe(400);
    expect(response.refusal.error).toBe(UI_TEXT.auditLogTooDeep);
  });
});
