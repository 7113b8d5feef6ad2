import { apiTokenEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { presentApiToken } from './presenter.js';
import {
  createMyToken,
  createOrganizationToken,
  listAllTokens,
  listMyTokens,
  listOrganizationTokens,
  revokeToken,
  updateToken,
} from './service.js';

export async function apiTokenRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.listMine, async (request) => {
    const actor = requireUser(request);
    const page = await listMyTokens(app.db, actor, request.query);
    return okPage(page, (record) => presentApiToken(record, actor));
  });

  addRoute(app, endpoints.createMine, async (request, reply) => {
    const actor = requireUser(request);
    const { record, secret } = await createMyToken(app.db, actor, request.body);
    return reply.status(201).send(ok({ token: presentApiToken(record, actor), secret }));
  });

  addRoute(app, endpoints.listOrganization, async (request) => {
    const actor = requireUser(request);
    const page = await listOrganizationTokens(app.db, actor, request.params.organizationId, request.query);
    return okPage(page, (record) => presentApiToken(record, actor));
  });

  addRoute(app, endpoints.createOrganization, async (request, reply) => {
    const actor = requireUser(request);
    const { record, secret } = await createOrganizationToken(
      app.db,
      actor,
      request.params.organizationId,
      request.body,
    );
    return reply.status(201).send(ok({ token: presentApiToken(record, actor), secret }));
  });

  addRoute(app, endpoints.listAll, async (request) => {
    const actor = requireUser(request);
    const page = await listAllTokens(app.db, actor, request.query);
    return okPage(page, (record) => presentApiToken(record, actor));
  });

  addRoute(app, endpoints.update, async (request) => {
    const actor = requireUser(request);
    return ok(presentApiToken(await updateToken(app.db, actor, request.params.id, request.body), actor));
  });

  addRoute(app, endpoints.revoke, async (request) => {
    await revokeToken(app.db, requireUser(request), request.params.id);
    return okMessage(UI_TEXT.apiTokenRevoked);
  });
}
