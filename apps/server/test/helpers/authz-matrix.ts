import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it, type TestAPI } from 'vitest';
import type { OrganizationRow } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';
import { type Factories, factories, type Member } from './factories.js';

/** Everyone a route is tried as: each role, a member of another organization, unauthenticated. */
export const MATRIX_ACTORS = [
  'admin',
  'orgAdmin',
  'user',
  'advisorAssigned',
  'advisorUnassigned',
  'otherOrgAdmin',
  'anonymous',
] as const;
export type MatrixActor = (typeof MATRIX_ACTORS)[number];
/** The status each actor gets from a route. */
export type Statuses = Record<MatrixActor, number>;

/**
 * The matrix's people: `organization` with its org_admin and a user, an admin, an advisor assigned
 * to `organization` and one assigned nowhere, and the org_admin of `otherOrganization`.
 */
export interface Cast extends Record<Exclude<MatrixActor, 'anonymous'>, Member> {
  organization: OrganizationRow;
  otherOrganization: OrganizationRow;
}

export async function createCast(t: TestApp): Promise<Cast> {
  const make = factories(t.database.db);
  const [organization, otherOrganization] = await Promise.all([make.organization(), make.organization()]);
  const [admin, orgAdmin, user, advisorAssigned, advisorUnassigned, otherOrgAdmin] = await Promise.all([
    make.admin(),
    make.member(organization.id, { role: 'org_admin' }),
    make.member(organization.id),
    make.advisor([organization.id]),
    make.advisor(),
    make.member(otherOrganization.id, { role: 'org_admin' }),
  ]);
  return { organization, otherOrganization, admin, orgAdmin, user, advisorAssigned, advisorUnassigned, otherOrgAdmin };
}

/** An organization's profile and directory: read by its members, its advisors and admin. */
export const ORGANIZATION_READERS: Statuses = {
  admin: 200,
  orgAdmin: 200,
  user: 200,
  advisorAssigned: 200,
  advisorUnassigned: 404,
  otherOrgAdmin: 404,
  anonymous: 401,
};

/** Departments and teams: read by the organization's members and admin, never by advisors. */
export const STRUCTURE_READERS: Statuses = { ...ORGANIZATION_READERS, advisorAssigned: 404 };

/**
 * Departments and teams, an organization's API tokens and webhooks: changed by its org_admin and
 * the admin, who get `ok`; its user 403; its advisors and others 404.
 */
export const structureManagers = (ok: number): Statuses => ({
  ...STRUCTURE_READERS,
  admin: ok,
  orgAdmin: ok,
  user: 403,
});

/**
 * An organization's settings (closing its account, its sign-in rules): its org_admin and admin get
 * `ok`; its user and its advisor read it but may not (403); others do not see it (404).
 */
export const settingsManagers = (ok: number): Statuses => ({
  admin: ok,
  orgAdmin: ok,
  user: 403,
  advisorAssigned: 403,
  advisorUnassigned: 404,
  otherOrgAdmin: 404,
  anonymous: 401,
});

/** One's own things (My work, one's timer and timesheet): every signed-in actor gets `ok`. */
export const everyoneSignedIn = (ok: number): Statuses => ({
  admin: ok,
  orgAdmin: ok,
  user: ok,
  advisorAssigned: ok,
  advisorUnassigned: ok,
  otherOrgAdmin: ok,
  anonymous: 401,
});

/** A platform decision (creating and deleting organizations, moving people between them): admin only. */
export const adminOnly = (ok: number): Statuses => ({
  admin: ok,
  orgAdmin: 403,
  user: 403,
  advisorAssigned: 403,
  advisorUnassigned: 403,
  otherOrgAdmin: 403,
  anonymous: 401,
});

/** What a cell gets from the file's fixture (helpers/fixture.ts): at least the app, its factories and its cast. */
export interface MatrixContext {
  t: TestApp;
  make: Factories;
  cast: Cast;
}
/** The `test` of `apiTest()`, extended or not: its tests get the app, the factories, the cast and their context. */
type MatrixTest = (
  name: string,
  test: (context: MatrixContext & { task: { context: object } }) => Promise<void>,
) => void;
/** The context a fixture's tests receive, with the fixtures the file added. */
type ContextOf<T> = T extends TestAPI<infer C> ? C & MatrixContext : MatrixContext;
/** Declares a cell: a test that runs `cell` with the context. */
type CellDeclarer<C> = (name: string, cell: (context: C) => Promise<void>) => void;

export interface MatrixRoute<R, C = MatrixContext> {
  /** The method and path, e.g. 'PUT /api/teams/:id': it names the cells. */
  route: string;
  /** The request; `actor` for bodies that name something of the caller's own (a picture it uploaded). */
  request(record: R, cast: Cast, actor: MatrixActor, context: C): InjectOptions | Promise<InjectOptions>;
  statuses: Statuses;
}

interface MatrixOptions<R, C> {
  /**
   * The record a cell acts on: a fresh one for each cell that may change it, so an allowed change
   * never meets the next cell. The cells that cannot change it share one per route: every cell of
   * a GET route, and the refusals, which must leave it as it was (`unchanged` checks that).
   */
  arrange(cast: Cast, context: C): Promise<R>;
  routes: MatrixRoute<R, C>[];
  /** The `error` a refusal with this status carries (its UI_TEXT message), checked when given. */
  errors?: Partial<Record<403 | 404, string>>;
  /** Runs after every refusal: asserts that the record did not change. */
  unchanged?(record: R, cast: Cast, context: C): Promise<void>;
  /**
   * Each allowed change also gets a cast of its own: for changes that reach the cast's people
   * (closing their organization signs them out), which the next cells would otherwise meet.
   */
  castPerChange?: boolean;
}

/**
 * The cells are tests of the file's fixture (`apiTest`): they ask for its `t`, `make` and `cast`, and hand
 * `arrange`, `request` and `unchanged` the whole test context. A cell asks for no other fixture by
 * name, so a file fixture these read must be `auto: true` to be on its context (made before the
 * file's first test, as a beforeAll would).
 */
interface FixtureMatrixOptions<R, T> extends MatrixOptions<R, ContextOf<T>> {
  test: T;
}
/** Without the fixture: the app in a getter, and the cast given or made by the matrix. */
interface AppMatrixOptions<R> extends MatrixOptions<R, MatrixContext> {
  app(): TestApp;
  /** The cast to use; by default the matrix makes its own. */
  cast?(): Cast;
}

export type AuthzMatrixOptions<R, T = MatrixTest> = FixtureMatrixOptions<R, T> | AppMatrixOptions<R>;

/**
 * Route × actor → expected status, one test per cell, in a describe block of its own:
 * `authzMatrix('who may do what', { test, arrange, routes })` with the `test` of `apiTest()`,
 * or `{ app: () => t, … }` in a file without the fixture.
 */
export function authzMatrix<R, T extends MatrixTest = MatrixTest>(
  title: string,
  options: FixtureMatrixOptions<R, T>,
): void;
export function authzMatrix<R>(title: string, options: AppMatrixOptions<R>): void;
export function authzMatrix<R, T extends MatrixTest>(title: string, options: AuthzMatrixOptions<R, T>) {
  describe(title, () => {
    const declare: CellDeclarer<ContextOf<T>> =
      'test' in options
        ? (name, cell) =>
            options.test(name, ({ t, make, cast, task }) => cell({ ...(task.context as ContextOf<T>), t, make, cast }))
        : appCells(options);
    for (const { route, request, statuses } of options.routes) {
      let shared: Promise<R> | undefined;
      const arrange = (people: Cast, context: ContextOf<T>, changes: boolean) => {
        if (changes) return options.arrange(people, context);
        shared ??= options.arrange(people, context);
        return shared;
      };
      for (const actor of MATRIX_ACTORS) {
        const status = statuses[actor];
        const changes = status < 400 && !route.startsWith('GET ');
        declare(`${route} as ${actor}: ${status}`, async (context) => {
          const { t } = context;
          const people = changes && options.castPerChange ? await createCast(t) : context.cast;
          const record = await arrange(people, context, changes);
          const token = actor === 'anonymous' ? undefined : people[actor].token;
          const response = await t.request({
            ...(await request(record, people, actor, context)),
            ...(token && { token }),
          });
          expect(response.statusCode, response.body).toBe(status);
          const error = options.errors?.[status as 403 | 404];
          if (error) expect(response.json().error).toBe(error);
          if (status >= 400) await options.unchanged?.(record, people, context);
        });
      }
    }
  });
}

/** Cells as plain tests, for a file without the fixture: its app, and its cast or one made here. */
function appCells<R, C>(options: AppMatrixOptions<R>): CellDeclarer<C> {
  let ownCast: Cast | undefined;
  beforeAll(async () => {
    if (!options.cast) ownCast = await createCast(options.app());
  });
  return (name, cell) =>
    it(name, () => {
      const t = options.app();
      return cell({ t, make: factories(t.database.db), cast: options.cast?.() ?? ownCast! } as C);
    });
}

/** Projects and objectives: the organization's members with canManageProjects, admin; advisors 403. */
export const WORK_READERS: Statuses = {
  ...STRUCTURE_READERS,
  advisorAssigned: 403,
  advisorUnassigned: 403,
};

/** A project or objective created by someone else is changed by the organization's org_admin and admin. */
export const workChangers = (ok: number): Statuses => ({ ...WORK_READERS, admin: ok, orgAdmin: ok, user: 403 });
