import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Hashed file names change with their content, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The HTML pages name the current hashed files: revalidate them on every load. */
const REVALIDATE = 'no-cache';
const NOT_PAGES = ['/api/', '/socket.io', '/assets/'];

/** The URL paths that have a page of their own in the build: `dashboard/index.html` → `/dashboard`. */
function pagePaths(root: string): Set<string> {
  const pages = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => path.basename(file) === 'index.html',
  );
  return new Set(pages.map((file) => `/${path.dirname(file).split(path.sep).join('/')}`.replace(/\/\.?$/, '') || '/'));
}

/** The page of the path or of its nearest ancestor: `/dashboard/teams/7` → `dashboard/index.html`. */
function pageFile(pages: Set<string>, pathname: string): string {
  for (let candidate = pathname.replace(/\/+$/, ''); candidate; candidate = candidate.replace(/\/[^/]*$/, '')) {
    if (pages.has(candidate)) return `${candidate.slice(1)}/index.html`;
  }
  return 'index.html';
}

/**
 * Serves the built web app. The build writes `.br` and `.gz` beside each text file; the one the
 * browser accepts is sent (`preCompressed`), with `Vary: Accept-Encoding`, else the plain file.
 * Hashed assets are cached for a year. Every file present at start has its own route; any other
 * GET outside /api, /socket.io and /assets gets the app's HTML so deep links open the app: the
 * page built for that path or its nearest ancestor (which preloads that page's chunks), else
 * index.html. A missing /assets file (an old chunk after a deploy) answers 404, not a page.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  if (!existsSync(path.join(options.root, 'index.html'))) {
    app.log.warn({ root: options.root }, 'web app not built; serving the API only');
    return;
  }
  const assetsDir = `${path.sep}assets${path.sep}`;
  const pages = pagePaths(options.root);
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
    if (pathname === '/api' || NOT_PAGES.some((prefix) => pathname.startsWith(prefix))) return reply.callNotFound();
    return reply.sendFile(pageFile(pages, pathname));
  });
});
