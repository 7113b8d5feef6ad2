import { ERROR_STATUS, type ErrorCode, type ErrorResponse, UI_TEXT } from '@smart/contracts';

/** A failure the client caused or may see: a code (mapped once to a status) and the user's message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** A refusal that ends by itself: the client may try again after this many seconds (the Retry-After header). */
  readonly retryAfterSeconds: number | undefined;
  /** The fields the refusal is about, as a body's validation names them: a form shows it under the field. */
  readonly details: ErrorResponse['details'];
  /** INSUFFICIENT_SCOPE: the scope the API token lacks (`tickets:write`). */
  readonly scope: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { retryAfterSeconds?: number; details?: ErrorResponse['details']; scope?: string } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
    this.scope = options.scope;
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
/** A 400 about one field of the body, named in `details` as a validation error names it. */
export const badField = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, { details: [{ path: field, message }] });
export const unauthorized = (message: string = UI_TEXT.authRequired) => new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string = UI_TEXT.forbidden) => new AppError('FORBIDDEN', message);
export const notFound = (message: string = UI_TEXT.notFound) => new AppError('NOT_FOUND', message);
/** A 409; with `field`, about that field of the body (`details`), e.g. an e-mail address already taken. */
export const conflict = (message: string, field?: string) =>
  new AppError('CONFLICT', message, field === undefined ? {} : { details: [{ path: field, message }] });
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, { retryAfterSeconds });

/** Whether a PostgreSQL error with this SQLSTATE is in the chain, whichever driver raised it. */
function hasSqlState(error: unknown, state: string): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, '23503');
/** An exclusion constraint refused the row (advisor_sessions_no_overlap: the advisor is taken then). */
export const isExclusionViolation = (error: unknown) => hasSqlState(error, '23P01');

/** Runs a write and answers the database's refusal that `refused` recognises with 409 and the given message. */
async function conflictWhen<T>(
  refused: (error: unknown) => boolean,
  write: Promise<T>,
  message: string,
  field?: string,
): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (refused(error)) throw conflict(message, field);
    throw error;
  }
}

/** Runs a write and answers a duplicate (unique violation) with 409 and the given message (about `field`, if given). */
export const conflictOnDuplicate = <T>(write: Promise<T>, message: string, field?: string) =>
  conflictWhen(isUniqueViolation, write, message, field);

/**
 * Runs a write and answers an exclusion constraint's refusal with 409 and the given message: the
 * database, inside the write's own statement, is what says a time is taken.
 */
export const conflictOnOverlap = <T>(write: Promise<T>, message: string) =>
  conflictWhen(isExclusionViolation, write, message);

/** Seconds a caller is asked to wait when the database or Redis is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Connection failures: the server is away, not the request wrong (PostgreSQL's classes 08 and 57P, the socket's codes). */
const UNREACHABLE_CODES = /^(08\d{3}|57P0[123]|53300|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND)$/;
/**
 * node-postgres's and ioredis's words for a lost connection, which carry no code; a Redis command
 * refused while the connection is down or timed out (plugins/redis.ts); a Redis replica not yet
 * promoted, or one loading its data after a restart.
 */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|Reached the max retries per request limit|Stream isn't writeable|Command timed out|READONLY |LOADING )/;

/**
 * Whether the database or Redis could not be reached for this error (anywhere in its chain): the
 * request gets 503 with Retry-After, not 500, and the pool reconnects by itself when it is back.
 */
export function isServiceUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNREACHABLE_CODES.test(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
