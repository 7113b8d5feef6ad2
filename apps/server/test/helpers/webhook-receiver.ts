import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers and exact body, and when it arrived. */
export interface Received {
  /** The path it was sent to (an endpoint's URL below the receiver's). */
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** What the receiver answers one request: a status, headers, a body; `delayMs` before it answers. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

/**
 * A real HTTP server on 127.0.0.1 that takes webhook deliveries, as an integrator's would: it
 * keeps every request and answers the next scripted answer (200 once the script is used up).
 */
export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** Requests being answered now (a delay holds them). */
  inFlight(): number;
  /** The most requests it has held at once. */
  mostInFlight(): number;
  /** The answers to the next requests, in order. */
  script(...answers: Answer[]): void;
  close(): Promise<void>;
}

const flat = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const answers: Answer[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const pending = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: flat(request.headers),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const answer = answers.shift() ?? { status: 200, body: 'ok' };
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      pending.add(response);
      // Held until answered, or until the sender gives up (its timeout closes the connection).
      const done = () => {
        if (!pending.delete(response)) return;
        inFlight -= 1;
      };
      response.on('close', done);
      const reply = () => {
        done();
        if (response.destroyed) return;
        response.writeHead(answer.status, answer.headers).end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    inFlight: () => inFlight,
    mostInFlight: () => mostInFlight,
    script: (...next) => answers.push(...next),
    close: async () => {
      for (const response of pending) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
