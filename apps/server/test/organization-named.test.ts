import {
  conversationEndpoints,
  departmentEndpoints,
  type Endpoint,
  projectEndpoints,
  teamEndpoints,
  ticketEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { eq, like, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
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
  /** The call naming the organization, with the marker in its name field, as `token`. */
  send(t: TestApp, token: string, organizationId: string, marker: string): Promise<Answer>;
  /** Rows anything matching the marker left behind, in any organization. */
  filed(t: TestApp, marker: string): Promise<number>;
}
interface Answer {
  status: number;
  response: LightMyRequestResponse;
}

const count = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
const rows = sql<number>`count(*)::int`;
const routeOf = (definition: Endpoint) => `${definition.method} ${definition.path}`;
/** The rows whose name column holds the marker. */
const filedIn = (column: AnyPgColumn) => (t: TestApp, marker: string) =>
  count(t.database.db.select({ n: rows }).from(column.table).where(eq(column, marker)));

const CASES: Record<string, Case> = {
  project: {
    route: routeOf(projectEndpoints.create),
    send: (t, token, organizationId, title) =>
      t.call(projectEndpoints.create, { body: { title, organizationId }, token }),
    filed: filedIn(projects.title),
  },
  department: {
    route: routeOf(departmentEndpoints.create),
    send: (t, token, organizationId, name) =>
      t.call(departmentEndpoints.create, { body: { name, organizationId }, token }),
    filed: filedIn(departments.name),
  },
  team: {
    route: routeOf(teamEndpoints.create),
    send: (t, token, organizationId, name) => t.call(teamEndpoints.create, { body: { name, organizationId }, token }),
    filed: filedIn(teams.name),
  },
  member: {
    route: routeOf(userEndpoints.register),
    send: (t, token, organizationId, marker) =>
      t.call(userEndpoints.register, {
        body: {
          firstName: 'Named',
          lastName: 'Elsewhere',
          email: `${marker.replaceAll(' ', '.')}@example.com`,
          password: 'secret-123',
          meta: { organizationId },
        },
        token,
      }),
    filed: (t, marker) =>
      count(
        t.database.db
          .select({ n: rows })
          .from(users)
          .where(like(users.email, `${marker.replaceAll(' ', '.')}@%`)),
      ),
  },
  ticket: {
    route: routeOf(ticketEndpoints.create),
    send: (t, token, organizationId, title) =>
      t.call(ticketEndpoints.create, { body: { title, organizationId, description: 'Filed where?' }, token }),
    filed: filedIn(tickets.title),
  },
  conversation: {
    route: routeOf(conversationEndpoints.create),
    send: (t, token, organizationId, title) =>
      t.call(conversationEndpoints.create, { body: { title, organizationId }, token }),
    filed: filedIn(conversations.title),
  },
  general: {
    route: routeOf(conversationEndpoints.general),
    send: (t, token, organizationId) => t.call(conversationEndpoints.general, { query: { organizationId }, token }),
    filed: (t) => conversationsOfType(t, 'general'),
  },
  advisorChat: {
    route: routeOf(conversationEndpoints.advisorConversation),
    send: (t, token, organizationId) =>
      t.call(conversationEndpoints.advisorConversation, { query: { organizationId }, token }),
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
      const { status, response } = await check.send(t, cast[actor].token, cast[named].id, marker);
      expect(status, response.body).toBe(404);
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
      const response = await (CASES.project as Case).send(t, advisor.token, cast.organization.id, marker);
      expect(response.status).toBe(403);
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
      const response = await (CASES[name] as Case).send(t, cast[actor].token, cast[named].id, markerFor(name));
      expect(response.status, response.response.body).toBe(status);
    });
  }
});
