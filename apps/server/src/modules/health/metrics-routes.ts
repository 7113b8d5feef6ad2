import { createHash, timingSafeEqual } from 'node:crypto';
import { healthEndpoints as endpoints } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Gauge } from 'prom-client';
import { instrumentsOf } from '../../db/client.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';

/** Whether the Authorization header carries the token (compared in constant time, whatever its length). */
function carriesToken(header: string | undefined, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

/** Jobs waiting, to be retried and running, by queue: pg-boss's own table, read at each scrape. */
async function queueDepths(app: FastifyInstance) {
  const { rows } = (await app.db.execute(sql`select name as queue, state::text, count(*)::int as jobs
    from pgboss.job where state in ('created', 'retry', 'active') group by name, state`)) as unknown as {
    rows: { queue: string; state: string; jobs: number }[];
  };
  return rows;
}

/** What is measured only at a scrape: the pool, the queues, the sockets of this process. */
function registerGauges(app: FastifyInstance) {
  const { metrics } = app;
  const database = instrumentsOf(app.db);
  if (database) database.onStatement = (seconds) => metrics.querySeconds.observe(seconds);
  const pool = database?.pool;
  if (pool) {
    new Gauge({
      name: 'smart_db_pool_connections',
      help: "The database pool's connections: open, idle, and requests waiting for one",
      labelNames: ['state'] as const,
      registers: [metrics.registry],
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }
  new Gauge({
    name: 'smart_job_queue_depth',
    help: 'Background jobs by queue and state (created: waiting, retry: failed and waiting, active: running)',
    labelNames: ['queue', 'state'] as const,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      for (const { queue, state, jobs } of await queueDepths(app)) this.set({ queue, state }, jobs);
    },
  });
  new Gauge({
    name: 'smart_socket_connections',
    help: 'Realtime connections open on this process',
    registers: [metrics.registry],
    collect() {
      this.set(app.io.engine.clientsCount);
    },
  });
}

/** `GET /api/metrics`: on with METRICS_TOKEN, for a scraper that sends it as a bearer token. */
export async function metricsRoutes(app: FastifyInstance) {
  const token = app.config.metricsToken;
  if (token) {
    app.metrics.collectProcessMetrics();
    registerGauges(app);
  }
  addRoute(app, endpoints.metrics, async (request, reply) => {
    if (!token) throw notFound();
    if (!carriesToken(request.headers.authorization, token)) throw unauthorized();
    // Text, not the JSON envelope (the endpoint documents its errors).
    return (reply as FastifyReply)
      .header('Content-Type', app.metrics.registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await app.metrics.registry.metrics());
  });
}
