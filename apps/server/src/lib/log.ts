import { schedulingEndpoints } from '@smart/contracts';
import type { FastifyRequest } from 'fastify';
import { jobLogFields } from './request-context.js';

/**
 * What the server logs, and what it never logs: passwords, hashes, tokens, query-string values,
 * query parameters or row values. A database error is logged by its SQLSTATE, constraint, table
 * and the SQL text (its values are bind parameters, never part of the text), not by its message,
 * detail or parameters, which quote the values (a failing row can hold a password hash).
 */

/** Request bodies are not logged; these paths are redacted should a body ever reach a log line. */
const redactedPaths = [
  'req.headers.authorization',
  'req.body.password',
  'req.body.currentPassword',
  'req.body.newPassword',
  'req.body.token',
];

interface DatabaseFailure {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  severity?: unknown;
}

/** The SQLSTATE-bearing error in a chain (pg and PGlite raise them; drizzle wraps them), if any. */
function databaseFailure(error: unknown): DatabaseFailure | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as DatabaseFailure;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The stack's frames only: its head repeats the message, which for a failed query lists the parameters. */
const stackFrames = (error: Error) =>
  error.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).slice(0, 200), stack: '' };
  const failure = databaseFailure(error);
  const query = (error as { query?: unknown }).query;
  if (failure || typeof query === 'string') {
    return {
      type: error.constructor.name,
      message: 'database query failed',
      sqlState: failure?.code,
      constraint: failure?.constraint,
      table: failure?.table,
      column: failure?.column,
      routine: failure?.routine,
      query: typeof query === 'string' ? query.slice(0, 2000) : undefined,
      stack: stackFrames(error) ?? '',
    };
  }
  return {
    type: error.constructor.name,
    message: error.message,
    code: (error as { code?: unknown }).code,
    statusCode: (error as { statusCode?: unknown }).statusCode,
    stack: error.stack ?? '',
  };
}

/**
 * A calendar feed's path holds its secret token (`/api/calendar/{token}.ics`: calendar apps send no
 * session). A request the feed route matched is logged by the route's own path; any other is
 * redacted on its percent-decoded path (the router decodes `/api/%63alendar/…` to the feed too):
 * whatever follows `/api/calendar/`, but the feed-token route's own name, is logged as `:file`.
 */
const CALENDAR_FEED_ROUTE = schedulingEndpoints.calendarFeed.path;
const CALENDAR_FEED_PATH = /^(\/+api\/+calendar\/+)(?!feed-token\/*$).+/i;

/** Each %XX as its byte's character: never throws, whatever junk follows a `%`. */
const percentDecoded = (path: string) =>
  path.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function loggedPath(request: FastifyRequest): string {
  if (request.routeOptions?.url === CALENDAR_FEED_ROUTE) return CALENDAR_FEED_ROUTE;
  const path = request.url.split('?')[0] ?? '';
  const decoded = percentDecoded(path);
  return CALENDAR_FEED_PATH.test(decoded) ? decoded.replace(CALENDAR_FEED_PATH, '$1:file') : path;
}

/** A request as logged: its method and path, never its query string (it may carry a token or an e-mail) or a feed's token. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: loggedPath(request), remoteAddress: request.ip };
}

/** The pino options of the server. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: redactedPaths,
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    mixin: jobLogFields,
  };
}
