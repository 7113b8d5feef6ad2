import { ONE_LINE, UI_TEXT } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { factories } from './helpers/factories.js';
import { captureLog } from './helpers/log-capture.js';
import { createConversation } from './helpers/messenger.js';
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
 * strings, NUL characters, lone surrogates, bytes that are not UTF-8 and values of the wrong kind.
 * None may take the server down, stall it, answer 500 or write an error line. The routes are read
 * from the document, so a new route is covered the day it lands.
 */
// How fast a huge value is refused is measured by `npm run bench` (bench/bounds.ts), not here.
let t: TestApp;
let targets: Target[];
let sent = 0;
const log = captureLog();

beforeAll(async () => {
  // Error lines only: thousands of request lines would slow the run.
  t = await createTestApp({ logStream: log.stream, settings: { LOG_LEVEL: 'error' } });
  targets = operationTargets((await t.request({ method: 'GET', url: '/api/docs/json' })).json());
});
afterAll(async () => {
  console.info(`input-safety: ${sent} bad inputs sent to ${targets?.length} operations`);
  await t?.close();
});

async function send(target: Target, options: { payload?: unknown; query?: Record<string, string>; raw?: Buffer }) {
  sent += 1;
  const body = options.raw ?? (options.payload !== undefined ? JSON.stringify(options.payload) : undefined);
  return t.request({
    method: target.method as 'GET',
    url: target.url,
    as: 'acmeMember',
    ...(options.query && { query: options.query }),
    ...(body !== undefined && { payload: body, headers: { 'content-type': 'application/json' } }),
  });
}

/** A 400 with the message, naming the field as a validation error does (`details`). */
function expectRefusedField(
  response: { statusCode: number; json(): unknown },
  message: string,
  field: string,
  where: string,
) {
  expect(response.statusCode, where).toBe(400);
  expect(response.json(), where).toMatchObject({ error: message, details: [{ path: field, message }] });
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
  it('in any body field, at any depth, is a 400 that says so and names the field', async () => {
    for (const target of bodyTargets()) {
      for (const { path } of leaves(target.body!)) {
        const response = await send(target, { payload: bodyWith(path, 'a\u0000b') });
        expectRefusedField(
          response,
          UI_TEXT.nulCharacter,
          path.join('.'),
          `${target.method} ${target.url} ${path.join('.')}`,
        );
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
        expect(response.json().error).toBe(UI_TEXT.nulCharacter);
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

/** Lone UTF-16 surrogates: halves of a pair, alone, reversed, between words (JSON carries them as \uD800). */
const LONE_SURROGATES = ['\ud800', '\udfff', 'a \ud800 b', '\ude00\ud83d', 'ok 😀 then \udbff'];

/** Byte sequences that are not UTF-8: Node's decoding would turn each into U+FFFD silently. */
const NOT_UTF8: [string, number[]][] = [
  ['an over-long "/"', [0xc0, 0xaf]],
  ['an over-long NUL', [0xc0, 0x80]],
  ['a three-byte over-long "/"', [0xe0, 0x80, 0xaf]],
  ['an encoded surrogate', [0xed, 0xa0, 0x80]],
  ['a stray continuation byte', [0x80]],
  ['a sequence cut short', [0xe2, 0x82]],
  ['a byte UTF-8 never uses', [0xff]],
  ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
];

/** The JSON of `body` with `bytes` in place of the text MARK. */
function withBytes(body: unknown, bytes: number[]): Buffer {
  const [before, after] = JSON.stringify(body).split('MARK') as [string, string];
  return Buffer.concat([Buffer.from(`${before}a`), Buffer.from(bytes), Buffer.from(`b${after}`)]);
}

describe('text that is not Unicode', () => {
  it('a lone surrogate in any body field, at any depth, is a 400 naming the field', async () => {
    let fields = 0;
    for (const target of bodyTargets()) {
      for (const { path } of leaves(target.body!)) {
        const value = LONE_SURROGATES[fields++ % LONE_SURROGATES.length];
        const response = await send(target, { payload: bodyWith(path, value) });
        const where = `${target.method} ${target.url} ${path.join('.')} ${JSON.stringify(value)}`;
        expectRefusedField(response, UI_TEXT.invalidText, path.join('.'), where);
      }
      const response = await send(target, { payload: { 'key\ud800': 'value' } });
      expect(response.statusCode, `${target.method} ${target.url} key`).toBe(400);
      expect(response.json().error).toBe(UI_TEXT.invalidText);
    }
    expect(fields).toBeGreaterThan(LONE_SURROGATES.length);
  });

  it('bytes that are not UTF-8 in any body field, at any depth, are a 400 naming the field', async () => {
    let fields = 0;
    for (const target of bodyTargets()) {
      for (const { path } of leaves(target.body!)) {
        const [name, bytes] = NOT_UTF8[fields++ % NOT_UTF8.length] as [string, number[]];
        const response = await send(target, { raw: withBytes(bodyWith(path, 'MARK'), bytes) });
        expectRefusedField(
          response,
          UI_TEXT.invalidText,
          path.join('.'),
          `${target.method} ${target.url} ${path.join('.')} ${name}`,
        );
      }
    }
    expect(fields).toBeGreaterThan(NOT_UTF8.length);
  });

  it.for(NOT_UTF8)('%s in a key, or in a body that is not JSON either, is a 400 that says so', async ([, bytes]) => {
    const [target] = bodyTargets() as [Target];
    for (const raw of [withBytes({ MARK: 'value' }, bytes), withBytes('MARK', bytes).subarray(1)]) {
      const response = await send(target, { raw });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(UI_TEXT.invalidText);
    }
  });

  it('where it once gave a 500 (a message, a task or ticket comment, a new objective or task): a 400 naming the field', async () => {
    const make = factories(t.database.db);
    const organization = await make.organization();
    const [owner, colleague] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id),
    ]);
    const project = await make.project(organization.id, { by: owner });
    const objective = await make.objective(project.id, { by: owner });
    const task = await make.task(objective.id, { by: owner, assignedTo: colleague.id });
    const conversation = await createConversation(t, owner, [colleague.id]);
    const ticket = await t.request({
      token: owner.token,
      method: 'POST',
      url: '/api/tickets',
      payload: { title: 'Printer', description: 'Smokes' },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const text = 'a \ud800 b';
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['a message', '/api/messages', { conversationId: conversation.id, content: text }, 'content'],
      ['a task comment', `/api/tasks/${task.id}/comments`, { text }, 'text'],
      ['a ticket comment', `/api/tickets/${ticket.json().data.id}/comments`, { text }, 'text'],
      ['a new objective', `/api/objectives/projects/${project.id}`, { title: text }, 'title'],
      ['a new task', `/api/tasks/objectives/${objective.id}`, { title: 'Fine', description: text }, 'description'],
    ];
    for (const [what, url, payload, field] of cases) {
      const response = await t.request({ token: owner.token, method: 'POST', url, payload });
      expectRefusedField(response, UI_TEXT.invalidText, field, what);
    }
  });
});

/** Line breaks and other control characters a one-line field refuses (each once, and as a fake e-mail header). */
const NOT_ONE_LINE = [
  'Ada\r\nBcc: all@example.com',
  'Ada\nLovelace',
  'Ada\rX',
  'Ada\tLovelace',
  'Ada\u0085X',
  'Ada\u2028X',
  'Ada\u001bX',
];

/** The fields every one-line rule must hold: names, titles, topics, departments', teams', conversations', organizations'. */
const ONE_LINE_FIELDS = [
  'POST /api/users/register firstName',
  'POST /api/users/register lastName',
  'PUT /api/users/profile firstName',
  'POST /api/projects title',
  'POST /api/objectives/projects/{id} title',
  'POST /api/tasks/objectives/{id} title',
  'POST /api/tickets title',
  'POST /api/departments name',
  'POST /api/teams name',
  'POST /api/conversations title',
  'PUT /api/organizations/{id} name',
  'POST /api/sessions topic',
  'POST /api/organizations name',
];

describe('a line break or control character in a one-line field', () => {
  it('in every name, title, topic and other one-line field of every body is a 400 naming the field', async () => {
    const checked: string[] = [];
    for (const target of bodyTargets()) {
      for (const { path, schema } of leaves(target.body!)) {
        if (schema.pattern !== ONE_LINE.source) continue;
        const value = NOT_ONE_LINE[checked.length % NOT_ONE_LINE.length];
        const field = path.join('.');
        checked.push(`${target.method} ${target.template} ${field}`);
        const response = await send(target, { payload: bodyWith(path, value) });
        const where = `${target.method} ${target.url} ${field} ${JSON.stringify(value)}`;
        expect(response.statusCode, where).toBe(400);
        const details: { path: string; message: string }[] = response.json().details;
        // A field inside a union (templates' tags: a list or its JSON) is named by the union.
        const named = details.some(
          (detail) =>
            (detail.path === field && detail.message === UI_TEXT.singleLine) || field.startsWith(`${detail.path}.`),
        );
        expect(named, `${where}: ${JSON.stringify(details)}`).toBe(true);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(ONE_LINE_FIELDS));
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

describe('the log', () => {
  // Runs last: every bad input above was refused without an error line (a 500's "unhandled error").
  it('holds no error line after all of the above', () => {
    expect(log.text()).toBe('');
  });
});
