import {
  departmentEndpoints,
  type Organization,
  organizationEndpoints,
  sessionEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { describe, expect } from 'vitest';
import { findOrganization, findPlatformOrganization } from '../src/modules/organizations/service.js';
import { createSession } from '../src/modules/session-store/store.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, type Cast, createCast, settingsManagers } from './helpers/authz-matrix.js';
import { FACTORY_PASSWORD, type Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';

const closeIn = (t: TestApp, organizationId: string, as: Member) =>
  t.call(organizationEndpoints.close, { params: { id: organizationId }, as });
const closedAtIn = async (t: TestApp, organizationId: string) =>
  (await findOrganization(t.database.db, organizationId))?.closedAt;

const test = apiTest({ demoData: false })
  .extend('close', { scope: 'file' }, ({ t }) => {
    return (organizationId: string, as: Member) => closeIn(t, organizationId, as);
  })
  .extend('reopen', { scope: 'file' }, ({ t }) => {
    return (organizationId: string, as: Member) =>
      t.call(organizationEndpoints.reopen, { params: { id: organizationId }, as });
  })
  .extend('signIn', { scope: 'file' }, ({ t }) => {
    return (member: Member, password = FACTORY_PASSWORD) =>
      t.call(sessionEndpoints.signIn, { body: { email: member.email, password } });
  })
  .extend('profileStatus', { scope: 'file' }, ({ t }) => {
    return async (member: Member) => (await t.call(userEndpoints.profile, { as: member })).status;
  })
  .extend('connectSocket', { scope: 'file' }, ({ sockets }) => {
    return (member: Member) => sockets.connect(member);
  });

authzMatrix('who may close an organization account', {
  test,
  // Closing signs the organization's people out: each allowed close gets people of its own.
  castPerChange: true,
  arrange: async (cast) => cast.organization,
  routes: [
    {
      route: 'POST /api/organizations/:id/close',
      request: (organization) => ({ method: 'POST', url: `/api/organizations/${organization.id}/close` }),
      // Whoever manages its settings: its org_admin and admin. Its user and its advisor only read it.
      statuses: settingsManagers(200),
    },
  ],
  errors: { 404: UI_TEXT.organizationNotFound },
  unchanged: async (organization, _cast, { t }) => expect(await closedAtIn(t, organization.id)).toBeNull(),
});

authzMatrix('who may reopen a closed organization account', {
  test,
  castPerChange: true,
  arrange: async (cast, { t }) => {
    expect((await closeIn(t, cast.organization.id, cast.admin)).status).toBe(200);
    return cast.organization;
  },
  routes: [
    {
      route: 'POST /api/organizations/:id/reopen',
      request: (organization) => ({ method: 'POST', url: `/api/organizations/${organization.id}/reopen` }),
      // Admin only: its own people are signed out (401), and its advisors wait for the reopening (404).
      statuses: {
        admin: 200,
        orgAdmin: 401,
        user: 401,
        advisorAssigned: 404,
        advisorUnassigned: 404,
        otherOrgAdmin: 404,
        anonymous: 401,
      },
    },
  ],
  errors: { 404: UI_TEXT.organizationNotFound },
  unchanged: async (organization, _cast, { t }) => expect(await closedAtIn(t, organization.id)).not.toBeNull(),
});

describe('closing an organization account', () => {
  // People of its own: the matrices above closed their organization.
  let cast: Cast;
  test.beforeAll(async ({ t }) => {
    cast = await createCast(t);
  });

  test('offers Close to whoever may close it, and Reopen to admin once it is closed', async ({ t }) => {
    const permissionsAs = async (member: Member, organizationId = cast.organization.id) =>
      (await t.call(organizationEndpoints.get, { params: { id: organizationId }, as: member })).data
        .permissions as Organization['permissions'];
    const none = {
      canClose: false,
      canReopen: false,
      canChangeSecurity: false,
      canChangeSeats: false,
      canErase: false,
      canExport: false,
    };
    expect(await permissionsAs(cast.orgAdmin)).toEqual({
      ...none,
      canClose: true,
      canChangeSecurity: true,
      canExport: true,
    });
    expect(await permissionsAs(cast.user)).toEqual(none);
    expect(await permissionsAs(cast.advisorAssigned)).toEqual(none);
    // Admin alone changes a customer organization's seats; the platform organization has none to change.
    expect(await permissionsAs(cast.admin)).toEqual({
      ...none,
      canClose: true,
      canChangeSecurity: true,
      canChangeSeats: true,
      // Erasing for good is admin's alone (decision 0265), never the platform organization's.
      canErase: true,
      canExport: true,
    });
    const platform = await findPlatformOrganization(t.database.db);
    expect(await permissionsAs(cast.admin, platform!.id)).toEqual({
      ...none,
      canChangeSecurity: true,
      canExport: true,
    });
  });

  test('signs its people out at once, drops their sockets, and refuses their sign-in with the message', async ({
    t,
    make,
    close,
    signIn,
    profileStatus,
    connectSocket,
  }) => {
    const organization = await make.organization();
    const [owner, member, outsider] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id),
      make.member(cast.otherOrganization.id),
    ]);
    const [ownerSocket, memberSocket, outsiderSocket] = await Promise.all([
      connectSocket(owner),
      connectSocket(member),
      connectSocket(outsider),
    ]);
    const dropped = [ownerSocket, memberSocket].map(
      (socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve)),
    );

    const closed = await close(organization.id, owner);
    expect(closed.status, closed.response.body).toBe(200);
    expect(closed.data).toMatchObject({ id: organization.id, closedAt: expect.any(String) });
    expect(await Promise.all(dropped)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(outsiderSocket.connected).toBe(true);

    expect(await profileStatus(owner)).toBe(401);
    expect(await profileStatus(member)).toBe(401);
    expect(await profileStatus(outsider)).toBe(200);
    const refused = await signIn(member);
    expect(refused.status).toBe(403);
    expect(refused.refusal.error).toBe(UI_TEXT.organizationClosed);
    // A wrong password says nothing about the organization.
    expect((await signIn(member, 'wrong-password')).refusal.error).toBe(UI_TEXT.invalidCredentials);
    // A session that began while the closing ran (after its sessions were deleted) is refused too.
    const raced = { ...member, token: await createSession(t.database.db, member.id, 60_000) };
    expect(await profileStatus(raced)).toBe(401);
  });

  test('deletes nothing, and reopening lets its people sign in again', async ({ t, make, close, reopen, signIn }) => {
    const organization = await make.organization();
    const [owner, member] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id),
    ]);
    await make.department(organization.id);
    expect((await close(organization.id, cast.admin)).status).toBe(200);

    const seenByAdmin = await t.call(organizationEndpoints.get, { params: { id: organization.id }, as: cast.admin });
    expect(seenByAdmin.data).toMatchObject({
      closedAt: expect.any(String),
      memberCount: 2,
      permissions: { canClose: false, canReopen: true },
    });
    const departments = await t.call(departmentEndpoints.list, {
      query: { organizationId: organization.id },
      as: cast.admin,
    });
    expect(departments.body.pagination.total).toBe(1);

    const reopened = await reopen(organization.id, cast.admin);
    expect(reopened.status).toBe(200);
    expect(reopened.data).toMatchObject({ closedAt: null, permissions: { canClose: true, canReopen: false } });
    expect((await signIn(member)).status).toBe(200);
    expect((await signIn(owner)).status).toBe(200);
  });

  test('hides a closed organization from its advisors until it is reopened; their assignment stays', async ({
    t,
    make,
    close,
    reopen,
  }) => {
    const organization = await make.organization();
    const advisor = await make.advisor([organization.id]);
    const readsAndList = async () => {
      const read = await t.call(organizationEndpoints.get, { params: { id: organization.id }, as: advisor });
      const list = await t.call(organizationEndpoints.list, { as: advisor });
      return [read.status, list.data.map((listed: Organization) => listed.id)];
    };
    expect(await readsAndList()).toEqual([200, [organization.id]]);
    await close(organization.id, cast.admin);
    expect(await readsAndList()).toEqual([404, []]);
    await reopen(organization.id, cast.admin);
    expect(await readsAndList()).toEqual([200, [organization.id]]);
  });

  test('never closes the platform organization; closing twice or reopening an open one is 409', async ({
    t,
    make,
    close,
    reopen,
  }) => {
    const platform = await findPlatformOrganization(t.database.db);
    const refused = await close(platform!.id, cast.admin);
    expect(refused.status).toBe(403);
    expect(refused.refusal.error).toBe(UI_TEXT.platformOrganizationCannotClose);

    const organization = await make.organization();
    const notClosed = await reopen(organization.id, cast.admin);
    expect([notClosed.status, notClosed.refusal.error]).toEqual([409, UI_TEXT.organizationNotClosed]);
    expect((await close(organization.id, cast.admin)).status).toBe(200);
    const again = await close(organization.id, cast.admin);
    expect([again.status, again.refusal.error]).toEqual([409, UI_TEXT.organizationAlreadyClosed]);
  });
});
