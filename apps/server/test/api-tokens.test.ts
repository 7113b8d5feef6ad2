import {
  API_TOKEN_LIMITS,
  API_TOKEN_PREFIX,
  advisorEndpoints,
  apiTokenEndpoints,
  auditLogEndpoints,
  type CreateApiTokenBody,
  organizationEndpoints,
  type TokenScopes,
  ticketEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { apiTokens, users } from '../src/db/schema/index.js';
import { isApiTokenSecret } from '../src/lib/api-token-secret.js';
import { hashToken } from '../src/lib/tokens.js';
import type { TestApp } from './helpers/app.js';
import { endAssignment } from './helpers/assignments.js';
import { adminOnly, authzMatrix, everyoneSignedIn, type Statuses, structureManagers } from './helpers/authz-matrix.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { waitFor } from './helpers/wait-for.js';

/*
 * API tokens (decision 0276): who may manage them, the secret shown once, expiry and limits, junk
 * refused, and a token acting with its scopes intersected with its owner's rights now.
 */
// No e-mail waits: an erasure waits for the organization's outstanding mail.
const test = apiTest({ demoData: false, settings: { NOTIFICATION_EMAIL_DELAY_SECONDS: '0' } });

const ALL_WRITE: TokenScopes = {
  projects: 'write',
  tickets: 'write',
  messages: 'write',
  people: 'write',
  sessions: 'write',
  time_entries: 'write',
  exports: 'write',
  webhooks: 'write',
};

/** A personal token of `member`, made through the API: its secret and record. */
async function personalToken(t: TestApp, member: Member, body: Partial<CreateApiTokenBody> = {}) {
  const created = await t.call(apiTokenEndpoints.createMine, {
    body: { name: 'Script', scopes: ALL_WRITE, ...body },
    as: { token: member.token },
  });
  expect(created.status, created.response.body).toBe(201);
  return created.data;
}

/** An organization token made by `member` (its org_admin or the admin). */
async function organizationToken(
  t: TestApp,
  member: Member,
  organizationId: string,
  body: Partial<CreateApiTokenBody> = {},
) {
  const created = await t.call(apiTokenEndpoints.createOrganization, {
    params: { organizationId },
    body: { name: 'Bridge', scopes: ALL_WRITE, ...body },
    as: { token: member.token },
  });
  expect(created.status, created.response.body).toBe(201);
  return created.data;
}

/** An organization's managers: its org_admin and the admin; its user 403; its advisors and others 404. */
const managers = structureManagers;
/** An organization token: its org_admin and the admin; nobody else sees it. */
const organizationTokenChangers = (ok: number): Statuses => ({
  ...managers(ok),
  user: 404,
});
/** A user's personal token: its owner; the admin may revoke it, not edit it; nobody else sees it. */
const personalTokenOf = (ok: number, admin: number): Statuses => ({
  admin,
  orgAdmin: 404,
  user: ok,
  advisorAssigned: 404,
  advisorUnassigned: 404,
  otherOrgAdmin: 404,
  anonymous: 401,
});

interface Tokens {
  organizationTokenId: string;
  personalTokenId: string;
}

authzMatrix<Tokens>('who may manage API tokens', {
  test,
  async arrange(cast, { t }) {
    const organizationTokenId = (await organizationToken(t, cast.orgAdmin, cast.organization.id)).token.id;
    const personalTokenId = (await personalToken(t, cast.user)).token.id;
    return { organizationTokenId, personalTokenId };
  },
  errors: { 404: UI_TEXT.apiTokenNotFound },
  routes: [
    {
      route: 'GET /api/users/profile/api-tokens',
      request: () => ({ method: 'GET', url: '/api/users/profile/api-tokens' }),
      statuses: everyoneSignedIn(200),
    },
    {
      route: 'POST /api/users/profile/api-tokens',
      request: () => ({
        method: 'POST',
        url: '/api/users/profile/api-tokens',
        payload: { name: 'Mine', scopes: { tickets: 'read' } },
      }),
      statuses: everyoneSignedIn(201),
    },
    {
      route: 'GET /api/api-tokens',
      request: () => ({ method: 'GET', url: '/api/api-tokens' }),
      statuses: adminOnly(200),
    },
    {
      route: 'PATCH /api/api-tokens/:id (an organization token)',
      request: ({ organizationTokenId }) => ({
        method: 'PATCH',
        url: `/api/api-tokens/${organizationTokenId}`,
        payload: { name: 'Renamed' },
      }),
      statuses: organizationTokenChangers(200),
    },
    {
      route: 'PATCH /api/api-tokens/:id (a user’s own token)',
      request: ({ personalTokenId }) => ({
        method: 'PATCH',
        url: `/api/api-tokens/${personalTokenId}`,
        payload: { scopes: { tickets: 'read' } },
      }),
      statuses: personalTokenOf(200, 403),
    },
    {
      route: 'DELETE /api/api-tokens/:id (an organization token)',
      request: ({ organizationTokenId }) => ({ method: 'DELETE', url: `/api/api-tokens/${organizationTokenId}` }),
      statuses: organizationTokenChangers(200),
    },
    {
      route: 'DELETE /api/api-tokens/:id (a user’s own token)',
      request: ({ personalTokenId }) => ({ method: 'DELETE', url: `/api/api-tokens/${personalTokenId}` }),
      statuses: personalTokenOf(200, 200),
    },
  ],
});

// The organization routes name an organization; refusals differ by whether the caller sees it at all.
authzMatrix<null>("who may manage an organization's tokens", {
  test,
  arrange: async () => null,
  errors: { 404: UI_TEXT.organizationNotFound },
  routes: [
    {
      route: 'GET /api/organizations/:organizationId/api-tokens',
      request: (_, cast) => ({ method: 'GET', url: `/api/organizations/${cast.organization.id}/api-tokens` }),
      statuses: managers(200),
    },
    {
      route: 'POST /api/organizations/:organizationId/api-tokens',
      request: (_, cast) => ({
        method: 'POST',
        url: `/api/organizations/${cast.organization.id}/api-tokens`,
        payload: { name: 'Bridge', scopes: { tickets: 'write' } },
      }),
      statuses: managers(201),
    },
  ],
});

test('a token reaches no token management, whatever its scopes: TOKEN_NOT_ALLOWED', async ({ t, cast }) => {
  const { secret, token } = await organizationToken(t, cast.orgAdmin, cast.organization.id);
  const { secret: personal } = await personalToken(t, cast.admin);
  const id = token.id;
  const organizationId = cast.organization.id;
  for (const bearer of [secret, personal]) {
    const calls = [
      await t.call(apiTokenEndpoints.listMine, { as: { token: bearer } }),
      await t.call(apiTokenEndpoints.createMine, { body: { name: 'Wider', scopes: ALL_WRITE }, as: { token: bearer } }),
      await t.call(apiTokenEndpoints.listOrganization, { params: { organizationId }, as: { token: bearer } }),
      await t.call(apiTokenEndpoints.createOrganization, {
        params: { organizationId },
        body: { name: 'Wider', scopes: ALL_WRITE },
        as: { token: bearer },
      }),
      await t.call(apiTokenEndpoints.listAll, { as: { token: bearer } }),
      await t.call(apiTokenEndpoints.update, { params: { id }, body: { name: 'x' }, as: { token: bearer } }),
      await t.call(apiTokenEndpoints.revoke, { params: { id }, as: { token: bearer } }),
    ];
    for (const call of calls) {
      expect(call.status).toBe(403);
      expect(call.refusal).toMatchObject({ code: 'TOKEN_NOT_ALLOWED', error: UI_TEXT.tokenNotAllowedHere });
    }
  }
  // Nor its owner's credentials: the password.
  const password = await t.request({
    method: 'PUT',
    url: '/api/users/change-password',
    token: personal,
    payload: { currentPassword: 'x', newPassword: 'y' },
  });
  expect(password.statusCode).toBe(403);
  expect(password.json().code).toBe('TOKEN_NOT_ALLOWED');
});

test('the secret is shown once (smart_pat_ with a checksum), only its hash is kept, and the list shows its prefix', async ({
  t,
  make,
}) => {
  const organization = await make.organization();
  const member = await make.member(organization.id);
  const before = Date.now();
  const { secret, token } = await personalToken(t, member, { name: 'Nightly report', scopes: { tickets: 'read' } });
  expect(secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
  expect(isApiTokenSecret(secret)).toBe(true);
  expect(token).toMatchObject({
    name: 'Nightly report',
    kind: 'personal',
    scopes: { tickets: 'read' },
    organizations: null,
    organizationId: null,
    owner: { id: member.id, email: member.email },
    revokedAt: null,
    permissions: { canEdit: true, canRevoke: true },
  });
  expect(secret.startsWith(token.prefix)).toBe(true);
  // The default expiry: 90 days.
  const days = (Date.parse(token.expiresAt) - before) / 86_400_000;
  expect(days).toBeGreaterThan(89.9);
  expect(days).toBeLessThan(90.1);
  const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
  expect(row?.tokenHash).toBe(hashToken(secret));
  const listed = await t.call(apiTokenEndpoints.listMine, { as: { token: member.token } });
  expect(listed.data.map((one) => one.id)).toEqual([token.id]);
  expect(listed.response.body).not.toContain(secret);
  // It works as a bearer, and stops once revoked.
  expect((await t.call(ticketEndpoints.list, { as: { token: secret } })).status).toBe(200);
  expect(
    (await t.call(apiTokenEndpoints.revoke, { params: { id: token.id }, as: { token: member.token } })).status,
  ).toBe(200);
  const after = await t.call(ticketEndpoints.list, { as: { token: secret } });
  expect(after.status).toBe(401);
  // Revoking again changes nothing.
  expect(
    (await t.call(apiTokenEndpoints.revoke, { params: { id: token.id }, as: { token: member.token } })).status,
  ).toBe(200);
  const mine = await t.call(apiTokenEndpoints.listMine, { as: { token: member.token } });
  expect(mine.data[0]).toMatchObject({ id: token.id, permissions: { canEdit: false, canRevoke: false } });
  expect(mine.data[0]?.revokedAt).not.toBeNull();
});

test('a token lacking the scope gets 403 naming it; with it, what its owner gets', async ({ t, make }) => {
  const organization = await make.organization();
  const member = await make.member(organization.id);
  const { secret } = await personalToken(t, member, { scopes: { tickets: 'read' } });
  const write = await t.call(ticketEndpoints.create, {
    body: { title: 'From a script', description: 'Body' },
    as: { token: secret },
  });
  expect(write.status).toBe(403);
  expect(write.refusal).toEqual({
    success: false,
    code: 'INSUFFICIENT_SCOPE',
    scope: 'tickets:write',
    error: UI_TEXT.insufficientScope,
  });
  const people = await t.call(userEndpoints.profile, { as: { token: secret } });
  expect(people.status).toBe(403);
  expect(people.refusal).toMatchObject({ code: 'INSUFFICIENT_SCOPE', scope: 'people:read' });
  expect((await t.call(ticketEndpoints.list, { as: { token: secret } })).status).toBe(200);
  // Checked before the body is read: a junk body still gets the scope's 403, not a 400.
  const junk = await t.request({
    method: 'POST',
    url: '/api/tickets',
    token: secret,
    payload: '{not json',
    headers: { 'content-type': 'application/json' },
  });
  expect(junk.statusCode).toBe(403);
  expect(junk.json().code).toBe('INSUFFICIENT_SCOPE');
});

test('expiry is required within 366 days; junk names and scopes are 400, never 500', async ({ t, make }) => {
  const organization = await make.organization();
  const member = await make.member(organization.id);
  const create = (body: unknown) =>
    t.request({ method: 'POST', url: '/api/users/profile/api-tokens', token: member.token, payload: body as object });
  const refused = async (body: unknown) => {
    const response = await create(body);
    expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
    return response.json();
  };
  expect((await refused({ name: 'x', scopes: {}, expiresInDays: 367 })).error).toBe(UI_TEXT.apiTokenExpiryInvalid);
  await refused({ name: 'x', scopes: {}, expiresInDays: 0 });
  await refused({ name: 'x', scopes: {}, expiresInDays: 1.5 });
  await refused({ name: 'x', scopes: {}, expiresInDays: true });
  await refused({ name: 'x', scopes: {}, expiresInDays: [30] });
  await refused({ name: 'x', scopes: {}, expiresInDays: '30' });
  await refused({ name: 'B'.repeat(100_000), scopes: {} });
  await refused({ name: 'B'.repeat(API_TOKEN_LIMITS.nameMax + 1), scopes: {} });
  await refused({ name: 'nul\u0000name', scopes: {} });
  await refused({ name: '   ', scopes: {} });
  await refused({ name: 'x', scopes: { tickets: 'admin' } });
  await refused({ name: 'x', scopes: { everything: 'write' } });
  await refused({ name: 'x', scopes: 'tickets:write' });
  await refused({ name: 'x', scopes: { tickets: 'B'.repeat(100_000) } });
  await refused({ name: 'x' });
  // A person who advises nobody names no organizations.
  expect((await refused({ name: 'x', scopes: {}, organizationIds: [organization.id] })).error).toBe(
    UI_TEXT.apiTokenOrganizationsAdvisorOnly,
  );
  const longest = await create({ name: 'x', scopes: {}, expiresInDays: 366 });
  expect(longest.statusCode).toBe(201);
  // A change of nothing, or of fields a token does not have, leaves it as it was.
  const { id } = longest.json().data.token;
  for (const payload of [{}, { expiresInDays: 5 }]) {
    const unchanged = await t.request({ method: 'PATCH', url: `/api/api-tokens/${id}`, token: member.token, payload });
    expect(unchanged.statusCode, JSON.stringify(payload)).toBe(200);
    expect(unchanged.json().data).toMatchObject({ name: 'x', scopes: longest.json().data.token.scopes });
  }
});

test('one owner holds at most 50 live tokens (409); a revoked one makes room', async ({ t, make }) => {
  const organization = await make.organization();
  const member = await make.member(organization.id);
  const made: string[] = [];
  for (let index = 0; index < API_TOKEN_LIMITS.maxLivePerOwner; index++) {
    made.push((await personalToken(t, member, { name: `Token ${index}`, scopes: {} })).token.id);
  }
  const over = await t.call(apiTokenEndpoints.createMine, {
    body: { name: 'One too many', scopes: {} },
    as: { token: member.token },
  });
  expect(over.status).toBe(409);
  expect(over.refusal.error).toBe(UI_TEXT.apiTokenLimitReached);
  await t.call(apiTokenEndpoints.revoke, { params: { id: made[0]! }, as: { token: member.token } });
  expect(
    (
      await t.call(apiTokenEndpoints.createMine, {
        body: { name: 'Room again', scopes: {} },
        as: { token: member.token },
      })
    ).status,
  ).toBe(201);
});

test("a token acts with its owner's rights now: deactivated 401, demoted loses them at once, moved loses the old organization", async ({
  t,
  make,
}) => {
  const admin = await make.admin();
  const [organization, elsewhere] = await Promise.all([make.organization(), make.organization()]);
  const [deactivated, demoted, moved] = await Promise.all([
    make.member(organization.id, { role: 'org_admin' }),
    make.member(organization.id, { role: 'org_admin' }),
    make.member(organization.id, { role: 'org_admin' }),
  ]);
  const [a, b, c] = await Promise.all([
    personalToken(t, deactivated, { scopes: { people: 'read' } }),
    personalToken(t, demoted, { scopes: { people: 'read' } }),
    personalToken(t, moved, { scopes: { people: 'read' } }),
  ]);
  // An org_admin's token lists the organization's members (GET /api/users: org_admins and the admin).
  for (const { secret } of [a, b, c])
    expect((await t.call(userEndpoints.list, { as: { token: secret } })).status).toBe(200);

  await t.call(userEndpoints.deactivate, { params: { id: deactivated.id }, as: { token: admin.token } });
  expect((await t.call(userEndpoints.list, { as: { token: a.secret } })).status).toBe(401);

  const demotion = await t.call(userEndpoints.update, {
    params: { id: demoted.id },
    body: { role: 'user' },
    as: { token: admin.token },
  });
  expect(demotion.status, demotion.response.body).toBe(200);
  expect((await t.call(userEndpoints.list, { as: { token: b.secret } })).status).toBe(403);

  const move = await t.call(userEndpoints.moveToOrganization, {
    params: { id: moved.id },
    body: { organizationId: elsewhere.id },
    as: { token: admin.token },
  });
  expect(move.status, move.response.body).toBe(200);
  const old = await t.call(organizationEndpoints.listUsers, {
    params: { id: organization.id },
    as: { token: c.secret },
  });
  // What the moved person's session gets there too.
  const session = await t.call(organizationEndpoints.listUsers, {
    params: { id: organization.id },
    as: { token: moved.token },
  });
  expect(old.status).toBe(session.status);
  expect([403, 404]).toContain(old.status);
});

test("a closed organization's tokens stop (401), its organization tokens too", async ({ t, make }) => {
  const organization = await make.organization();
  const owner = await make.member(organization.id, { role: 'org_admin' });
  const personal = await personalToken(t, owner, { scopes: { tickets: 'read' } });
  const shared = await organizationToken(t, owner, organization.id, { scopes: { tickets: 'read' } });
  for (const { secret } of [personal, shared]) {
    expect((await t.call(ticketEndpoints.list, { as: { token: secret } })).status).toBe(200);
  }
  const closed = await t.call(organizationEndpoints.close, {
    params: { id: organization.id },
    as: { token: owner.token },
  });
  expect(closed.status, closed.response.body).toBe(200);
  for (const { secret } of [personal, shared]) {
    expect((await t.call(ticketEndpoints.list, { as: { token: secret } })).status).toBe(401);
  }
});

test("an advisor's token reaches only the organizations it names, never one assigned later", async ({ t, make }) => {
  const admin = await make.admin();
  const [named, unnamed, later] = await Promise.all([make.organization(), make.organization(), make.organization()]);
  const advisor = await make.advisor([named.id, unnamed.id]);
  const unassigned = await make.advisor();

  // By default: all it advises now.
  const every = await personalToken(t, advisor, { scopes: { people: 'read', tickets: 'write' } });
  expect(every.token.organizations?.map((one) => one.id).sort()).toEqual([named.id, unnamed.id].sort());
  // Naming one it does not advise: 400.
  const foreign = await t.call(apiTokenEndpoints.createMine, {
    body: { name: 'x', scopes: {}, organizationIds: [later.id] },
    as: { token: advisor.token },
  });
  expect(foreign.status).toBe(400);
  expect(foreign.refusal.error).toBe(UI_TEXT.apiTokenOrganizationNotAdvised);

  const bound = await personalToken(t, advisor, {
    scopes: { people: 'read', tickets: 'write' },
    organizationIds: [named.id],
  });
  expect(bound.token.organizations).toEqual([{ id: named.id, name: named.name }]);
  // Its own list of organizations shows the named ones only; its session, all.
  const listed = async (token: string) =>
    (await t.call(advisorEndpoints.myOrganizations, { as: { token } })).data.map((one) => one.organizationId).sort();
  expect(await listed(bound.secret)).toEqual([named.id]);
  expect(await listed(advisor.token)).toEqual([named.id, unnamed.id].sort());

  const readAs = (token: string, id: string) => t.call(organizationEndpoints.get, { params: { id }, as: { token } });
  const ticketAs = (token: string, organizationId: string) =>
    t.call(ticketEndpoints.create, {
      body: { title: 'Raised by a script', description: 'Body', organizationId },
      as: { token },
    });
  expect((await readAs(bound.secret, named.id)).status).toBe(200);
  expect((await ticketAs(bound.secret, named.id)).status).toBe(201);
  // The organization not named: what a session without an assignment gets there.
  const outside = await readAs(bound.secret, unnamed.id);
  expect(outside.status).toBe((await readAs(unassigned.token, unnamed.id)).status);
  expect(outside.status).toBe(404);
  const outsideTicket = await ticketAs(bound.secret, unnamed.id);
  expect(outsideTicket.status).toBe((await ticketAs(unassigned.token, unnamed.id)).status);
  // Its owner's session and its unbound token still reach it.
  expect((await readAs(advisor.token, unnamed.id)).status).toBe(200);
  expect((await readAs(every.secret, unnamed.id)).status).toBe(200);

  // Assigned later: neither token reaches it, the session does.
  const assigned = await t.call(organizationEndpoints.get, { params: { id: later.id }, as: { token: admin.token } });
  expect(assigned.status).toBe(200);
  const assign = await t.request({
    method: 'POST',
    url: `/api/organizations/${later.id}/advisors`,
    token: admin.token,
    payload: { advisorId: advisor.id },
  });
  expect([200, 201]).toContain(assign.statusCode);
  expect((await readAs(advisor.token, later.id)).status).toBe(200);
  expect((await readAs(every.secret, later.id)).status).toBe(404);
  expect((await readAs(bound.secret, later.id)).status).toBe(404);

  // Its assignment ended: the named organization is gone too (the intersection).
  await endAssignment(t, admin, named.id, advisor.id);
  expect((await readAs(bound.secret, named.id)).status).toBe(404);

  // Edited to name the later one: it reaches it.
  const edited = await t.call(apiTokenEndpoints.update, {
    params: { id: bound.token.id },
    body: { organizationIds: [later.id] },
    as: { token: advisor.token },
  });
  expect(edited.status, edited.response.body).toBe(200);
  expect((await readAs(bound.secret, later.id)).status).toBe(200);
});

test('an organization token outlives its maker, and history and the audit log name the token', async ({ t, make }) => {
  const admin = await make.admin();
  const organization = await make.organization();
  const maker = await make.member(organization.id, { role: 'org_admin' });
  const { secret, token } = await organizationToken(t, maker, organization.id, {
    name: 'Helpdesk bridge',
    scopes: { tickets: 'write' },
  });
  expect(token).toMatchObject({
    kind: 'organization',
    organizationId: organization.id,
    organizationName: organization.name,
    owner: { id: maker.id },
  });
  // Its service identity is no member: the organization's people do not list it.
  const [service] = await t.database.db.select().from(users).where(eq(users.firstName, 'Helpdesk bridge'));
  expect(service).toMatchObject({ isService: true, organizationId: null, serviceOrganizationId: organization.id });
  expect(service?.email).toBe(`token-${token.id}@api-tokens.invalid`);
  const people = await t.call(organizationEndpoints.listUsers, {
    params: { id: organization.id },
    as: { token: maker.token },
  });
  expect(JSON.stringify(people.body)).not.toContain('Helpdesk bridge');
  // Nor can it sign in.
  const signIn = await t.request({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: service?.email, password: '!service-identity-' },
  });
  expect(signIn.statusCode).toBe(401);

  await t.call(userEndpoints.deactivate, { params: { id: maker.id }, as: { token: admin.token } });
  const raised = await t.call(ticketEndpoints.create, {
    body: { title: 'From the helpdesk', description: 'Body' },
    as: { token: secret },
  });
  expect(raised.status, raised.response.body).toBe(201);
  expect(raised.data.createdBy).toMatchObject({ firstName: 'Helpdesk bridge', lastName: '(API token)' });

  const log = await t.call(auditLogEndpoints.list, {
    query: { organizationId: organization.id },
    as: { token: admin.token },
  });
  const lines = log.data.map((line) => [line.action, line.target.label, line.actor?.id]);
  expect(lines).toContainEqual(['api_token.created', 'Helpdesk bridge', maker.id]);
  const history = log.data.find((line) => line.action === 'ticket.created');
  expect(history?.actor).toMatchObject({ firstName: 'Helpdesk bridge', lastName: '(API token)' });

  // Revoked by the admin: it stops, and the log says so.
  expect(
    (await t.call(apiTokenEndpoints.revoke, { params: { id: token.id }, as: { token: admin.token } })).status,
  ).toBe(200);
  expect((await t.call(ticketEndpoints.list, { as: { token: secret } })).status).toBe(401);
  const after = await t.call(auditLogEndpoints.list, {
    query: { organizationId: organization.id },
    as: { token: admin.token },
  });
  expect(after.data.map((line) => [line.action, line.actor?.id])).toContainEqual(['api_token.revoked', admin.id]);
});

test("the admin lists every token, by organization and kind; an organization's list shows its own", async ({
  t,
  make,
}) => {
  const admin = await make.admin();
  const [one, other] = await Promise.all([make.organization(), make.organization()]);
  const [oneAdmin, otherAdmin] = await Promise.all([
    make.member(one.id, { role: 'org_admin' }),
    make.member(other.id, { role: 'org_admin' }),
  ]);
  const shared = await organizationToken(t, oneAdmin, one.id);
  const personal = await personalToken(t, oneAdmin);
  const foreign = await organizationToken(t, otherAdmin, other.id);
  const all = await t.call(apiTokenEndpoints.listAll, {
    query: { organizationId: one.id },
    as: { token: admin.token },
  });
  expect(all.data.map((token) => token.id).sort()).toEqual([shared.token.id, personal.token.id].sort());
  const organizationOnly = await t.call(apiTokenEndpoints.listAll, {
    query: { organizationId: one.id, kind: 'organization' },
    as: { token: admin.token },
  });
  expect(organizationOnly.data.map((token) => token.id)).toEqual([shared.token.id]);
  const listed = await t.call(apiTokenEndpoints.listOrganization, {
    params: { organizationId: one.id },
    as: { token: oneAdmin.token },
  });
  expect(listed.data.map((token) => token.id)).toEqual([shared.token.id]);
  // Another organization's token: 404, as if it did not exist.
  const edit = await t.call(apiTokenEndpoints.update, {
    params: { id: foreign.token.id },
    body: { name: 'Mine now' },
    as: { token: oneAdmin.token },
  });
  expect(edit.status).toBe(404);
  // An organization token names no organizations of its own.
  const bad = await t.call(apiTokenEndpoints.update, {
    params: { id: shared.token.id },
    body: { organizationIds: [one.id] },
    as: { token: oneAdmin.token },
  });
  expect(bad.status).toBe(400);
});

test("erasing an organization takes its tokens, its service identities and its people's tokens, and no other's", {
  timeout: 120_000,
}, async ({ t, make }) => {
  const admin = await make.admin();
  const [erased, kept] = await Promise.all([make.organization(), make.organization()]);
  const [erasedAdmin, keptAdmin] = await Promise.all([
    make.member(erased.id, { role: 'org_admin' }),
    make.member(kept.id, { role: 'org_admin' }),
  ]);
  const shared = await organizationToken(t, erasedAdmin, erased.id, { name: 'Erased bridge' });
  const personal = await personalToken(t, erasedAdmin);
  const other = await organizationToken(t, keptAdmin, kept.id, { name: 'Kept bridge' });
  const { db } = t.database;
  const started = await t.call(organizationEndpoints.erase, {
    params: { id: erased.id },
    body: { confirmName: erased.name },
    as: { token: admin.token },
  });
  expect(started.status, started.response.body).toBe(202);
  await waitFor(
    async () => ((await db.select().from(users).where(eq(users.id, erasedAdmin.id))).length === 0 ? true : undefined),
    'the organization erased',
    60_000,
  );
  const left = await db.select({ id: apiTokens.id }).from(apiTokens);
  expect(left.map((row) => row.id)).not.toContain(shared.token.id);
  expect(left.map((row) => row.id)).not.toContain(personal.token.id);
  expect(left.map((row) => row.id)).toContain(other.token.id);
  const services = await db.select({ name: users.firstName }).from(users).where(eq(users.isService, true));
  expect(services.map((row) => row.name)).not.toContain('Erased bridge');
  expect(services.map((row) => row.name)).toContain('Kept bridge');
  expect((await t.call(ticketEndpoints.list, { as: { token: other.secret } })).status).toBe(200);
});
