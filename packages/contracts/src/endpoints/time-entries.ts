import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams, messageEnvelope } from '../schemas/common.js';
import {
  createTimeEntryBody,
  runningTimerSchema,
  timeEntryListQuery,
  timeEntryPage,
  timeEntrySchema,
  timeRecordBody,
  timeSummaryQuery,
  timeSummarySchema,
  timesheetPdfQuery,
  timesheetQuery,
  timesheetSchema,
  updateTimeEntryBody,
} from '../schemas/time.js';
import { formatMinutes, MAX_MINUTES_PER_DAY, MAX_STATEMENT_ENTRIES } from '../time.js';

const tags = ['Time entries'];
const DAY_CAP = `A person's entries on one day add up to at most ${formatMinutes(MAX_MINUTES_PER_DAY)} (the entry's own person, whoever records it): past that, 400 saying what the day holds.`;

/** Time spent on tasks and tickets: entries by hand, and one start/stop timer per person. */
export const timeEntryEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/time-entries',
    operationId: 'createTimeEntry',
    tags,
    summary: 'Record time on a task or ticket the caller may change',
    description: DAY_CAP,
    body: createTimeEntryBody,
    responses: { 201: envelope(timeEntrySchema), 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/time-entries',
    operationId: 'listTimeEntries',
    tags,
    summary: "Time entries the caller may read, newest day first: a record's, a person's, an organization's",
    query: timeEntryListQuery,
    responses: { 200: timeEntryPage, 400: errorResponse, 404: errorResponse },
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/time-entries/summary',
    operationId: 'getTimeSummary',
    tags,
    summary:
      "The time on a task or ticket, or on an objective's or project's tasks (an advisor's: the tasks assigned to it), billable and in all",
    query: timeSummaryQuery,
    responses: { 200: envelope(timeSummarySchema), 400: errorResponse, 404: errorResponse },
  }),
  timesheet: endpoint({
    method: 'GET',
    path: '/api/time-entries/timesheet',
    operationId: 'getTimesheet',
    tags,
    summary: "The caller's time per organization, per week and month, billable and in all, between two days",
    query: timesheetQuery,
    responses: { 200: envelope(timesheetSchema), 400: errorResponse },
  }),
  timesheetCsv: endpoint({
    method: 'GET',
    path: '/api/time-entries/timesheet.csv',
    operationId: 'downloadTimesheetCsv',
    tags,
    budget: 'exports',
    summary:
      "The caller's entries between two days (of one organization when named) as CSV (text/csv): day, organization, record, hours, billable, note",
    description:
      'An export: it counts toward the exports the caller may have running at once (MAX_CONCURRENT_EXPORTS) and those of the server; beyond either, 429.',
    query: timesheetQuery,
    responses: { 400: errorResponse, 429: errorResponse },
  }),
  timesheetPdf: endpoint({
    method: 'GET',
    path: '/api/time-entries/timesheet.pdf',
    operationId: 'downloadTimesheetPdf',
    tags,
    budget: 'exports',
    summary:
      "The caller's statement for one organization between two days as a PDF (application/pdf): its entries and totals, billable and not",
    description: `The organization is one the caller has entries in during the period, or may act in (an empty statement); any other answers 404. At most ${MAX_STATEMENT_ENTRIES} entries (else 400). An export, drawn on the server's worker threads: beyond the caller's running exports (MAX_CONCURRENT_EXPORTS), the server's, or the threads' queue, 429.`,
    query: timesheetPdfQuery,
    responses: { 400: errorResponse, 404: errorResponse, 429: errorResponse },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/time-entries/:id',
    operationId: 'updateTimeEntry',
    tags,
    summary: `Change an entry: one's own for a limited time, an org_admin any of its organization's`,
    description: DAY_CAP,
    params: idParams,
    body: updateTimeEntryBody,
    responses: { 200: envelope(timeEntrySchema), 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/time-entries/:id',
    operationId: 'deleteTimeEntry',
    tags,
    summary: `Delete an entry: one's own for a limited time, an org_admin any of its organization's`,
    params: idParams,
    responses: { 200: messageEnvelope, 403: errorResponse, 404: errorResponse },
  }),
  timer: endpoint({
    method: 'GET',
    path: '/api/time-entries/timer',
    operationId: 'getRunningTimer',
    tags,
    summary: "The caller's running timer, or null",
    responses: { 200: envelope(runningTimerSchema) },
  }),
  startTimer: endpoint({
    method: 'POST',
    path: '/api/time-entries/timer/start',
    operationId: 'startTimer',
    tags,
    summary: "Start the caller's timer on a task or ticket it may change (one at a time: 409 while one runs)",
    body: timeRecordBody,
    responses: {
      201: envelope(runningTimerSchema),
      403: errorResponse,
      404: errorResponse,
      409: errorResponse,
    },
  }),
  stopTimer: endpoint({
    method: 'POST',
    path: '/api/time-entries/timer/stop',
    operationId: 'stopTimer',
    tags,
    summary:
      "Stop the running timer: its time becomes an entry (at least a minute, at most what is left of the person's day) on the day it started",
    description: `The day it started already holds ${formatMinutes(MAX_MINUTES_PER_DAY)}: 409, and the timer keeps running.`,
    responses: { 201: envelope(timeEntrySchema), 404: errorResponse, 409: errorResponse },
  }),
  discardTimer: endpoint({
    method: 'POST',
    path: '/api/time-entries/timer/discard',
    operationId: 'discardTimer',
    tags,
    summary: "Discard the caller's running timer (one started by mistake): no entry is made",
    responses: { 200: messageEnvelope, 404: errorResponse },
  }),
};
