import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app. Hashed assets are cached for a year; any other GET outside
 * /api and /socket.io gets index.html so deep links (/dashboard/profile) open the app.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  if (!existsSync(path.join(options.root, 'index.html'))) {
    app.log.warn({ root: options.root }, 'web app not built; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    setHeaders(response, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/socket.io')) {
      return reply.callNotFound();
    }
    const candidate = path.join(options.root, path.normalize(pathname));
    const relative = path.relative(options.root, candidate);
    if (relative && !relative.startsWith('..') && existsSync(candidate) && !candidate.endsWith(path.sep)) {
      return reply.sendFile(relative);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
