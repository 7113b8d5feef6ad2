import { UI_TEXT } from '@smart/contracts';
import { eq, like, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import { describe, expect } from 'vitest';
import { conversations, departments, projects, teams, tickets, users } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import type { MatrixActor } from './helpers/authz-matrix.js';
import { apiTest } from './helpers/fixture.js';

/**
 * A request naming an organization (organizationId in a body, or in the query
 * of a call that creates a conversation) where the caller may not act is 404 "Organization not
 * found", never a record silently filed in the caller's own organization.
 */

const test = apiTest({ demoData: false });

type Actor = Exclude<MatrixActor, 'anonymous'>;
/** Which organization of the cast a case names. */
type Named = 'organization' | 'otherOrganization';

interface Case {
  route: string;
  request(organizationId: string, marker: string): InjectOptions;
  /** Rows anything matching the marker left behind, in any organization. */
  filed(t: TestApp, marker: string): Promise<number>;
}

const count = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
const rows = sql<number>`count(*)::int`;

/** A POST whose body names the organization and a marked name field, and the column that would keep it. */
function postCase(url: string, field: 'title' | 'name', column: AnyPgColumn, extra: object = {}): Case {
  return {
    route: `POST ${url}`,
    request: (organizationId, marker) => ({
      method: 'POST',
      url,
      payload: { [field]: marker, organizationId, ...extra },
    }),
    filed: (t, marker) => count(t.database.db.select({ n: rows }).from(column.table).where(eq(column, marker))),
  };
}

const CASES: Record<string, Case> = {
  project: postCase('/api/projects', 'title', projects.title),
  department: postCase('/api/departments', 'name', departments.name),
  team: postCase('/api/teams', 'name', teams.name),
  member: {
    route: 'POST /api/users/register',
    request: (organizationId, marker) => ({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        firstName: 'Named',
        lastName: 'Elsewhere',
        email: `${marker.replaceAll(' ', '.')}@example.com`,
        password: 'secret-123',
        meta: { organizationId },
      },
    }),
    filed: (t, marker) =>
      count(
        t.database.db
          .select({ n: rows })
          .from(users)
          .where(like(users.email, `${marker.replaceAll(' ', '.')}@%`)),
      ),
  },
  ticket: postCase('/api/tickets', 'title', tickets.title, { description: 'Filed where?' }),
  conversation: postCase('/api/conversations', 'title', conversations.title),
  general: {
    route: 'GET /api/conversations/general',
    request: (organizationId) => ({ method: 'GET', url: '/api/conversations/general', query: { organizationId } }),
    filed: (t) => conversationsOfType(t, 'general'),
  },
  advisorChat: {
    route: 'GET /api/conversations/advisors/conversation',
    request: (organizationId) => ({
      method: 'GET',
      url: '/api/conversations/advisors/conversation',
      query: { organizationId },
    }),
    filed: (t) => conversationsOfType(t, 'ticket'),
  },
};

/** Get-or-create conversations of this type anywhere: a refused call must not have made one. */
const conversationsOfType = (t: TestApp, type: 'general' | 'ticket') =>
  count(t.database.db.select({ n: rows }).from(conversations).where(eq(conversations.type, type)));

/** [case, caller, organization named]: each a caller that may not act there. */
const REFUSED: [keyof typeof CASES, Actor, Named][] = [
  ['project', 'orgAdmin', 'otherOrganization'],
  ['project', 'user', 'otherOrganization'],
  ['department', 'orgAdmin', 'otherOrganization'],
  ['department', 'user', 'otherOrganization'],
  ['department', 'advisorAssigned', 'otherOrganization'],
  ['team', 'orgAdmin', 'otherOrganization'],
  ['team', 'user', 'otherOrganization'],
  ['member', 'orgAdmin', 'otherOrganization'],
  ['member', 'otherOrgAdmin', 'organization'],
  ['member', 'user', 'otherOrganization'],
  ['ticket', 'user', 'otherOrganization'],
  ['ticket', 'orgAdmin', 'otherOrganization'],
  ['ticket', 'advisorAssigned', 'otherOrganization'],
  ['ticket', 'advisorUnassigned', 'organization'],
  ['conversation', 'user', 'otherOrganization'],
  ['conversation', 'orgAdmin', 'otherOrganization'],
  ['conversation', 'advisorUnassigned', 'organization'],
  ['conversation', 'admin', 'organization'],
  ['general', 'user', 'otherOrganization'],
  ['general', 'advisorAssigned', 'otherOrganization'],
  ['general', 'admin', 'organization'],
  ['advisorChat', 'user', 'otherOrganization'],
  ['advisorChat', 'orgAdmin', 'otherOrganization'],
];

let sequence = 0;
const markerFor = (name: string) => `named ${name} ${++sequence}`;

describe('a body naming an organization where the caller may not act', () => {
  for (const [name, actor, named] of REFUSED) {
    const { route } = CASES[name] as Case;
    test(`${route} as ${actor} naming ${named}: 404, nothing filed anywhere`, async ({ t, cast }) => {
      const check = CASES[name] as Case;
      const marker = markerFor(name);
      const before = await check.filed(t, marker);
      const response = await t.request({
        ...check.request(cast[named].id, marker),
        token: cast[actor].token,
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error).toBe(UI_TEXT.organizationNotFound);
      expect(await check.filed(t, marker)).toBe(before);
    });
  }

  test('advisors naming any organization are refused project creation by their role first (403)', async ({
    t,
    cast,
  }) => {
    for (const advisor of [cast.advisorAssigned, cast.advisorUnassigned]) {
      const marker = markerFor('project');
      const response = await t.request({
        ...(CASES.project as Case).request(cast.organization.id, marker),
        token: advisor.token,
      });
      expect(response.statusCode).toBe(403);
      expect(await (CASES.project as Case).filed(t, marker)).toBe(0);
    }
  });
});

describe('naming an organization where the caller may act', () => {
  /** [case, caller, organization named, status]: the same routes, allowed. */
  const ALLOWED: [keyof typeof CASES, Actor, Named, number][] = [
    ['project', 'user', 'organization', 201],
    ['project', 'admin', 'otherOrganization', 201],
    ['department', 'orgAdmin', 'organization', 201],
    ['department', 'admin', 'otherOrganization', 201],
    ['team', 'orgAdmin', 'organization', 201],
    ['member', 'orgAdmin', 'organization', 201],
    ['member', 'admin', 'otherOrganization', 201],
    ['ticket', 'user', 'organization', 201],
    ['ticket', 'advisorAssigned', 'organization', 201],
    ['conversation', 'user', 'organization', 201],
    ['conversation', 'advisorAssigned', 'organization', 201],
    ['general', 'user', 'organization', 200],
    ['advisorChat', 'user', 'organization', 200],
  ];
  for (const [name, actor, named, status] of ALLOWED) {
    const { route } = CASES[name] as Case;
    test(`${route} as ${actor} naming ${named}: ${status}`, async ({ t, cast }) => {
      const response = await t.request({
        ...(CASES[name] as Case).request(cast[named].id, markerFor(name)),
        token: cast[actor].token,
      });
      expect(response.statusCode, response.body).toBe(status);
    });
  }
});
