import type { FastifyInstance } from 'fastify';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { subscribe } from '../../events/stream.js';
import { organizationTables, reachedThrough, registerRoutes, type ServerModule } from '../manifest.js';
import { fanOut, WEBHOOKS_CONSUMER } from './consumer.js';
import {
  DELIVERY_QUEUE,
  type DeliveryDeps,
  type DeliveryJob,
  requeueOverdueDeliveries,
  runDelivery,
} from './delivery.js';
import { WEBHOOK_SOURCE_TYPES } from './events.js';
import { scheduleWebhookRetention } from './retention.js';
import { webhookRoutes } from './routes.js';
import { loadWebhookSecrets } from './signing.js';

export { failOwedDeliveries, recordAttemptResult } from './attempts.js';
export { DELIVERY_QUEUE, requeueOverdueDeliveries, runDelivery } from './delivery.js';
export { disableEndpoint, recordDeliveryOutcome } from './endpoint-health.js';
export { webhookNotificationRules } from './notifications.js';
export { signature, signatureHeader } from './signing.js';

/** Deliveries one process sends at once (across endpoints; each endpoint has its own `concurrency`). */
const DELIVERY_WORKERS = 24;

/**
 * Webhooks (docs/decisions/0277-webhooks-standard-webhooks.md): an organization's endpoints, the
 * domain-event stream's `webhooks` consumer that turns events into deliveries, and the delivery
 * queue that sends them, signed, with retries.
 */
async function startWebhookJobs(app: FastifyInstance) {
  const deps: DeliveryDeps = {
    db: app.db,
    queue: app.jobs,
    secrets: await loadWebhookSecrets(app.config),
    config: app.config.webhooks,
  };
  await subscribe(app.db, {
    name: WEBHOOKS_CONSUMER,
    types: WEBHOOK_SOURCE_TYPES,
    handle: (tx, event) => fanOut(tx, app.jobs, event, app.config.appUrl),
  });
  await app.jobs.define<DeliveryJob>(DELIVERY_QUEUE, (job) => runDelivery(deps, job), {
    workers: DELIVERY_WORKERS,
    // An attempt takes at most its timeout; past this its process is taken for dead and the job retried.
    expireInSeconds: Math.ceil(app.config.webhooks.timeoutMs / 1000) + 60,
  });
  await app.jobs.schedule('webhook-deliveries-sweep', '* * * * *', async () => {
    await requeueOverdueDeliveries(deps);
  });
  await scheduleWebhookRetention(app);
}

export const webhooksModule: ServerModule = {
  name: 'webhooks',
  routes: registerRoutes(webhookRoutes),
  jobs: startWebhookJobs,
  organizationData: [
    ...organizationTables(webhookEndpoints, webhookDeliveries),
    reachedThrough(webhookAttempts, { column: webhookAttempts.deliveryId, parent: webhookDeliveries.id }),
  ],
};
