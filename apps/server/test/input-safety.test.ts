import { MESSAGES } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import {
  bodyWith,
  HUGE,
  isString,
  leaves,
  operationTargets,
  type Target,
  bodyTargets as withBodies,
} from './helpers/openapi-targets.js';

/**
 * Every request body and query listed in the OpenAPI document, attacked field by field: huge
 * strings, NUL characters and values of the wrong kind. None may take the server down, stall it
 * or answer 500. The routes are read from the document, so a new route is covered the day it lands.
 */
// How fast a huge value is refused is measured by `npm run bench` (bench/bounds.ts), not here.
let t: TestApp;
let targets: Target[];
let sent = 0;

beforeAll(async () => {
  t = await createTestApp();
  targets = operationTargets((await t.request({ method: 'GET', url: '/api/docs/json' })).json());
});
afterAll(async () => {
  console.info(`input-safety: ${sent} bad inputs sent to ${targets?.length} operations`);
  await t?.close();
});

async function send(target: Target, options: { payload?: unknown; query?: Record<string, string> }) {
  sent += 1;
  return t.request({
    method: target.method as 'GET',
    url: target.url,
    as: 'acmeMember',
    ...(options.query && { query: options.query }),
    ...(options.payload !== undefined && {
      payload: JSON.stringify(options.payload),
      headers: { 'content-type': 'application/json' },
    }),
  });
}

const bodyTargets = () => withBodies(targets);

describe('the OpenAPI document', () => {
  it('lists the request bodies and queries to attack', () => {
    expect(bodyTargets().length).toBeGreaterThanOrEqual(15);
    expect(targets.some((target) => target.query.includes('page'))).toBe(true);
  });

  it('gives every string field of every request body a maximum length', () => {
    const unbounded = bodyTargets().flatMap((target) =>
      leaves(target.body!)
        .filter(({ schema }) => isString(schema) && schema.maxLength === undefined && !schema.enum)
        .map(({ path }) => `${target.method} ${target.url} ${path.join('.')}`),
    );
    expect(unbounded).toEqual([]);
  });
});

describe('a 100,000-character value in any string field', () => {
  it('is refused with a 4xx, and the server stays healthy', async () => {
    let fields = 0;
    for (const target of bodyTargets()) {
      for (const { path, schema } of leaves(target.body!)) {
        if (!isString(schema)) continue;
        fields += 1;
        const response = await send(target, { payload: bodyWith(path, HUGE) });
        const where = `${target.method} ${target.url} ${path.join('.')}`;
        expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, where).toBeLessThan(500);
      }
    }
    expect(fields).toBeGreaterThanOrEqual(40);
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/departments', as: 'acmeOwner' })).statusCode).toBe(200);
  });
});

describe('a NUL character', () => {
  it('in any body field, at any depth, is a 400 that says so', async () => {
    for (const target of bodyTargets()) {
      for (const { path } of leaves(target.body!)) {
        const response = await send(target, { payload: bodyWith(path, 'a\u0000b') });
        expect(response.statusCode, `${target.method} ${target.url} ${path.join('.')}`).toBe(400);
        expect(response.json().error).toBe(MESSAGES.nulCharacter);
      }
      const response = await send(target, { payload: { 'key\u0000': 'value' } });
      expect(response.statusCode, `${target.method} ${target.url} key`).toBe(400);
    }
  });

  it('in any query parameter is a 400', async () => {
    for (const target of targets) {
      for (const name of target.query) {
        const response = await send(target, { query: { [name]: 'a\u0000b' } });
        expect(response.statusCode, `${target.method} ${target.url}?${name}`).toBe(400);
        expect(response.json().error).toBe(MESSAGES.nulCharacter);
      }
    }
  });

  it('in the sign-in e-mail is a 400, not a database error', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'owner@acme.example.com\u0000', password: 'demo-password' },
    });
    expect(response.statusCode).toBe(400);
  });
});

const JUNK: unknown[] = [
  null,
  0,
  -1,
  1e308,
  true,
  '',
  ' ',
  '\ud800',
  '\u202e\u0007',
  "'; drop table users; --",
  '😀'.repeat(5000),
  [],
  ['a'],
  {},
  { $gt: '' },
  HUGE,
];

describe('junk of every kind in every field', () => {
  // Thousands of requests in a row: on a loaded two-core machine this takes longer than the default 30 s.
  it('never answers 500', async () => {
    const failures: string[] = [];
    for (const target of bodyTargets()) {
      const cases: unknown[] = [
        ...JUNK,
        ...leaves(target.body!).flatMap(({ path }) => JUNK.map((value) => bodyWith(path, value))),
      ];
      for (const payload of cases) {
        const response = await send(target, { payload });
        if (response.statusCode >= 500) {
          failures.push(`${target.method} ${target.url} ${JSON.stringify(payload).slice(0, 80)}`);
        }
      }
    }
    for (const target of targets) {
      for (const name of target.query) {
        for (const value of ['-1', '0', '1e9', 'abc', '', HUGE.slice(0, 5000), '%', '[]']) {
          const response = await send(target, { query: { [name]: value } });
          if (response.statusCode >= 500) failures.push(`${target.method} ${target.url}?${name}=${value.slice(0, 20)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 120_000);
});
