import {
  apiTokenEndpoints,
  TOKEN_RESOURCES,
  type TokenResource,
  type TokenScope,
  type TokenScopes,
  UI_TEXT,
  WRITE_LIMITS_PER_MINUTE,
} from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { factories, type Member } from './helpers/factories.js';
import { type Operation, operationTargets, type Target } from './helpers/openapi-targets.js';

/*
 * A token's scopes over every route, read from the OpenAPI document (decision 0276): each operation
 * a token may call names its scopes in `security`; a token lacking them gets 403 naming the first,
 * one with it gets what a session of an identical person gets (the same role in the same
 * organization: safe inputs, unknown ids and empty bodies, so the point is the scope gate, not the
 * route's work); an operation no token may call answers TOKEN_NOT_ALLOWED to a token with every scope.
 */
type Security = { bearerAuth?: string[]; apiToken?: string[] }[];
interface DocumentedOperation extends Operation {
  security?: Security;
}

const ALL_WRITE = Object.fromEntries(TOKEN_RESOURCES.map((resource) => [resource, 'write'])) as TokenScopes;
const resourceOf = (scope: string) => scope.split(':')[0] as TokenResource;

let t: TestApp;
let targets: (Target & { scopes: TokenScope[] | null })[];
/** Identical org_admins of one organization: one signs in, one's tokens have the scope, one's lack it. */
let session: Member;
let scoped: Member;
let lacking: Member;
const tokens = new Map<string, Promise<string>>();

/** A token of `owner` with these scopes (made once per set). */
function tokenWith(owner: Member, scopes: TokenScopes): Promise<string> {
  const key = `${owner.id} ${JSON.stringify(scopes)}`;
  let made = tokens.get(key);
  if (!made) {
    made = t
      .call(apiTokenEndpoints.createMine, {
        body: { name: key.slice(0, 100), scopes },
        as: { token: owner.token },
      })
      .then((created) => created.data.secret);
    tokens.set(key, made);
  }
  return made;
}

beforeAll(async () => {
  // Every write counts against its owner's per-minute budget: lifted here, where one person calls every route.
  const budgets = Object.fromEntries(
    Object.keys(WRITE_LIMITS_PER_MINUTE).map((group) => [
      `RATE_LIMIT_${group.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`,
      '100000',
    ]),
  );
  t = await createTestApp({ demoData: false, settings: { ...budgets, LOG_LEVEL: 'error' } });
  const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, DocumentedOperation>>;
  };
  const security = new Map(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation.security]),
    ),
  );
  targets = operationTargets(document)
    .map((target) => {
      const requirement = security.get(`${target.method} ${target.template}`) ?? [];
      const token = requirement.find((one) => one.apiToken)?.apiToken;
      return { ...target, requirement, scopes: (token ?? null) as TokenScope[] | null };
    })
    // Public operations (security: []) take no token at all.
    .filter((target) => target.requirement.length > 0);
  const make = factories(t.database.db);
  const organization = await make.organization();
  [session, scoped, lacking] = await Promise.all([
    make.member(organization.id, { role: 'org_admin' }),
    make.member(organization.id, { role: 'org_admin' }),
    make.member(organization.id, { role: 'org_admin' }),
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** The operation called with `bearer`: unknown ids in the path, an empty JSON body where it takes one. */
const call = (target: Target, bearer: string) =>
  t.request({
    method: target.method as 'GET',
    url: target.url,
    token: bearer,
    ...(target.body && { payload: {} }),
  });

describe("a token's scopes over every operation of the OpenAPI document", () => {
  it('names a scope (or none for a route no token may call) on every operation that needs a sign-in', () => {
    expect(targets.length).toBeGreaterThan(150);
    const withScopes = targets.filter((target) => target.scopes);
    expect(withScopes.length).toBeGreaterThan(100);
    for (const target of withScopes) {
      for (const scope of target.scopes!) expect(scope).toMatch(/^[a-z_]+:(read|write)$/);
    }
  });

  it('refuses a token without the scope with 403 naming it, and reads or writes with it as a session does', {
    timeout: 600_000,
  }, async () => {
    const mismatches: string[] = [];
    let checked = 0;
    let succeeded = 0;
    for (const target of targets) {
      const name = `${target.method} ${target.template}`;
      if (!target.scopes) {
        const response = await call(target, await tokenWith(lacking, ALL_WRITE));
        if (response.statusCode !== 403 || response.json().code !== 'TOKEN_NOT_ALLOWED') {
          mismatches.push(
            `${name}: a token with every scope got ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
        continue;
      }
      const [first] = target.scopes as [TokenScope, ...TokenScope[]];
      // Lacking every scope it names (a file's routes take any one of several).
      const without = { ...ALL_WRITE };
      for (const scope of target.scopes) delete without[resourceOf(scope)];
      const refusals = [await call(target, await tokenWith(lacking, without))];
      // A write scope is not met by the same resource's read.
      if (first.endsWith(':write')) {
        refusals.push(await call(target, await tokenWith(lacking, { ...without, [resourceOf(first)]: 'read' })));
      }
      for (const refused of refusals) {
        const body = refused.json();
        if (
          refused.statusCode !== 403 ||
          body.code !== 'INSUFFICIENT_SCOPE' ||
          body.scope !== first ||
          body.error !== UI_TEXT.insufficientScope
        ) {
          mismatches.push(`${name}: without ${first} got ${refused.statusCode} ${refused.body.slice(0, 120)}`);
        }
      }
      const [resource, level] = first.split(':') as [TokenResource, 'read' | 'write'];
      const withScope = await call(target, await tokenWith(scoped, { [resource]: level }));
      const signedIn = await call(target, session.token);
      if (withScope.statusCode !== signedIn.statusCode) {
        mismatches.push(
          `${name}: with ${first} got ${withScope.statusCode} ${withScope.body.slice(0, 120)}, a session ${signedIn.statusCode}`,
        );
      }
      checked += 1;
      if (withScope.statusCode < 300) succeeded += 1;
    }
    console.info(
      `api-token scopes: ${checked} operations with a scope (${succeeded} answered a success), ${targets.length - checked} without`,
    );
    expect(mismatches).toEqual([]);
    // Not only refusals compared: the reads with nothing to name answer their lists.
    expect(succeeded).toBeGreaterThan(20);
  });
});
