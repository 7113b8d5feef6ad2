import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { refusedRange } from './outbound-address.js';

/*
 * Requests the server sends to addresses its users chose (webhook endpoints), decision 0279: https
 * only; the host resolved at send time and refused when any of its addresses is not public; the
 * connection made to the address that was checked (a second lookup could answer otherwise: DNS
 * rebinding); never following a redirect; bounded in time from the lookup to the answer's last
 * byte, and in what is read back.
 */

/** One address a host resolved to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name (A and AAAA), as the system resolver answers (hosts file included). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithSystem: ResolveHost = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

export interface OutboundRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The whole attempt, from the lookup to the answer's last byte. */
  timeoutMs: number;
  /** The answer's body read back at most (the rest is not read: the connection is closed). */
  maxResponseBytes: number;
  /** Development and tests: private addresses and plain http:// are allowed. */
  allowPrivateTargets: boolean;
  /** How host names are resolved (default: the system's resolver); the tests hand in their own. */
  resolve?: ResolveHost;
}

/** What came back, as far as it came: a redirect's or a slow answer's status and headers are kept for the log. */
interface AnswerSoFar {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
}

export type OutboundError = 'timeout' | 'network' | 'refused_address' | 'refused_scheme' | 'redirect';

export type OutboundResult =
  | {
      ok: true;
      status: number;
      headers: Record<string, string>;
      body: string;
      /** The body was longer than maxResponseBytes (and was cut there). */
      bodyTruncated: boolean;
      /** The address connected to. */
      address: string;
      durationMs: number;
    }
  | ({
      ok: false;
      /**
       * Why no answer counted: the deadline passed (`timeout`), the connection failed or the name did
       * not resolve (`network`), the URL's scheme or an address was refused (nothing was sent), or
       * the answer was a 3xx (`redirect`: not followed; its status and headers are kept).
       */
      error: OutboundError;
      detail: string;
      /** The address connected to, when it got that far. */
      address?: string;
      durationMs: number;
    } & AnswerSoFar);

class Refusal extends Error {
  constructor(
    readonly error: 'refused_address' | 'refused_scheme' | 'network',
    detail: string,
  ) {
    super(detail);
  }
}

/** The host's addresses, each checked: a literal stands for itself, a name is resolved. */
async function vettedAddresses(hostname: string, request: OutboundRequest): Promise<ResolvedAddress[]> {
  // The URL parser has already turned 2130706433, 0x7f.1 and 017700000001 into 127.0.0.1, and
  // keeps IPv6 in brackets.
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const family = isIP(literal);
  const addresses =
    family === 0
      ? await (request.resolve ?? resolveWithSystem)(literal)
      : [{ address: literal, family: family as 4 | 6 }];
  if (addresses.length === 0) throw new Refusal('network', `${hostname} has no address`);
  if (!request.allowPrivateTargets) {
    for (const { address } of addresses) {
      const range = refusedRange(address);
      if (range) {
        const kind = `${range === 'unspecified' ? 'an' : 'a'} ${range} address`;
        throw new Refusal(
          'refused_address',
          family === 0 ? `${hostname} resolves to ${address}, ${kind}` : `${address} is ${kind}`,
        );
      }
    }
  }
  return addresses;
}

/**
 * Hands the connection the checked addresses instead of resolving again. With `all` (Node's
 * happy-eyeballs connect) it gets every one to try in turn; otherwise the first.
 */
function lookupOf(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, addresses);
    } else {
      const [first] = addresses;
      callback(null, first?.address ?? '', first?.family ?? 4);
    }
  };
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  bodyTruncated: boolean;
  address: string;
}

/** Thrown when the deadline passes: what had come back by then. */
class TimedOut extends Error {
  constructor(
    readonly soFar: AnswerSoFar & { address?: string },
    timeoutMs: number,
  ) {
    super(`No complete answer within ${timeoutMs} ms`);
  }
}

function send(url: URL, addresses: ResolvedAddress[], request: OutboundRequest, signal: AbortSignal): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const soFar: AnswerSoFar & { address?: string } = {};
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      outcome();
    };
    const literal = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request({
      protocol: url.protocol,
      hostname: literal,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      ...(url.username && {
        auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`,
      }),
      lookup: lookupOf(addresses),
      // A connection of its own: none is kept to a host whose addresses may since have changed.
      agent: false,
    });
    const body = () => Buffer.concat(chunks).toString('utf8');
    const onAbort = () => {
      settle(() =>
        reject(new TimedOut({ ...soFar, ...(soFar.status !== undefined && { body: body() }) }, request.timeoutMs)),
      );
      outgoing.destroy();
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('socket', (socket) => {
      socket.once('connect', () => {
        soFar.address = socket.remoteAddress;
      });
    });
    outgoing.on('response', (response) => {
      soFar.status = response.statusCode ?? 0;
      soFar.headers = flatHeaders(response.headers);
      const answer = (bodyTruncated: boolean): Answer => ({
        status: soFar.status ?? 0,
        headers: soFar.headers ?? {},
        body: body(),
        bodyTruncated,
        address: soFar.address ?? response.socket.remoteAddress ?? '',
      });
      response.on('data', (chunk: Buffer) => {
        const room = request.maxResponseBytes - received;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        received += Math.min(chunk.length, room);
        if (chunk.length > room) {
          // The rest is not read: closing the connection stops a sender that would go on.
          settle(() => resolve(answer(true)));
          outgoing.destroy();
        }
      });
      response.on('end', () => settle(() => resolve(answer(false))));
      response.on('error', (error) => settle(() => reject(error)));
    });
    outgoing.on('error', (error) => settle(() => reject(error)));
    outgoing.end(request.body);
  });
}

/** POSTs a body to a URL and reads the start of the answer. Never throws. */
export async function postOutbound(request: OutboundRequest): Promise<OutboundResult> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), request.timeoutMs);
  try {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      throw new Refusal('refused_scheme', 'Not a URL');
    }
    const schemes = request.allowPrivateTargets ? ['https:', 'http:'] : ['https:'];
    if (!schemes.includes(url.protocol)) {
      throw new Refusal('refused_scheme', `${url.protocol.slice(0, -1)} URLs are refused: https only`);
    }
    // The lookup cannot be cancelled; the deadline stops the wait for it.
    const timedOut = new Promise<never>((_, reject) =>
      deadline.signal.addEventListener('abort', () => reject(new TimedOut({}, request.timeoutMs)), { once: true }),
    );
    timedOut.catch(() => undefined);
    const addresses = await Promise.race([vettedAddresses(url.hostname, request), timedOut]);
    const answer = await send(url, addresses, request, deadline.signal);
    if (answer.status >= 300 && answer.status < 400) {
      const location = answer.headers.location;
      return {
        ok: false,
        error: 'redirect',
        detail: `Answered ${answer.status}${location ? ` to ${location.slice(0, 500)}` : ''}: redirects are not followed`,
        status: answer.status,
        headers: answer.headers,
        body: answer.body,
        address: answer.address,
        durationMs: durationMs(),
      };
    }
    return { ok: true, ...answer, durationMs: durationMs() };
  } catch (error) {
    if (error instanceof TimedOut) {
      return { ok: false, error: 'timeout', detail: error.message, ...error.soFar, durationMs: durationMs() };
    }
    if (error instanceof Refusal) {
      return { ok: false, error: error.error, detail: error.message, durationMs: durationMs() };
    }
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: 'network',
      detail: code && !message.includes(code) ? `${code}: ${message}` : message,
      durationMs: durationMs(),
    };
  } finally {
    clearTimeout(timer);
  }
}
