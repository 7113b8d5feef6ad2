import { notificationEndpoints as endpoints } from '@smart/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { readUnsubscribeToken, unsubscribe, unsubscribeAddress, unsubscribeSecretOf } from './unsubscribe.js';
import { confirmUnsubscribePage, invalidUnsubscribePage, unsubscribedPage } from './unsubscribe-page.js';

/**
 * One-click unsubscribe (RFC 8058), without a session: the link of a notification e-mail shows a
 * confirmation page (GET never changes anything: mail scanners follow links), and a POST, from
 * that page's button or from the mail client itself, turns the e-mail toggle off.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const secret = unsubscribeSecretOf(app.db);
  const { appUrl } = app.config;
  // Mail clients post `List-Unsubscribe=One-Click` as a form; its content says nothing more.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, null),
  );
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  /** The token's toggle and the address its e-mails go to; null for a token not ours or an account gone. */
  const readLink = async (token: string) => {
    const target = readUnsubscribeToken(await secret(), token);
    const address = target && (await unsubscribeAddress(app.db, target.userId));
    return target && address ? { ...target, address } : null;
  };

  addRoute(app, endpoints.unsubscribePage, async (request, reply) => {
    const { token } = request.query;
    const link = await readLink(token);
    if (!link) return html(reply, 400, invalidUnsubscribePage(appUrl));
    return html(reply, 200, confirmUnsubscribePage(appUrl, token, link.key, link.address));
  });

  addRoute(app, endpoints.unsubscribe, async (request, reply) => {
    const link = await readLink(request.query.token);
    if (!link) return html(reply, 400, invalidUnsubscribePage(appUrl));
    await unsubscribe(app.db, link);
    return html(reply, 200, unsubscribedPage(appUrl, link.key, link.address));
  });
}
