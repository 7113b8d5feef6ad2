import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { domainEvent, WEBHOOK_EVENT_TYPES, WEBHOOK_LIMITS } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../src/db/client.js';
import { publish } from '../src/events/stream.js';
import { ms, percentile } from './measure.js';

/**
 * Webhooks (`BENCH_ONLY=webhooks`):
 * - the delivery log's list (GET /api/webhooks/{id}/deliveries: the statements `paginateByIds`
 *   runs for it, newest first by (endpoint_id, created_at, id), unfiltered, failed only, one event
 *   type) timed with 1k rows in the table and again with 1M (BENCH_WEBHOOK_DELIVERIES) over 200
 *   endpoints, one of them busy (100k): the measured endpoint's list must stay flat;
 * - the fan-out's throughput: BENCH_WEBHOOK_EVENTS events (1,000) to 10 endpoints, each endpoint's
 *   deliveries at most WEBHOOK_LIMITS.concurrencyPerEndpoint at a time, signed and posted through
 *   postOutbound to a receiver in another process, each attempt recorded in the database.
 */
const LOG_ROWS = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 1_000_000);
const SMALL_ROWS = 1_000;
const BUSY_ROWS = Math.min(100_000, Math.floor(LOG_ROWS / 10));
const ENDPOINTS = 200;
const FAN_OUT_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1_000);
const FAN_OUT_ENDPOINTS = 10;
const ROUNDS = Number(process.env.BENCH_REQUESTS ?? 200);
const PAGE = 25;
const INSERT_CHUNK = 100_000;

/** Goals: the log's list flat (as the lists' "scale" goal: at most twice, or 15 ms more); the issue's fan-out rate. */
const GOALS = { fanOutPerSecond: 200 };
const flatLimit = (small: number) => Math.max(2 * small, small + 15);

const one = async <T>(database: DatabaseHandle, text: string, params: unknown[] = []) =>
  (await database.query(text, params)).rows[0] as T;

/** Endpoints of the organization, made at once; their ids in order. */
async function makeEndpoints(database: DatabaseHandle, organizationId: string, count: number, label: string) {
  const { rows } = await database.query(
    `insert into webhook_endpoints (organization_id, url, description, event_types, secret, secret_prefix)
     select $1, 'http://127.0.0.1/hook/' || g, $2 || ' ' || g, $3::text[], 'bench', 'whsec_bench'
     from generate_series(1, $4::int) g returning id`,
    [organizationId, label, WEBHOOK_EVENT_TYPES, count],
  );
  return rows.map((row) => row.id as string);
}

/**
 * `count` deliveries spread over `endpointIds` (round robin), over the last 30 days, of ten event
 * types; one in 50 failed, one in 97 still pending, the rest succeeded. Set-based, in chunks.
 */
async function loadDeliveries(database: DatabaseHandle, organizationId: string, endpointIds: string[], count: number) {
  const tag = randomBytes(4).toString('hex');
  for (let from = 1; from <= count; from += INSERT_CHUNK) {
    const to = Math.min(count, from + INSERT_CHUNK - 1);
    await database.query(
      `insert into webhook_deliveries (endpoint_id, organization_id, event_id, message_id, event_type, record_key, body,
         status, attempts, last_status, created_at, finished_at)
       select ($2::uuid[])[1 + g % $3::int], $1, md5($4 || g)::uuid, 'msg_' || $4 || '_' || g,
         ($5::text[])[1 + g % 10], 'ticket:' || (g % 5000),
         '{"type":"ticket.created","timestamp":"2026-12-03T06:00:00Z","data":{"ticketId":"' || g || '"}}',
         case when g % 50 = 0 then 'failed' when g % 97 = 0 then 'pending' else 'succeeded' end,
         1, case when g % 50 = 0 then 500 else 200 end,
         now() - (g % 43200) * interval '1 minute', now() - (g % 43200) * interval '1 minute'
       from generate_series($6::int, $7::int) g`,
      [organizationId, endpointIds, endpointIds.length, tag, WEBHOOK_EVENT_TYPES, from, to],
    );
  }
  // As autovacuum leaves a table in use: statistics, and the visibility map (index-only counts).
  await database.query('vacuum analyze webhook_deliveries');
}

/** The statements of one list request (paginateByIds, page 1): the page's ids joined to their rows, and the total. */
function listStatements(filter: '' | 'status' | 'eventType') {
  const where = `endpoint_id = $1${filter === 'status' ? ' and status = $2' : filter === 'eventType' ? ' and event_type = $2' : ''}`;
  return {
    page: `select d.* from webhook_deliveries d inner join (select id from webhook_deliveries where ${where}
      order by created_at desc, id desc limit ${PAGE}) page on page.id = d.id order by d.created_at desc, d.id desc`,
    count: `select count(*)::int as total from webhook_deliveries where ${where}`,
  };
}

const LIST_SHAPES = [
  { name: 'all, newest first', filter: '' as const, value: [] as string[] },
  { name: 'failed', filter: 'status' as const, value: ['failed'] },
  { name: 'one event type', filter: 'eventType' as const, value: [WEBHOOK_EVENT_TYPES[3] ?? 'ticket.created'] },
];

/** Median and p99 of one list request's statements for the endpoint. */
async function timeList(database: DatabaseHandle, endpointId: string, shape: (typeof LIST_SHAPES)[number]) {
  const { page, count } = listStatements(shape.filter);
  const params = [endpointId, ...shape.value];
  const run = async () => {
    await database.query(page, params);
    await database.query(count, params);
  };
  for (let round = 0; round < 20; round += 1) await run();
  const durations: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await run();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { median: percentile(durations, 0.5), p99: percentile(durations, 0.99) };
}

async function measureDeliveryLog(database: DatabaseHandle, organizationId: string): Promise<number> {
  console.log(`\nWebhook delivery log: ${SMALL_ROWS} rows, then ${LOG_ROWS} over ${ENDPOINTS} endpoints…`);
  const [measured, busy, ...others] = await makeEndpoints(database, organizationId, ENDPOINTS, 'Bench log');
  if (!measured || !busy) throw new Error('no endpoints');
  await loadDeliveries(database, organizationId, [measured], SMALL_ROWS);
  const small = new Map<string, { median: number; p99: number }>();
  for (const shape of LIST_SHAPES) small.set(shape.name, await timeList(database, measured, shape));

  const started = performance.now();
  await loadDeliveries(database, organizationId, [busy], BUSY_ROWS);
  await loadDeliveries(database, organizationId, others, LOG_ROWS - SMALL_ROWS - BUSY_ROWS);
  const total = await one<{ total: number }>(database, 'select count(*)::int as total from webhook_deliveries');
  console.log(`  loaded to ${total.total} rows in ${ms(performance.now() - started)}`);

  let failures = 0;
  console.log(
    `\n| list (page 1 of ${PAGE} and its total) | ${SMALL_ROWS} rows: median | p99 | ${LOG_ROWS} rows: median | p99 | goal | | busy endpoint (${BUSY_ROWS} of them): median | p99 |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const shape of LIST_SHAPES) {
    const before = small.get(shape.name) ?? { median: 0, p99: 0 };
    const after = await timeList(database, measured, shape);
    const busyTiming = await timeList(database, busy, shape);
    const limit = flatLimit(before.median);
    const ok = after.median <= limit;
    if (!ok) failures += 1;
    console.log(
      `| ${shape.name} | ${ms(before.median)} | ${ms(before.p99)} | ${ms(after.median)} | ${ms(after.p99)} | ≤ ${ms(limit)} | ${ok ? 'ok' : 'MISSED'} | ${ms(busyTiming.median)} | ${ms(busyTiming.p99)} |`,
    );
  }
  console.log(`\nPlans at ${LOG_ROWS} rows (the busy endpoint):`);
  for (const shape of LIST_SHAPES) {
    const { page, count } = listStatements(shape.filter);
    for (const statement of [page, count]) {
      const plan = await database.query(`explain (analyze, buffers) ${statement}`, [busy, ...shape.value]);
      console.log(
        `\n${shape.name}: ${statement.replace(/\s+/g, ' ')}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`,
      );
    }
  }
  return failures;
}

/** A receiver in a process of its own (the sender's event loop is what is measured): answers 204, counts. */
async function startReceiver(): Promise<{ url: string; process: ChildProcess; received: () => Promise<number> }> {
  const script = `
    const http = require('node:http');
    let received = 0;
    const server = http.createServer((request, response) => {
      if (request.url === '/count') return response.end(String(received));
      request.resume();
      request.on('end', () => { received += 1; response.writeHead(204).end(); });
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout ?? child, 'data')) as [Buffer];
  const url = `http://127.0.0.1:${chunk.toString().trim()}`;
  return {
    url,
    process: child,
    received: async () => Number(await (await fetch(`${url}/count`)).text()),
  };
}

/**
 * The real path, end to end: FAN_OUT_EVENTS `ticket.created` domain events published in one
 * transaction to FAN_OUT_ENDPOINTS endpoints registered through the API, the stream's `webhooks`
 * consumer writing each event's deliveries, and the delivery queue's workers sending them, signed,
 * each attempt recorded. Timed from the commit to the last delivery marked succeeded.
 */
async function measureFanOut(app: FastifyInstance, database: DatabaseHandle, base: string, admin: BenchAdmin) {
  const receiver = await startReceiver();
  try {
    const endpointIds: string[] = [];
    for (let index = 0; index < FAN_OUT_ENDPOINTS; index++) {
      const response = await fetch(`${base}/api/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${receiver.url}/hook/${index}`, eventTypes: ['ticket.created'] }),
      });
      if (response.status !== 201) throw new Error(`POST /api/webhooks answered ${response.status}`);
      endpointIds.push(((await response.json()) as { data: { endpoint: { id: string } } }).data.endpoint.id);
    }
    const total = FAN_OUT_EVENTS * FAN_OUT_ENDPOINTS;
    console.log(
      `\nWebhook fan-out: ${FAN_OUT_EVENTS} events × ${FAN_OUT_ENDPOINTS} endpoints = ${total} deliveries through the delivery queue (${WEBHOOK_LIMITS.concurrencyPerEndpoint} at a time per endpoint) to a local receiver…`,
    );
    const events = Array.from({ length: FAN_OUT_EVENTS }, (_, index) =>
      domainEvent('ticket.created', admin.organizationId, admin.id, {
        ticketId: randomUUID(),
        title: `Bench ticket ${index + 1}`,
        priority: 'medium',
        status: 'open',
        category: 'general',
        creatorId: admin.id,
        assigneeId: null,
      }),
    );
    const started = performance.now();
    await app.db.transaction((tx) => publish(app.db, tx, events));
    const progress = () =>
      one<{ written: number; succeeded: number }>(
        database,
        `select count(*)::int as written, (count(*) filter (where status = 'succeeded'))::int as succeeded
         from webhook_deliveries where endpoint_id = any($1::uuid[])`,
        [endpointIds],
      );
    const deadline = Date.now() + 300_000;
    let done = 0;
    let allWrittenAfter: number | null = null;
    while (done < total && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const { written, succeeded } = await progress();
      if (allWrittenAfter === null && written === total) allWrittenAfter = (performance.now() - started) / 1000;
      done = succeeded;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`  every delivery written (the stream's consumer) after ${allWrittenAfter?.toFixed(1) ?? '–'} s`);
    const received = await receiver.received();
    const rate = done / seconds;
    const ok = rate >= GOALS.fanOutPerSecond && done === total && received === total;
    console.log(
      `  ${done} of ${total} delivered (receiver counted ${received}) in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} deliveries/s (goal ≥ ${GOALS.fanOutPerSecond}) ${ok ? 'ok' : 'MISSED'}`,
    );
    return ok ? 0 : 1;
  } finally {
    receiver.process.kill();
  }
}

/** The organization admin the fan-out registers its endpoints as (the bench's signed-in org_admin). */
export interface BenchAdmin {
  id: string;
  organizationId: string;
  token: string;
}

/** Both webhook measurements; the number of goals missed. */
export async function measureWebhooks(
  app: FastifyInstance,
  database: DatabaseHandle,
  base: string,
  admin: BenchAdmin,
): Promise<number> {
  return (await measureFanOut(app, database, base, admin)) + (await measureDeliveryLog(database, admin.organizationId));
}
