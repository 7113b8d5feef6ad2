import { invoiceEndpoints as endpoints, invoiceTitle, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cpuTask } from '../../lib/cpu-pool.js';
import { csvStream } from '../../lib/csv.js';
import { sendDownload } from '../../lib/download.js';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import type { invoicePdf } from './invoice-pdf.js';
import {
  INVOICE_CSV_COLUMNS,
  invoiceCsvRows,
  presentInvoice,
  presentInvoiceSummary,
  presentInvoicingSettings,
  presentRate,
} from './presenter.js';
import { createInvoice, deleteInvoice, getInvoice, issueInvoice, listInvoices } from './service.js';
import { deleteRate, getInvoicingSettings, listRates, saveInvoicingSettings, setRate } from './terms.js';

/** An invoice is drawn on the CPU pool: 2,000 lines cost seconds of CPU. */
const drawInvoice = cpuTask<typeof invoicePdf>(import.meta.url, './invoice-pdf.js', 'invoicePdf');

/** Invoicing terms, rates and invoices; who may do what in policy.ts, the queries in service.ts and terms.ts. */
export async function invoiceRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.settings, async (request) => {
    const actor = requireUser(request);
    return ok(presentInvoicingSettings(actor, await getInvoicingSettings(app.db, actor, request.params.id)));
  });

  addRoute(app, endpoints.saveSettings, async (request) => {
    const actor = requireUser(request);
    return ok(
      presentInvoicingSettings(actor, await saveInvoicingSettings(app.db, actor, request.params.id, request.body)),
    );
  });

  addRoute(app, endpoints.rates, async (request) => {
    const actor = requireUser(request);
    const { terms, rows } = await listRates(app.db, actor, request.params.id);
    return ok(rows.map((row) => presentRate(actor, terms, row)));
  });

  addRoute(app, endpoints.setRate, async (request, reply) => {
    const actor = requireUser(request);
    const { terms, row } = await setRate(app.db, actor, request.params.id, request.body);
    reply.code(201);
    return ok(presentRate(actor, terms, row));
  });

  addRoute(app, endpoints.deleteRate, async (request) => {
    await deleteRate(app.db, requireUser(request), request.params.id, request.params.rateId);
    return okMessage(UI_TEXT.rateDeleted);
  });

  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    return okPage(await listInvoices(app.db, actor, request.query), (row) => presentInvoiceSummary(actor, row));
  });

  addRoute(app, endpoints.create, async (request, reply) => {
    const actor = requireUser(request);
    reply.code(201);
    return ok(presentInvoice(actor, await createInvoice(app.db, actor, request.body)));
  });

  addRoute(app, endpoints.get, async (request) => {
    const actor = requireUser(request);
    return ok(presentInvoice(actor, await getInvoice(app.db, actor, request.params.id)));
  });

  addRoute(app, endpoints.issue, async (request) => {
    const actor = requireUser(request);
    const today = new Date(app.clock()).toISOString().slice(0, 10);
    return ok(presentInvoice(actor, await issueInvoice(app.db, actor, request.params.id, today)));
  });

  addRoute(app, endpoints.remove, async (request) => {
    await deleteInvoice(app.db, requireUser(request), request.params.id);
    return okMessage(UI_TEXT.invoiceDeleted);
  });

  // The invoice's files are exports: each holds a place among the person's and the process's running exports.
  addRoute(app, endpoints.pdf, async (request, reply) => {
    const actor = requireUser(request);
    const place = await app.exportPlaces.take(actor.id);
    try {
      const detail = await getInvoice(app.db, actor, request.params.id);
      const pdf = await app.cpuPool.run(drawInvoice, detail);
      return sendDownload(reply as FastifyReply, 'pdf', `${fileName(detail.invoice)}.pdf`, pdf);
    } finally {
      place.release();
    }
  });

  addRoute(app, endpoints.csv, async (request, reply) => {
    const actor = requireUser(request);
    const place = await app.exportPlaces.take(actor.id);
    let detail: Awaited<ReturnType<typeof getInvoice>>;
    try {
      detail = await getInvoice(app.db, actor, request.params.id);
    } catch (error) {
      place.release();
      throw error;
    }
    async function* rows() {
      yield invoiceCsvRows(detail);
    }
    const stream = csvStream(INVOICE_CSV_COLUMNS, rows());
    stream.once('close', () => place.release());
    return sendDownload(reply as FastifyReply, 'csv', `${fileName(detail.invoice)}.csv`, stream);
  });
}

/** "invoice-inv-0007-2026-10" or "invoice-draft-2026-10". */
const fileName = (invoice: { number: number | null; month: string }) =>
  `invoice-${invoiceTitle(invoice).toLowerCase()}-${invoice.month}`;
