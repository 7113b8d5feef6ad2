import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id that follows a request through the logs: the answer's `X-Request-Id` header, the
 * `reqId` of every line the request writes, and of every line the jobs it queued write later.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A caller's id is kept when it is one a log can hold as it is (a balancer's, a client's). */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `X-Request-Id` when well formed, else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED_REQUEST_ID.test(header) ? header : randomUUID();
}

interface RequestContext {
  requestId: string;
  /** A job's run: its log lines take the request id from here (a request's logger has it already). */
  inJob: boolean;
  /** An advisor's API token: the organizations it may reach (plugins/auth.ts sets it; jobs never carry it). */
  tokenBinding?: TokenBinding;
}

/** An advisor's token reaches only the organizations named when it was made (decision 0276). */
export interface TokenBinding {
  advisorId: string;
  organizationIds: readonly string[];
}

const context = new AsyncLocalStorage<RequestContext>();

/** Runs the rest of a request (or a job) with its request id at hand. */
export function runWithRequestId<T>(requestId: string, inJob: boolean, work: () => T): T {
  return context.run({ requestId, inJob }, work);
}

/** The request id of the request or job this code runs for, if any. */
export const currentRequestId = (): string | undefined => context.getStore()?.requestId;

/**
 * Binds the rest of this request to an advisor token's organizations: every assignment check of
 * that advisor (lib/tenancy.ts activeAssignment) then also requires one of them.
 */
export function bindRequestToToken(binding: TokenBinding): void {
  const store = context.getStore();
  // Without a request's context there is nothing to bind, and nothing may run unbound: refuse.
  if (!store) throw new Error('An API token request runs outside its request context');
  store.tokenBinding = binding;
}

/** The token binding of the request this code runs for, if any. */
export const currentTokenBinding = (): TokenBinding | undefined => context.getStore()?.tokenBinding;

/** pino's mixin: a job's lines carry the id of the request that queued it. */
export function jobLogFields(): { reqId?: string } {
  const store = context.getStore();
  return store?.inJob ? { reqId: store.requestId } : {};
}
