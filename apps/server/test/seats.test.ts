import {
  type AuditEntry,
  auditLogEndpoints,
  MAX_ORGANIZATION_SEATS,
  type Organization,
  organizationEndpoints,
  SUBSCRIPTION_PLAN,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { organizations, users } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import type { Factories, Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';

/**
 * An organization's seats (decision 0191): its subscription's seats, which an admin changes, bound
 * every way a customer organization gains an active member: adding one, reactivating one, moving
 * one in, importing a file (member-import.test.ts).
 */
const test = apiTest({ demoData: false });

let sequence = 0;
const freshEmail = () => {
  sequence += 1;
  return `seat.${sequence}.${Math.random().toString(36).slice(2, 7)}@seats.example.com`;
};

async function activeMembers(t: TestApp, organizationId: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.isActive, true)));
  return row?.n ?? 0;
}

/** An organization of `seats` seats, full: its org_admin and `seats - 1` users. */
async function fullOrganization(make: Factories, seats: number) {
  const organization = await make.organization({ seats });
  const owner = await make.member(organization.id, { role: 'org_admin' });
  const others = [];
  for (let index = 1; index < seats; index += 1) others.push(await make.member(organization.id));
  return { organization, owner, others };
}

const register = (t: TestApp, as: Member, organizationId?: string) =>
  t.call(userEndpoints.register, {
    body: {
      firstName: 'New',
      lastName: 'Member',
      email: freshEmail(),
      password: 'seat-password-1',
      ...(organizationId && { meta: { organizationId } }),
    },
    as,
  });

const setSeats = (t: TestApp, as: Member, organizationId: string, seats: number) =>
  t.call(organizationEndpoints.update, { params: { id: organizationId }, body: { seats }, as });

describe('the seats an organization has', () => {
  test("a new organization has the plan's seats; its record carries them next to its members", async ({ t, make }) => {
    // Made through the route, as the admin makes one (the factory's have every seat there is).
    const created = await t.call(organizationEndpoints.create, {
      body: { name: `Seated ${Math.random().toString(36).slice(2, 8)}` },
      as: await make.admin(),
    });
    expect(created.status, created.response.body).toBe(201);
    const organization = created.data as Organization;
    const owner = await make.member(organization.id, { role: 'org_admin' });
    const response = await t.call(organizationEndpoints.get, { params: { id: organization.id }, as: owner });
    expect(response.data).toMatchObject({ seats: SUBSCRIPTION_PLAN.seats, memberCount: 1 });
  });

  test('the admin changes them, with an audit line; out of bounds is 400', async ({ t, make }) => {
    const organization = await make.organization({ seats: SUBSCRIPTION_PLAN.seats });
    const owner = await make.member(organization.id, { role: 'org_admin' });
    const admin = await make.admin();
    const changed = await setSeats(t, admin, organization.id, 40);
    expect(changed.status, changed.response.body).toBe(200);
    expect((changed.data as Organization).seats).toBe(40);
    for (const seats of [0, MAX_ORGANIZATION_SEATS + 1, 2.5]) {
      expect((await setSeats(t, admin, organization.id, seats)).status).toBe(400);
    }
    const log = await t.call(auditLogEndpoints.list, { query: { organizationId: organization.id }, as: owner });
    const seatLines = (log.data as AuditEntry[]).filter((line) => line.target.label === 'Seats');
    expect(seatLines).toMatchObject([
      { action: 'organization.settings_changed', from: String(SUBSCRIPTION_PLAN.seats), to: '40' },
    ]);
    expect(seatLines[0]?.actor?.email).toBe(admin.email);
  });

  test('its org_admin cannot change them (403, nothing changed) but may send them unchanged', async ({ t, make }) => {
    const organization = await make.organization({ seats: SUBSCRIPTION_PLAN.seats });
    const owner = await make.member(organization.id, { role: 'org_admin' });
    const refused = await setSeats(t, owner, organization.id, 100);
    expect(refused.status).toBe(403);
    expect(refused.refusal.error).toBe(UI_TEXT.seatsChangedByAdminOnly);
    const same = await t.call(organizationEndpoints.update, {
      params: { id: organization.id },
      body: { seats: SUBSCRIPTION_PLAN.seats, website: 'https://seats.example.com' },
      as: owner,
    });
    expect(same.status, same.response.body).toBe(200);
    expect(same.data).toMatchObject({ seats: SUBSCRIPTION_PLAN.seats, website: 'https://seats.example.com' });
  });

  test('fewer seats than active members is allowed: nobody is deactivated, nobody more is added', async ({
    t,
    make,
  }) => {
    const { organization, owner } = await fullOrganization(make, 3);
    const lowered = await setSeats(t, await make.admin(), organization.id, 1);
    expect(lowered.status, lowered.response.body).toBe(200);
    expect(lowered.data).toMatchObject({ seats: 1, memberCount: 3 });
    expect((await register(t, owner)).status).toBe(409);
    expect(await activeMembers(t, organization.id)).toBe(3);
  });
});

describe('every way a member joins takes a seat', () => {
  test('adding one at the limit is 409 and writes nobody; the admin adds a seat and it goes through', async ({
    t,
    make,
  }) => {
    const { organization, owner } = await fullOrganization(make, 2);
    const refused = await register(t, owner);
    expect(refused.status).toBe(409);
    expect(refused.refusal.error).toBe(UI_TEXT.noSeatsLeft);
    // The admin's own additions count the same seats.
    const admin = await make.admin();
    expect((await register(t, admin, organization.id)).status).toBe(409);
    expect(await activeMembers(t, organization.id)).toBe(2);

    expect((await setSeats(t, admin, organization.id, 3)).status).toBe(200);
    const added = await register(t, owner);
    expect(added.status, added.response.body).toBe(201);
    expect(await activeMembers(t, organization.id)).toBe(3);
    const record = await t.call(organizationEndpoints.get, { params: { id: organization.id }, as: owner });
    expect(record.data).toMatchObject({ seats: 3, memberCount: 3 });
  });

  test('a deactivated member frees its seat; reactivating one at the limit is 409', async ({ t, make }) => {
    const { organization, owner, others } = await fullOrganization(make, 2);
    const [leaver] = others;
    if (!leaver) throw new Error('no member to deactivate');
    expect((await t.call(userEndpoints.deactivate, { params: { id: leaver.id }, as: owner })).status).toBe(200);
    // Its seat is free: someone else takes it.
    expect((await register(t, owner)).status).toBe(201);

    const refused = await t.call(userEndpoints.reactivate, { params: { id: leaver.id }, as: owner });
    expect(refused.status).toBe(409);
    expect(refused.refusal.error).toBe(UI_TEXT.noSeatsLeft);
    expect(await activeMembers(t, organization.id)).toBe(2);
  });

  test('moving an active member into a full organization is 409; a deactivated one moves', async ({ t, make }) => {
    const { organization: full } = await fullOrganization(make, 1);
    const elsewhere = await make.organization();
    const [mover, dormant] = await Promise.all([make.member(elsewhere.id), make.member(elsewhere.id)]);
    const admin = await make.admin();
    await t.call(userEndpoints.deactivate, { params: { id: dormant.id }, as: admin });
    const move = (who: Member) =>
      t.call(userEndpoints.moveToOrganization, {
        params: { id: who.id },
        body: { organizationId: full.id },
        as: admin,
      });

    const refused = await move(mover);
    expect(refused.status).toBe(409);
    expect(refused.refusal.error).toBe(UI_TEXT.noSeatsLeft);
    const [stayed] = await t.database.db.select().from(users).where(eq(users.id, mover.id));
    expect(stayed?.organizationId).toBe(elsewhere.id);

    const moved = await move(dormant);
    expect(moved.status, moved.response.body).toBe(200);
    expect(await activeMembers(t, full.id)).toBe(1);
  });

  test('two additions racing for the last seat: exactly one is added', async ({ t, make }) => {
    const organization = await make.organization({ seats: 2 });
    const owner = await make.member(organization.id, { role: 'org_admin' });
    const statuses = (await Promise.all([register(t, owner), register(t, owner), register(t, owner)])).map(
      (response) => response.status,
    );
    expect(statuses.sort()).toEqual([201, 409, 409]);
    expect(await activeMembers(t, organization.id)).toBe(2);
  });

  test('five reactivations racing for the last seat: exactly one comes back', async ({ t, make }) => {
    // No password to hash here, so the five transactions meet at the organization's row.
    const { organization, owner, others } = await fullOrganization(make, 6);
    for (const member of others) await t.call(userEndpoints.deactivate, { params: { id: member.id }, as: owner });
    expect((await setSeats(t, await make.admin(), organization.id, 2)).status).toBe(200);
    const responses = await Promise.all(
      others.map((member) => t.call(userEndpoints.reactivate, { params: { id: member.id }, as: owner })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await activeMembers(t, organization.id)).toBe(2);
  });

  test('the platform organization has no seat limit: staff take no seats', async ({ t, make }) => {
    const admin = await make.admin();
    const [platform] = await t.database.db.select().from(organizations).where(eq(organizations.isPlatform, true));
    if (!platform) throw new Error('no platform organization');
    // Nobody changes its seats (403); even at one seat, staff are added.
    expect((await setSeats(t, admin, platform.id, 2)).status).toBe(403);
    await t.database.db.update(organizations).set({ seats: 1 }).where(eq(organizations.id, platform.id));
    const advisor = await t.call(userEndpoints.register, {
      body: {
        firstName: 'Ada',
        lastName: 'Advisor',
        email: freshEmail(),
        password: 'seat-password-1',
        role: 'advisor',
      },
      as: admin,
    });
    expect(advisor.status, advisor.response.body).toBe(201);
  });
});
