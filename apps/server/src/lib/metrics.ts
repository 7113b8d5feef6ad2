import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import type { SmsMessage, SmsSender } from '../sms/sender.js';

/**
 * What an operator reads at `GET /api/metrics` (Prometheus text): the app's counters, one registry per
 * app (tests build many apps in one process). Labels name routes, statuses, queues and outcomes,
 * never a person, an organization or a record.
 */
export type Metrics = ReturnType<typeof createMetrics>;

/** Seconds: requests answer in milliseconds, an export or a statement in seconds. */
const REQUEST_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const QUERY_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export function createMetrics() {
  const registry = new Registry();
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    /** Node's own (event-loop lag, heap, CPU, handles), only once metrics are served: it samples the loop. */
    collectProcessMetrics: () => collectDefaultMetrics({ register: registry }),
    requests: counter('smart_http_requests_total', 'API requests answered, by route and status', [
      'method',
      'route',
      'status',
    ]),
    requestSeconds: new Histogram({
      name: 'smart_http_request_duration_seconds',
      help: 'Time to answer an API request, by route and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: REQUEST_SECONDS,
      registers: [registry],
    }),
    querySeconds: new Histogram({
      name: 'smart_db_query_duration_seconds',
      help: 'Time of a database statement, from its sending to its answer',
      buckets: QUERY_SECONDS,
      registers: [registry],
    }),
    jobFailures: counter('smart_job_failures_total', 'Background job runs that failed (each is retried), by queue', [
      'queue',
    ]),
    deliveries: counter('smart_deliveries_total', 'E-mails and SMS handed to their transport, by outcome', [
      'channel',
      'outcome',
    ]),
    budgetRefusals: counter(
      'smart_budget_refusals_total',
      "Requests and socket events refused for going past a budget (429, a socket's budget)",
      ['surface'],
    ),
  };
}

/** The mailer, counting each send's outcome. */
export function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    async send(message: MailMessage) {
      await countOutcome(metrics, 'email', () => mailer.send(message));
    },
    close: () => mailer.close(),
  };
}

/** The SMS sender, counting each send's outcome. */
export function countedSmsSender(sender: SmsSender, metrics: Metrics): SmsSender {
  return { send: (message: SmsMessage) => countOutcome(metrics, 'sms', () => sender.send(message)) };
}

async function countOutcome(metrics: Metrics, channel: 'email' | 'sms', send: () => Promise<void>) {
  try {
    await send();
    metrics.deliveries.inc({ channel, outcome: 'sent' });
  } catch (error) {
    metrics.deliveries.inc({ channel, outcome: 'failed' });
    throw error;
  }
}
