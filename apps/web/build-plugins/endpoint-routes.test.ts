import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contracts from '@smart/contracts';
import { type ESTree, parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { endpointRoutes } from './endpoint-routes';

const ENDPOINTS_DIR = fileURLToPath(new URL('../../../packages/contracts/src/endpoints/', import.meta.url));

async function endpointModules() {
  const names = (await readdir(ENDPOINTS_DIR)).filter((name) => name.endsWith('.ts'));
  return Promise.all(
    names.map(async (name) => {
      const id = path.join(ENDPOINTS_DIR, name);
      return { id, source: await readFile(id, 'utf8') };
    }),
  );
}

/** Each `endpoint({ … })` call's field names, in the module as the web app gets it. */
function endpointFields(code: string, id: string): string[][] {
  const calls: string[][] = [];
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const call = node as ESTree.CallExpression;
    if (call.type === 'CallExpression' && call.callee.type === 'Identifier' && call.callee.name === 'endpoint') {
      const [definition] = call.arguments;
      if (definition?.type === 'ObjectExpression') {
        calls.push(
          definition.properties.map((property) =>
            property.type === 'Property' && property.key.type === 'Identifier' ? property.key.name : '…',
          ),
        );
      }
    }
    for (const value of Object.values(node)) (Array.isArray(value) ? value : [value]).forEach(visit);
  };
  visit(parseSync(id, code).program);
  return calls;
}

/** Every endpoint the contracts export with a fixed path, as the server registers it. */
const fixedEndpoints = (Object.values(contracts) as unknown[])
  .flatMap((group) => (typeof group === 'object' && group !== null ? Object.values(group) : []))
  .filter(
    (entry): entry is contracts.Endpoint =>
      typeof entry === 'object' && entry !== null && 'responses' in entry && typeof entry.path === 'string',
  );

describe('endpointRoutes (the endpoint modules as the web app runs them)', () => {
  it('keeps each definition its method and path only, and imports neither zod nor a schema', async () => {
    const modules = await endpointModules();
    expect(modules.length).toBeGreaterThan(10);
    for (const { id, source } of modules) {
      const routes = endpointRoutes(source, id);
      const before = endpointFields(source, id);
      const after = endpointFields(routes, id);
      expect(after, id).toHaveLength(before.length);
      for (const fields of after) expect(fields, id).toEqual(['method', 'path']);
      expect(routes, id).not.toMatch(/from '(zod|\.\.\/schemas\/[\w-]+\.js)'/);
    }
  });

  it('keeps every path and method the server registers', async () => {
    const routes = (await endpointModules()).map(({ id, source }) => endpointRoutes(source, id)).join('\n');
    expect(fixedEndpoints.length).toBeGreaterThan(100);
    for (const { method, path: endpointPath } of fixedEndpoints) {
      expect(routes).toContain(`method: '${method}', path: '${endpointPath}'`);
    }
  });

  it('keeps what the module still uses: a path helper, the endpoint function, a template path', () => {
    const source = `
import { z } from 'zod';
import { endpoint, pathOf } from '../endpoint.js';
import { envelope, idParams } from '../schemas/common.js';
import { userSchema } from '../schemas/users.js';
const tags = ['Files'];
const userEnvelope = envelope(userSchema);
export const things = {
  get: endpoint({ method: 'GET', path: '/api/things/:id', tags, params: idParams, responses: { 200: userEnvelope } }),
};
export const thingPathOf = (id: string) => pathOf(things.get, { id });
export function recordEndpoints<const Kind extends string>(kind: Kind) {
  return { list: endpoint({ path: \`/api/\${kind}/:id/things\`, method: 'GET', query: z.object({}), responses: {} }) };
}`;

    const routes = endpointRoutes(source, '/contracts/src/endpoints/things.ts');

    expect(routes).toContain("import { endpoint, pathOf } from '../endpoint.js';");
    expect(routes).toContain("get: endpoint({ method: 'GET', path: '/api/things/:id' })");
    expect(routes).toContain(`list: endpoint({ method: 'GET', path: \`/api/\${kind}/:id/things\` })`);
    expect(routes).toContain('pathOf(things.get, { id })');
    for (const gone of ['zod', 'schemas/', 'tags', 'userEnvelope']) expect(routes).not.toContain(gone);
  });

  it('stops the build at a definition it cannot read: a spread could hide the method or path', () => {
    const source = "export const things = { get: endpoint({ ...base, path: '/api/things' }) };";
    expect(() => endpointRoutes(source, '/contracts/src/endpoints/things.ts')).toThrow(/spell out endpoint\(\) fields/);
  });
});
