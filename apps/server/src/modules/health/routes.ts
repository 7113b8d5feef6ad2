import { healthEndpoints as endpoints } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';

export async function healthRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.get, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });
}
