import { healthEndpoints, passwordResetEndpoints, ticketEndpoints } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, createTestApp, type TestApp } from './helpers/app.js';

/** `GET /api/metrics`: Prometheus text for the bearer of METRICS_TOKEN, with no person or record in it. */
const METRICS_TOKEN = 'scraper-token-0123456789';

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await createTestApp({ settings: { METRICS_TOKEN }, writeLimits: { tickets: 1 } });
  off = await createTestApp({ demoData: false });
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

const scrape = async (authorization?: string) =>
  t.call(healthEndpoints.metrics, { headers: authorization ? { authorization } : {} });

/** A sample's value in the text format: `name{labels} value`. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics', () => {
  it('are off without METRICS_TOKEN, and refused without the token', async () => {
    expect((await off.call(healthEndpoints.metrics, {})).status).toBe(404);
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token')).status).toBe(401);
    expect((await scrape(`Basic ${METRICS_TOKEN}`)).status).toBe(401);
  });

  it('count requests by route pattern and status, deliveries by outcome and budget refusals, naming nobody', async () => {
    const raised = await t.call(ticketEndpoints.create, {
      as: 'acmeMember',
      body: { title: 'Printer', description: 'It smokes.', priority: 'medium' },
    });
    const ticketId = raised.data.id;
    expect((await t.call(ticketEndpoints.get, { as: 'acmeMember', params: { id: ticketId } })).status).toBe(200);
    // Over the member's ticket budget (one a minute here): refused with 429.
    const second = await t.call(ticketEndpoints.create, {
      as: 'acmeMember',
      body: { title: 'Again', description: 'Still smokes.', priority: 'low' },
    });
    expect(second.status).toBe(429);
    await t.call(passwordResetEndpoints.request, { body: { email: ACCOUNTS.acmeColleague } });

    const answer = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const text = answer.response.body;
    expect(sample(text, 'smart_http_requests_total', 'method="GET",route="/api/tickets/:id",status="200"')).toBe(1);
    expect(sample(text, 'smart_http_requests_total', 'method="POST",route="/api/tickets",status="201"')).toBe(1);
    expect(sample(text, 'smart_budget_refusals_total', 'surface="http"')).toBe(1);
    await expect
      .poll(async () =>
        sample(
          (await scrape(`Bearer ${METRICS_TOKEN}`)).response.body,
          'smart_deliveries_total',
          'channel="email",outcome="sent"',
        ),
      )
      .toBe(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(
      sample(
        text,
        'smart_http_request_duration_seconds_count',
        'method="GET",route="/api/tickets/:id",status_class="2xx"',
      ),
    ).toBe(1);
    expect(text).toMatch(/^smart_db_query_duration_seconds_count [1-9]\d*$/m);
    expect(text).toMatch(/^smart_socket_connections 0$/m);
    expect(text).toContain('# TYPE smart_job_queue_depth gauge');
    // Labels hold patterns, never the id, the e-mail or the title.
    expect(text).not.toContain(ticketId);
    expect(text).not.toContain(ACCOUNTS.acmeColleague);
    expect(text).not.toContain('Printer');
  });
});
