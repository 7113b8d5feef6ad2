import { type Endpoint, type ExportKind, exportEndpoints as endpoints, exportFileName } from '@smart/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { recordRepeatableAudit } from '../../lib/audit.js';
import { csvStream } from '../../lib/csv.js';
import { addRoute, type EndpointHandler } from '../../lib/route.js';
import type { Actor } from '../../lib/tenancy.js';
import { requireUser } from '../../plugins/auth.js';
import { cellsOf, columnsOf } from './presenter.js';
import {
  auditLogLines,
  describeFilters,
  type ExportLines,
  exportedOrganizations,
  memberLines,
  projectLines,
  reachesSeveral,
  taskLines,
  ticketLines,
  timeEntryLines,
} from './service.js';

interface Export<K extends ExportKind> {
  kind: K;
  actor: Actor;
  /** The organization the query names (its audit log records the export). */
  organizationId: string | undefined;
  lines: ExportLines<K>;
}

/**
 * GET /api/exports/{kind}.csv: the list's filters checked and the caller's rows chosen
 * by the list's own rules (service.ts), then a place among the running exports (lib/export-places.ts:
 * 429 when the caller or the process has none left), the audit line, and the file streamed: each batch read when the client has
 * taken the one before, none after it hangs up.
 */
export async function exportRoutes(app: FastifyInstance) {
  const { batchRows } = app.config.exports;

  async function send<K extends ExportKind>(request: FastifyRequest, reply: FastifyReply, file: Export<K>) {
    const place = await app.exportPlaces.take(file.actor.id);
    const columns = columnsOf(file.kind, reachesSeveral(file.actor));
    let rows = 0;
    async function* cells() {
      for await (const lines of file.lines) {
        rows += lines.length;
        yield lines.map((line) => cellsOf(columns, line));
      }
    }
    try {
      const target = { type: 'export', id: null, label: `${file.kind}.csv` } as const;
      const to = await describeFilters(app.db, request.query as Record<string, unknown>);
      const organizationIds = await exportedOrganizations(app.db, file.actor, file.organizationId);
      await recordRepeatableAudit(
        app.db,
        file.actor.id,
        organizationIds.map((organizationId) => ({ organizationId, action: 'export.created', target, to })),
      );
    } catch (error) {
      place.release();
      throw error;
    }
    const stream = csvStream(columns, cells());
    // Ended, failed or abandoned by the client (Fastify destroys the stream): the place is free again.
    stream.once('close', () => {
      place.release();
      request.log.info({ export: file.kind, rows, complete: stream.readableEnded }, 'export');
    });
    const day = new Date(app.clock()).toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header(
        'Content-Disposition',
        `attachment; filename="${exportFileName(file.kind, day, request.query as object)}"`,
      )
      .header('Cache-Control', 'private, no-store')
      .send(stream);
  }

  /** A kind's route: its rows chosen by its list's rules (service.ts), then sent. */
  function exportRoute<const E extends Endpoint, K extends ExportKind>(
    definition: E,
    kind: K,
    linesOf: (db: Database, actor: Actor, query: z.output<E['query']>, batchRows: number) => Promise<ExportLines<K>>,
  ) {
    // The request is checked by the endpoint's own schema; addRoute's types cannot follow a generic endpoint.
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const actor = requireUser(request);
      const query = request.query as z.output<E['query']> & { organizationId?: string };
      const lines = await linesOf(app.db, actor, query, batchRows);
      return send(request, reply, { kind, actor, organizationId: query.organizationId, lines });
    };
    addRoute(app, definition, handler as unknown as EndpointHandler<E>);
  }

  exportRoute(endpoints.tickets, 'tickets', ticketLines);
  exportRoute(endpoints.tasks, 'tasks', taskLines);
  exportRoute(endpoints.projects, 'projects', projectLines);
  exportRoute(endpoints.members, 'members', memberLines);
  exportRoute(endpoints.timeEntries, 'time-entries', timeEntryLines);
  exportRoute(endpoints.auditLog, 'audit-log', auditLogLines);
}
