import { ticketEndpoints } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from '../src/events/stream.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { captureLog } from './helpers/log-capture.js';

/*
 * A request id follows a request through the logs: the answer names it, every line the request
 * writes carries it, and so do the lines of the jobs it queued (here a domain-event consumer's).
 */
let t: TestApp;
const captured = captureLog();

beforeAll(async () => {
  t = await createTestApp({ logStream: captured.stream });
  await subscribe(t.app.db, {
    name: 'request-id-probe',
    types: ['ticket.created'],
    async handle(_tx, event) {
      t.app.log.info({ eventId: event.id }, 'probe heard a ticket');
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const logLines = () =>
  captured
    .text()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; eventId?: string });

describe('request ids', () => {
  it('are made for a request that brings none, and kept when a caller (a balancer) brings a well-formed one', async () => {
    const made = await t.request({ method: 'GET', url: '/api/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const kept = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a:0001' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a:0001');

    for (const junk of ['two words', 'x'.repeat(129), 'id\u0000with-nul', '<script>']) {
      const replaced = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': junk } });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("are on the request's log line and on the lines of the jobs it queued", async () => {
    const requestId = `raise-ticket-${Date.now()}`;
    const raised = await t.call(ticketEndpoints.create, {
      as: 'acmeMember',
      headers: { 'x-request-id': requestId },
      body: { title: 'Printer', description: 'It smokes.', priority: 'medium' },
    });
    expect(raised.headers['x-request-id']).toBe(requestId);

    await expect
      .poll(() => logLines().some((line) => line.msg === 'probe heard a ticket' && line.reqId === requestId), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(logLines().some((line) => line.msg === 'request' && line.reqId === requestId)).toBe(true);
  });
});
