/** One request as the soak saw it: what it was, when it ran, how it ended. */
export interface Outcome {
  group: string;
  method: string;
  /** Which URL it went to: the balancer, or one process's own. */
  via: string;
  started: number;
  ended: number;
  /** The HTTP status, or 0 when no answer came (connection refused or reset). */
  status: number;
  /** A retry of an idempotent request that had failed (its failure is its own outcome). */
  retry: boolean;
}

/** Everything the run asked, kept in memory (a 10-minute run asks some 100,000 requests). */
export const outcomes: Outcome[] = [];

/** A failure the soak holds against the cluster: no answer, or a 5xx. */
export const failed = (outcome: Pick<Outcome, 'status'>) => outcome.status === 0 || outcome.status >= 500;

export interface Answer<T = unknown> {
  status: number;
  data: T;
  body: unknown;
}

const IDEMPOTENT = new Set(['GET', 'PUT', 'PATCH', 'DELETE']);
/** How long the client waits before its one retry: a moment for the balancer to see the dead server. */
const RETRY_DELAY_MS = 500;
const REQUEST_TIMEOUT_MS = 30_000;

export interface CallOptions {
  body?: unknown;
  form?: FormData;
  /** The base URL (default: the balancer). */
  via?: string;
  /** Not recorded among the run's outcomes (setup and probes). */
  quiet?: boolean;
  /** May be retried though it is a POST (it carries its own idempotency key). */
  idempotent?: boolean;
  /** Answer the raw bytes instead of JSON. */
  bytes?: boolean;
}

/**
 * A signed-in person's HTTP client: every request is timed and recorded under its route group, and
 * an idempotent one that got no answer or a 502/503 is retried once, as the web app's query client does.
 */
export class Client {
  token = '';
  constructor(readonly base: string) {}

  async call<T = unknown>(method: string, path: string, group: string, options: CallOptions = {}): Promise<Answer<T>> {
    const first = await this.once<T>(method, path, group, options, false);
    const retryable = IDEMPOTENT.has(method) || options.idempotent;
    if (!retryable || !(first.status === 0 || first.status === 502 || first.status === 503)) return first;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return this.once<T>(method, path, group, options, true);
  }

  private async once<T>(
    method: string,
    path: string,
    group: string,
    options: CallOptions,
    retry: boolean,
  ): Promise<Answer<T>> {
    const via = options.via ?? this.base;
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    let status = 0;
    let body: unknown;
    try {
      const response = await fetch(`${via}${path}`, {
        method,
        headers,
        body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        redirect: options.bytes ? 'follow' : 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = response.status;
      body = options.bytes ? Buffer.from(await response.arrayBuffer()) : await response.json().catch(() => undefined);
    } catch {
      status = 0;
    }
    if (!options.quiet) outcomes.push({ group, method, via, started, ended: performance.now(), status, retry });
    const data = (body as { data?: T } | undefined)?.data as T;
    return { status, data, body };
  }
}

/** A record's id, whichever of the two spellings its presenter uses. */
export const idOf = (record: unknown): string => {
  const value = record as { id?: string; _id?: string } | undefined;
  const id = value?.id ?? value?._id;
  if (!id) throw new Error(`no id in ${JSON.stringify(record)?.slice(0, 200)}`);
  return id;
};

/** Signs in; throws unless it worked. */
export async function signIn(client: Client, email: string, password: string, via?: string) {
  const answer = await client.call<{ token: string }>('POST', '/api/users/login', 'sign-in', {
    body: { email, password },
    via,
    idempotent: true,
  });
  if (answer.status !== 200 || !answer.data?.token)
    throw new Error(`sign-in of ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  client.token = answer.data.token;
}

/** Throws unless the answer has one of these statuses. */
export function expectStatus<T>(answer: Answer<T>, what: string, ...statuses: number[]): T {
  if (!statuses.includes(answer.status)) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.data;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items`, `width` at a time. */
export async function inBatches<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}
