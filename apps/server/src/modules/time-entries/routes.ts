import { displayName, timeEntryEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cpuTask } from '../../lib/cpu-pool.js';
import { csvStream } from '../../lib/csv.js';
import { sendDownload } from '../../lib/download.js';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { announceTimer } from './live.js';
import {
  presentRunningTimer,
  presentTimeEntry,
  presentTimesheet,
  TIMESHEET_COLUMNS,
  timesheetLine,
} from './presenter.js';
import {
  createTimeEntry,
  deleteTimeEntry,
  discardTimer,
  listTimeEntries,
  readRunningTimer,
  readTimesheet,
  startTimer,
  stopTimer,
  summarizeTime,
  type TimeEntryRecord,
  timesheetEntryBatches,
  timesheetStatement,
  updateTimeEntry,
} from './service.js';
import type { statementPdf } from './statement-pdf.js';

/** A statement is drawn on the CPU pool: its pages cost seconds of CPU at 2,000 entries. */
const drawStatement = cpuTask<typeof statementPdf>(import.meta.url, './statement-pdf.js', 'statementPdf');

/** Time entries and the timer; who may do what in policy.ts, the queries in service.ts. */
export async function timeEntryRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    return okPage(await listTimeEntries(app.db, actor, request.query), (row) => presentTimeEntry(actor, row));
  });

  addRoute(app, endpoints.summary, async (request) =>
    ok(await summarizeTime(app.db, requireUser(request), request.query)),
  );

  addRoute(app, endpoints.timesheet, async (request) =>
    ok(presentTimesheet(await readTimesheet(app.db, requireUser(request), request.query))),
  );

  // The timesheet's files are exports: each holds a place among the person's and the process's
  // running exports (lib/export-places.ts; 429 beyond) while it is read and made.
  addRoute(app, endpoints.timesheetCsv, async (request, reply) => {
    const actor = requireUser(request);
    const place = await app.exportPlaces.take(actor.id);
    const batches = timesheetEntryBatches(app.db, actor, request.query, app.config.exports.batchRows);
    let first: TimeEntryRecord[];
    try {
      first = (await batches.next()).value ?? [];
    } catch (error) {
      place.release();
      throw error;
    }
    async function* lines() {
      yield first.map(timesheetLine);
      for await (const batch of batches) yield batch.map(timesheetLine);
    }
    const stream = csvStream(TIMESHEET_COLUMNS, lines());
    stream.once('close', () => place.release());
    const { from, to, organizationId } = request.query;
    // One organization's file is named after it (from its rows: an empty one says "organization"),
    // so it does not save over the file of all of them.
    const whose = organizationId ? `${fileNamePart(first[0]?.organizationName ?? '')}-` : '';
    return sendDownload(reply as FastifyReply, 'csv', `timesheet-${whose}${from}-to-${to}.csv`, stream);
  });

  addRoute(app, endpoints.timesheetPdf, async (request, reply) => {
    const actor = requireUser(request);
    const place = await app.exportPlaces.take(actor.id);
    try {
      const statement = await timesheetStatement(app.db, actor, request.query, app.config.exports.batchRows);
      const pdf = await app.cpuPool.run(drawStatement, { statement, personName: displayName(actor) });
      const { from, to } = request.query;
      const name = `statement-${fileNamePart(statement.organizationName)}-${from}-to-${to}.pdf`;
      return sendDownload(reply as FastifyReply, 'pdf', name, pdf);
    } finally {
      place.release();
    }
  });

  addRoute(app, endpoints.create, async (request, reply) => {
    const actor = requireUser(request);
    reply.code(201);
    return ok(presentTimeEntry(actor, await createTimeEntry(app.db, actor, request.body)));
  });

  addRoute(app, endpoints.update, async (request) => {
    const actor = requireUser(request);
    return ok(presentTimeEntry(actor, await updateTimeEntry(app.db, actor, request.params.id, request.body)));
  });

  addRoute(app, endpoints.remove, async (request) => {
    await deleteTimeEntry(app.db, requireUser(request), request.params.id);
    return okMessage(UI_TEXT.timeEntryDeleted);
  });

  addRoute(app, endpoints.timer, async (request) =>
    ok(presentRunningTimer(await readRunningTimer(app.db, requireUser(request)))),
  );

  addRoute(app, endpoints.startTimer, async (request, reply) => {
    const { recordType, recordId } = request.body;
    const actor = requireUser(request);
    const timer = await startTimer(app.db, actor, recordType, recordId);
    announceTimer(request, actor.id, 'started');
    reply.code(201);
    return ok(presentRunningTimer(timer));
  });

  addRoute(app, endpoints.stopTimer, async (request, reply) => {
    const actor = requireUser(request);
    const stopped = await stopTimer(app.db, actor);
    if ('discarded' in stopped) {
      announceTimer(request, actor.id, 'discarded');
      throw stopped.discarded;
    }
    announceTimer(request, actor.id, 'stopped');
    reply.code(201);
    return ok(presentTimeEntry(actor, stopped.entry));
  });

  addRoute(app, endpoints.discardTimer, async (request) => {
    const actor = requireUser(request);
    await discardTimer(app.db, actor);
    announceTimer(request, actor.id, 'discarded');
    return okMessage(UI_TEXT.timerDiscarded);
  });
}

/** An organization's name as a safe piece of a file name: "Acme Corp." -> "acme-corp". */
const fileNamePart = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'organization';
