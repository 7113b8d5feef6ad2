import { webhookEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireSession, requireUser } from '../../plugins/auth.js';
import { presentDelivery, presentDeliveryDetail, presentEndpoint } from './presenter.js';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  readDelivery,
  readEndpoint,
  redeliver,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
  type WebhookServiceDeps,
} from './service.js';
import { loadWebhookSecrets } from './signing.js';

export async function webhookRoutes(app: FastifyInstance) {
  const deps: WebhookServiceDeps = {
    db: app.db,
    queue: app.jobs,
    secrets: await loadWebhookSecrets(app.config),
    allowPrivateTargets: app.config.webhooks.allowPrivateTargets,
  };

  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    const { organizationId, ...page } = request.query;
    const result = await listEndpoints(app.db, actor, organizationId, page);
    return okPage(result, (endpoint) => presentEndpoint(endpoint, actor));
  });

  addRoute(app, endpoints.create, async (request, reply) => {
    const { user: actor, apiToken } = requireSession(request);
    const { endpoint, secret } = await createEndpoint(deps, actor, request.body, apiToken);
    return reply.status(201).send(ok({ endpoint: presentEndpoint(endpoint, actor), secret }));
  });

  addRoute(app, endpoints.get, async (request) => {
    const actor = requireUser(request);
    return ok(presentEndpoint(await readEndpoint(app.db, actor, request.params.id), actor));
  });

  addRoute(app, endpoints.update, async (request) => {
    const { user: actor, apiToken } = requireSession(request);
    return ok(presentEndpoint(await updateEndpoint(deps, actor, request.params.id, request.body, apiToken), actor));
  });

  addRoute(app, endpoints.remove, async (request) => {
    await deleteEndpoint(app.db, requireUser(request), request.params.id);
    return okMessage(UI_TEXT.webhookDeleted);
  });

  addRoute(app, endpoints.rotateSecret, async (request) => {
    const actor = requireUser(request);
    const { endpoint, secret } = await rotateSecret(deps, actor, request.params.id);
    return ok({ endpoint: presentEndpoint(endpoint, actor), secret });
  });

  addRoute(app, endpoints.sendTest, async (request, reply) => {
    const actor = requireUser(request);
    const delivery = await sendTestEvent(deps, actor, request.params.id);
    return reply.status(202).send(ok(presentDelivery(delivery, actor)));
  });

  addRoute(app, endpoints.listDeliveries, async (request) => {
    const actor = requireUser(request);
    const result = await listDeliveries(app.db, actor, request.params.id, request.query);
    return okPage(result, (delivery) => presentDelivery(delivery, actor));
  });

  addRoute(app, endpoints.getDelivery, async (request) => {
    const { user: actor, apiToken } = requireSession(request);
    const { delivery, attempts } = await readDelivery(
      app.db,
      actor,
      request.params.id,
      request.params.deliveryId,
      apiToken,
    );
    return ok(presentDeliveryDetail(delivery, attempts, actor));
  });

  addRoute(app, endpoints.redeliver, async (request, reply) => {
    const { user: actor, apiToken } = requireSession(request);
    const delivery = await redeliver(deps, actor, request.params.id, request.params.deliveryId, apiToken);
    return reply.status(202).send(ok(presentDelivery(delivery, actor)));
  });
}
