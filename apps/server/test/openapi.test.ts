/**
 * The OpenAPI document is something tools use (client generators, linters): it passes Redocly's
 * recommended rules, names every operation, and documents the error envelope the server really sends.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApiDocument } from '../scripts/openapi-lint.js';
import { createTestApp, type TestApp } from './helpers/app.js';

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, { content?: { 'application/json': { schema: { $ref?: string } } } }>;
}
interface JsonObjectSchema {
  properties: Record<string, { enum?: unknown[] }>;
  required: string[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonObjectSchema> };
}

let t: TestApp;
let operations: [string, Operation][];
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, Operation] => [`${method} ${path}`, operation]),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended lint with no error and no warning", { timeout: 120_000 }, async () => {
    const run = await lintOpenApiDocument(document, 'json');
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map(
      ({ ruleId, message, location }) => `${ruleId} ${location[0]?.pointer}: ${message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(run.exitCode).toBe(0);
  });

  it('names every operation once, with a camelCase verb a generated client can use', () => {
    const unnamed = operations.filter(([, operation]) => !operation.operationId).map(([name]) => name);
    expect(unnamed, 'operations without operationId').toEqual([]);
    const ids = operations.map(([, operation]) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+[A-Z][A-Za-z]*$/);
  });

  it('asks for the bearer token everywhere except the public routes, which say so with security: []', () => {
    const publicOperations = operations.filter(([, operation]) => operation.security?.length === 0);
    expect(publicOperations.map(([name]) => name).sort()).toEqual([
      'get /api/calendar/{file}',
      'get /api/files/signed/{key}',
      'get /api/files/{key}',
      'get /api/health',
      'get /api/health/live',
      'get /api/health/ready',
      'get /api/metrics',
      'get /api/notifications/unsubscribe',
      'get /api/organization-exports/{id}/archive',
      'post /api/notifications/unsubscribe',
      'post /api/users/login',
      'post /api/users/login/2fa',
      'post /api/users/password-reset/confirm',
      'post /api/users/password-reset/request',
    ]);
    // A session, or an API token with one of the operation's scopes; an operation no token reaches lists the session only.
    for (const [name, operation] of operations) {
      if (operation.security?.length === 0) continue;
      const [session, token, ...more] = operation.security ?? [];
      expect(session, name).toEqual({ bearerAuth: [] });
      expect(more, name).toEqual([]);
      if (token) expect((token as { apiToken: string[] }).apiToken.length, name).toBeGreaterThan(0);
      expect(operation.responses, name).toHaveProperty('401');
    }
    const tokenOperations = operations.filter(([, operation]) => operation.security?.length === 2);
    expect(tokenOperations.length).toBeGreaterThan(100);
    expect(document.paths['/api/tickets']?.post?.security).toEqual([
      { bearerAuth: [] },
      { apiToken: ['tickets:write'] },
    ]);
    expect(document.paths['/api/users/change-password']?.put?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('documents the error envelope the server really sends', async () => {
    const documentedError = (operation: string, status: number, response: LightMyRequestResponse) => {
      expect(response.statusCode, operation).toBe(status);
      const [method, path] = operation.split(' ') as [string, string];
      const reference = document.paths[path]?.[method]?.responses[status]?.content?.['application/json'].schema.$ref;
      const schema = document.components.schemas[reference?.replace('#/components/schemas/', '') ?? ''];
      expect(schema, `${operation} documents ${status}`).toBeDefined();
      const body = response.json();
      expect(Object.keys(schema!.properties)).toEqual(expect.arrayContaining(Object.keys(body)));
      expect(Object.keys(body)).toEqual(expect.arrayContaining(schema!.required));
      expect(schema!.properties.code?.enum).toContain(body.code);
    };
    documentedError('get /api/users/profile', 401, await t.request({ method: 'GET', url: '/api/users/profile' }));
    documentedError(
      'put /api/users/profile',
      400,
      await t.request({ method: 'PUT', url: '/api/users/profile', as: 'acmeMember', payload: { email: 'x' } }),
    );
    documentedError('get /api/users', 403, await t.request({ method: 'GET', url: '/api/users', as: 'acmeMember' }));
    documentedError(
      'get /api/teams/{id}',
      404,
      await t.request({ method: 'GET', url: `/api/teams/${randomUUID()}`, as: 'acmeMember' }),
    );
  });
});

/**
 * What a client relies on, per operation: its id, parameters (where, required) and response codes.
 * Committed before every endpoint was defined once in contracts, so that move changes none of it.
 */
describe('the operations', () => {
  it('keep their ids, parameters and response codes', async () => {
    type Parameter = { name: string; in: string; required?: boolean };
    type Described = Operation & {
      parameters?: Parameter[];
      requestBody?: { content: Record<string, unknown>; required?: boolean };
    };
    const summary = operations
      .map(([name, operation]) => {
        const described = operation as Described;
        return {
          operation: name,
          operationId: described.operationId,
          parameters: (described.parameters ?? [])
            .map((parameter) => `${parameter.in} ${parameter.name}${parameter.required ? '' : '?'}`)
            .sort(),
          body: described.requestBody ? Object.keys(described.requestBody.content).sort() : [],
          responses: Object.keys(described.responses).sort(),
        };
      })
      .sort((a, b) => a.operation.localeCompare(b.operation));
    // One line per operation, so a change reads as a one-line diff.
    const lines = summary.map((entry) => JSON.stringify(entry)).join(',\n');
    await expect(`[\n${lines}\n]\n`).toMatchFileSnapshot('./openapi-operations.snapshot.json');
  });
});
