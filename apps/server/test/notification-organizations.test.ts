import {
  advisorEndpoints,
  type Endpoint,
  type EndpointInput,
  notificationEndpoints,
  organizationEndpoints,
} from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { factories, type Member } from './helpers/factories.js';
import { notified, people, verifyPhone } from './helpers/notified.js';

/*
 * Advisors assigned and removed, organizations closed and reopened ("System alerts"):
 * each reaches exactly its recipients, never the admin who did it nor another organization.
 */
let t: TestApp;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp({ demoData: false });
  admin = await factories(t.app.db).admin();
});
afterAll(async () => {
  await t?.close();
});

/** A fresh organization with two org_admins and a user, and one in another organization. */
async function organizationWithPeople() {
  const make = factories(t.app.db);
  const [organization, other] = await Promise.all([make.organization(), make.organization()]);
  const [owner, secondOwner, user, otherOwner] = await Promise.all([
    make.member(organization.id, { role: 'org_admin' }),
    make.member(organization.id, { role: 'org_admin' }),
    make.member(organization.id),
    make.member(other.id, { role: 'org_admin' }),
  ]);
  return { organization, owner, secondOwner, user, otherOwner };
}

/** `definition` called as `by`: it must succeed. */
async function call<E extends Endpoint>(by: Member, definition: E, input: EndpointInput<E>) {
  const response = await t.call(definition, { ...input, token: by.token });
  expect(response.status, response.response.body).toBeLessThan(300);
}

/** How many events of the type the record has had (fanned out or not). */
async function eventCount(type: string, recordId: string) {
  const { rows } = (await t.app.db.execute(
    sql`select count(*)::int as count from notification_events where type = ${type} and record_id = ${recordId}`,
  )) as unknown as { rows: { count: number }[] };
  return rows[0]?.count ?? 0;
}

describe('an advisor assigned and removed', () => {
  it("tells the organization's org_admins and the advisor, not its users nor another organization", async () => {
    const { organization, owner, secondOwner } = await organizationWithPeople();
    const advisor = await factories(t.app.db).advisor();
    await call(admin, advisorEndpoints.assign, { params: { orgId: organization.id }, body: { advisorId: advisor.id } });
    const assigned = await notified(t.app.db, 'advisor_assigned', organization.id);
    expect(assigned.inApp).toEqual(people(owner, secondOwner, advisor));
    expect(assigned.email).toEqual(people(owner, secondOwner, advisor));

    const [item] = (await t.call(notificationEndpoints.list, { token: owner.token })).data;
    expect(item).toMatchObject({
      type: 'advisor_assigned',
      record: { type: 'organization', id: organization.id, title: organization.name },
    });
    expect(item?.text).toMatch(new RegExp(`assigned an advisor to ${organization.name}$`));

    // Ended: the advisor can no longer read the organization, and is told all the same.
    await call(admin, advisorEndpoints.updateAssignment, {
      params: { orgId: organization.id, advisorId: advisor.id },
      body: { isActive: false },
    });
    const removed = await notified(t.app.db, 'advisor_removed', organization.id);
    expect(removed.inApp).toEqual(people(owner, secondOwner, advisor));

    // Back on, then deleted: assigned again, removed again (each told once its fan-out ran, as the
    // advisor reads the organization only while assigned).
    await call(admin, advisorEndpoints.updateAssignment, {
      params: { orgId: organization.id, advisorId: advisor.id },
      body: { isActive: true },
    });
    await expect.poll(() => eventCount('advisor_assigned', organization.id)).toBe(2);
    await notified(t.app.db, 'advisor_assigned', organization.id);
    await call(admin, advisorEndpoints.removeAssignment, { params: { orgId: organization.id, advisorId: advisor.id } });
    await expect.poll(() => eventCount('advisor_removed', organization.id)).toBe(2);
    await notified(t.app.db, 'advisor_removed', organization.id);
    const { rows } = (await t.app.db.execute(
      sql`select type from notifications where recipient_id = ${advisor.id} and record_id = ${organization.id}`,
    )) as unknown as { rows: { type: string }[] };
    expect(rows.map((row) => row.type).sort()).toEqual([
      'advisor_assigned',
      'advisor_assigned',
      'advisor_removed',
      'advisor_removed',
    ]);
  });

  it('a change that changes nothing tells nobody: setting an inactive assignment inactive, deleting it', async () => {
    const { organization } = await organizationWithPeople();
    const advisor = await factories(t.app.db).advisor([organization.id]);
    await call(admin, advisorEndpoints.updateAssignment, {
      params: { orgId: organization.id, advisorId: advisor.id },
      body: { isActive: false },
    });
    await call(admin, advisorEndpoints.updateAssignment, {
      params: { orgId: organization.id, advisorId: advisor.id },
      body: { isActive: false },
    });
    await call(admin, advisorEndpoints.removeAssignment, { params: { orgId: organization.id, advisorId: advisor.id } });
    expect(await eventCount('advisor_removed', organization.id)).toBe(1);
  });
});

describe('an organization closed and reopened', () => {
  it('tells all its members (by SMS too on closing), not its advisors nor another organization, nor who closed it', async () => {
    const { organization, owner, secondOwner, user } = await organizationWithPeople();
    await factories(t.app.db).advisor([organization.id]);
    await verifyPhone(t.app.db, user.id);
    await call(owner, organizationEndpoints.close, { params: { id: organization.id } });
    const closed = await notified(t.app.db, 'organization_closed', organization.id);
    // Its people cannot sign in now: the e-mail and the SMS are what reach them.
    expect(closed.inApp).toEqual(people(secondOwner, user));
    expect(closed.email).toEqual(people(secondOwner, user));
    expect(closed.sms).toEqual(people(user));

    await call(admin, organizationEndpoints.reopen, { params: { id: organization.id } });
    const reopened = await notified(t.app.db, 'organization_reopened', organization.id);
    expect(reopened.inApp).toEqual(people(owner, secondOwner, user));
    expect(reopened.sms).toEqual([]);
  });

  it('sms.systemAlerts off: no SMS on closing, the rest unchanged', async () => {
    const { organization, owner, user } = await organizationWithPeople();
    await verifyPhone(t.app.db, user.id, '+15550100003');
    const response = await t.call(notificationEndpoints.updateSettings, {
      token: user.token,
      body: { notifications: { sms: { systemAlerts: false } } },
    });
    expect(response.status).toBe(200);
    await call(admin, organizationEndpoints.close, { params: { id: organization.id } });
    const closed = await notified(t.app.db, 'organization_closed', organization.id);
    expect(closed.email).toContain(user.id);
    expect(closed.email).toContain(owner.id);
    expect(closed.sms).toEqual([]);
  });
});
