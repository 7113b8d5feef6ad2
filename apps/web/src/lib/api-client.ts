import {
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  type ErrorCode,
  type HttpMethod,
  LIVE_CONNECTION_HEADER,
  type Pagination,
  pathOf,
  queryStringOf,
  UI_TEXT,
} from '@smart/contracts';
import { clearCredentials, readToken } from './credentials';

/**
 * THE one HTTP client of the web app. Same-origin relative URLs ('/api/...'), bearer token from
 * local storage, the `{ success, data }` / `{ success: false, error, code }` envelope unwrapped,
 * failures thrown as ApiError. A 401 on an authenticated call ends the session: credentials are
 * cleared and SESSION_ENDED_EVENT is dispatched for the auth provider. A 403 does not: the user is
 * still signed in, only refused this one thing, and the caller shows the server's message (a 403
 * that asks for a second factor first also dispatches SECOND_FACTOR_REQUIRED_EVENT). Only the
 * session the request was sent with is ended: a late 401 to a request made with a token that has
 * since been replaced (sign-out and sign-in meanwhile) leaves the newer session alone. No toasts here.
 */

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const SESSION_ENDED_EVENT = 'smart:session-ended';
/** A call was held back because the user's organization requires a second factor it has not set up. */
export const SECOND_FACTOR_REQUIRED_EVENT = 'smart:second-factor-required';
const SECOND_FACTOR_REQUIRED_CODE = 'TWO_FACTOR_SETUP_REQUIRED' satisfies ErrorCode;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The fields a 400 is about (the body's paths), each with its message: a form shows them under the field. */
  readonly details: readonly FieldRefusal[];

  constructor(status: number, message: string, code?: string, details: readonly FieldRefusal[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** True when the server was never reached (offline, DNS, CORS, aborted connection). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions {
  /** Message when the call fails without a text of its own: an error answer without one, or no answer. */
  failMessage?: string;
  /** Overrides failMessage when the server cannot be reached (a few calls have their own text). */
  networkErrorMessage?: string;
  /** Refuse before sending when no token is stored. */
  requireToken?: boolean;
  signal?: AbortSignal;
}

/** One page of a paged list: its rows and the envelope's `pagination` (page, limit, total, pages). */
export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

interface ErrorEnvelope {
  error?: unknown;
  message?: unknown;
  code?: unknown;
  details?: unknown;
}

/** One field a refusal is about: its path in the body ('minutes') and its message. */
export interface FieldRefusal {
  path: string;
  message: string;
}

const isFieldRefusal = (value: unknown): value is FieldRefusal =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldRefusal).path === 'string' &&
  typeof (value as FieldRefusal).message === 'string';

/** This tab's live connection (its socket id) while it is connected; see setLiveConnection. */
let liveConnection: string | null = null;

/**
 * Names this tab's live connection on every request from now on (null: none), so the server sends
 * a change's live event to everyone but this tab, which already has the answer.
 */
export function setLiveConnection(socketId: string | null): void {
  liveConnection = socketId;
}

/** The headers every request sends: JSON wanted, the session's token, this tab's live connection. */
function requestHeaders(token: string | null): Record<string, string> {
  return {
    Accept: 'application/json',
    ...(token && { Authorization: `Bearer ${token}` }),
    ...(liveConnection && { [LIVE_CONNECTION_HEADER]: liveConnection }),
  };
}

function endSession(): void {
  clearCredentials();
  window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    // Non-JSON bodies (a proxy's HTML error page) carry nothing we can show.
    return null;
  }
}

function errorFrom(status: number, body: unknown, fallback: string): ApiError {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as ErrorEnvelope;
  const text =
    typeof envelope.error === 'string' && envelope.error
      ? envelope.error
      : typeof envelope.message === 'string' && envelope.message
        ? envelope.message
        : fallback;
  const details = Array.isArray(envelope.details) ? envelope.details.filter(isFieldRefusal) : [];
  return new ApiError(status, text, typeof envelope.code === 'string' ? envelope.code : undefined, details);
}

/** One request sent with the session's token: the response, and the token it was sent with. */
async function send(
  method: HttpMethod,
  path: string,
  body: BodyInit | undefined,
  json: boolean,
  options: RequestOptions,
) {
  const token = readToken();
  if (options.requireToken && !token) throw new ApiError(401, UI_TEXT.noToken, 'UNAUTHORIZED');

  const headers = new Headers(requestHeaders(token));
  // Multipart bodies must not get a JSON content type: the browser sets the boundary itself.
  if (json) headers.set('Content-Type', 'application/json');

  try {
    return { response: await fetch(path, { method, headers, body, signal: options.signal ?? null }), token };
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(
      0,
      options.networkErrorMessage ?? options.failMessage ?? UI_TEXT.internalError,
      NETWORK_ERROR_CODE,
    );
  }
}

/** One request: the whole JSON body of a success, or an ApiError thrown. */
async function request(
  method: HttpMethod,
  path: string,
  body: BodyInit | undefined,
  json: boolean,
  options: RequestOptions,
) {
  const { response, token } = await send(method, path, body, json, options);
  return settle(response.status, parseJson(await response.text()), token, options);
}

/** An answer's body, or the ApiError it means (401 ending the session it was sent with). */
function settle(status: number, payload: unknown, token: string | null, options: RequestOptions) {
  if (status < 200 || status > 299 || (payload as { success?: unknown } | null)?.success === false) {
    // Compare with the token stored NOW: the request may have been sent with one since replaced.
    if (status === 401 && token && readToken() === token) endSession();
    const error = errorFrom(status, payload, options.failMessage ?? UI_TEXT.internalError);
    if (error.code === SECOND_FACTOR_REQUIRED_CODE) window.dispatchEvent(new Event(SECOND_FACTOR_REQUIRED_EVENT));
    throw error;
  }
  return payload;
}

/** The envelope's `data` (the whole body when it has none). */
function dataOf<T>(payload: unknown) {
  const data = (payload as { data?: unknown } | null)?.data;
  return (data === undefined ? payload : data) as T;
}

/** A multipart body with one file in the field `file` (an upload, an attachment). */
export function fileForm(file: File) {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/**
 * A multipart body sent with its progress reported (0 to 1) as the bytes leave: fetch cannot report
 * an upload's progress, XMLHttpRequest can. The answer's body, or the ApiError it means, as request() reads them.
 */
function sendWithProgress(
  method: HttpMethod,
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  options: RequestOptions,
) {
  return new Promise<unknown>((resolve, reject) => {
    const token = readToken();
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    for (const [name, value] of Object.entries(requestHeaders(token))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        resolve(settle(xhr.status, parseJson(xhr.responseText), token, options));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, options.failMessage ?? UI_TEXT.internalError, NETWORK_ERROR_CODE));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** A call's input: its params, query and JSON body, or a multipart form where the endpoint takes one. */
export type ApiInput<E extends Endpoint> = EndpointInput<E> &
  (E['consumes'] extends readonly string[] ? { form?: FormData } : { form?: never });

type ApiArguments<E extends Endpoint> =
  object extends ApiInput<E>
    ? [input?: ApiInput<E>, options?: RequestOptions]
    : [input: ApiInput<E>, options?: RequestOptions];

/** The URL of a call: the endpoint's path with its params, and the query string. */
export function urlOf<E extends Endpoint>(definition: E, input: ApiInput<E> = {} as ApiInput<E>): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return `${pathOf(definition, params)}${queryStringOf(query)}`;
}

/**
 * Calls an endpoint defined in contracts: `api(taskEndpoints.update, { params: { id }, body })`.
 * Answers the envelope's `data` (a paged list: its rows and pagination), typed from the endpoint.
 * Only the definition's method and path are read: the web build keeps nothing else of it
 * (build-plugins/endpoint-routes.ts).
 */
export async function api<const E extends Endpoint>(
  definition: E,
  ...[input, options = {}]: ApiArguments<E>
): Promise<EndpointAnswer<E>> {
  const { body, form } = (input ?? {}) as { body?: unknown; form?: FormData };
  const payload = form ?? (body === undefined ? undefined : JSON.stringify(body));
  const answer = await request(
    definition.method,
    urlOf(definition, input),
    payload,
    form === undefined && body !== undefined,
    options,
  );
  return answerOf<E>(answer);
}

/**
 * Sends a multipart form to an endpoint that takes one, its progress reported (0 to 1) as the bytes
 * leave: `apiUpload(attachmentEndpoints('tasks').add, { params: { id }, form: fileForm(file) }, setSent)`.
 * Answers and failures are read as api() reads them.
 */
export async function apiUpload<const E extends Endpoint & { consumes: readonly string[] }>(
  definition: E,
  input: ApiInput<E> & { form: FormData },
  onProgress: (fraction: number) => void,
  options: RequestOptions = {},
): Promise<EndpointAnswer<E>> {
  const answer = await sendWithProgress(definition.method, urlOf(definition, input), input.form, onProgress, options);
  return answerOf<E>(answer);
}

/** A success body as a call answers it: a paged list's rows and pagination, else the envelope's `data`. */
function answerOf<E extends Endpoint>(answer: unknown) {
  const paged = answer as { data?: unknown; pagination?: unknown } | null;
  if (paged?.pagination !== undefined) return { data: paged.data, pagination: paged.pagination } as EndpointAnswer<E>;
  return dataOf<EndpointAnswer<E>>(answer);
}

/** The file name a Content-Disposition header gives (`attachment; filename="tickets-2026-03-10.csv"`). */
export function fileNameOf(disposition: string | null): string | undefined {
  return disposition?.match(/filename="([^"]+)"/)?.[1];
}

/**
 * Downloads the file a GET call answers (a CSV export; `url` as urlOf makes it) and saves it under
 * the name the server gives it (else `fallbackName`). Sent with the session's token like every
 * call, never with the token in the address (addresses end up in logs and the browser's history),
 * so the browser cannot follow a plain link: the file is read whole, then saved. Failures are
 * ApiErrors, as api() throws them.
 */
export async function apiDownload(url: string, fallbackName: string, options: RequestOptions = {}): Promise<void> {
  const { response, token } = await send('GET', url, undefined, false, options);
  if (!response.ok) {
    settle(response.status, parseJson(await response.text()), token, options);
    return;
  }
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  link.click();
  // Freed once the browser has surely taken the file (FileSaver.js waits as long).
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
