import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Hashed file names change with their content, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: revalidate it on every load. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app. The build writes `.br` and `.gz` beside each text file; the one the
 * browser accepts is sent (`preCompressed`), with `Vary: Accept-Encoding`, else the plain file.
 * Hashed assets are cached for a year. Every file present at start has its own route; any other
 * GET outside /api, /socket.io and /assets gets index.html so deep links (/dashboard/profile) open
 * the app. A missing /assets file (an old chunk after a deploy) answers 404, not the page.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  if (!existsSync(path.join(options.root, 'index.html'))) {
    app.log.warn({ root: options.root }, 'web app not built; serving the API only');
    return;
  }
  const assetsDir = `${path.sep}assets${path.sep}`;
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are chosen by Accept-Encoding, not requested by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(response, filePath) {
      response.header('Cache-Control', filePath.includes(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const notThePage = ['/api/', '/socket.io', '/assets/'].some((prefix) => pathname.startsWith(prefix));
    if (notThePage || pathname === '/api') return reply.callNotFound();
    return reply.sendFile('index.html');
  });
});
