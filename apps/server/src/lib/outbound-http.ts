/*
 * Requests the server sends to addresses its users chose (webhook endpoints): bounded in time and
 * in what is read back, never following a redirect.
 * TODO(issue 41, webhook safety): resolve the host at send time and refuse private, loopback,
 * link-local and metadata addresses (IPv4 and IPv6) unless allowed; this first cut only bounds time.
 */

export interface OutboundRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** The answer's body read back at most (the rest is dropped). */
  maxResponseBytes: number;
  /** Development and tests: private addresses and plain http:// are allowed. */
  allowPrivateTargets: boolean;
}

export type OutboundResult =
  | { ok: true; status: number; headers: Record<string, string>; body: string; durationMs: number }
  | {
      ok: false;
      /** Why no answer counted. */
      error: 'timeout' | 'network' | 'refused_address' | 'refused_scheme' | 'redirect';
      detail: string;
      durationMs: number;
    };

/** POSTs a body to a URL and reads the start of the answer. Never throws. */
export async function postOutbound(request: OutboundRequest): Promise<OutboundResult> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const text = (await response.text()).slice(0, request.maxResponseBytes);
    return {
      ok: true,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: text,
      durationMs: durationMs(),
    };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { ok: false, error: timedOut ? 'timeout' : 'network', detail: String(error), durationMs: durationMs() };
  }
}
