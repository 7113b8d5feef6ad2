import { organizationExportEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { sendStoredFile } from '../files/index.js';
import {
  BUILD_SECONDS_LIMIT,
  buildOrganizationExport,
  exportArchiveForLink,
  latestOrganizationExport,
  ORGANIZATION_EXPORT_QUEUE,
  ORGANIZATION_EXPORT_SWEEP,
  type OrganizationExportDeps,
  startOrganizationExport,
  sweepExpiredOrganizationExports,
} from './organization-export.js';

const depsOf = (app: FastifyInstance): OrganizationExportDeps => ({
  db: app.db,
  storage: app.storage,
  jobs: app.jobs,
  tables: app.organizationData,
  fileUrlSecret: app.config.fileUrlSecret,
  batchRows: app.config.exports.batchRows,
});

/** An organization's export: start it, see its state, download it through its signed link. */
export async function organizationExportRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.start, async (request, reply) => {
    const started = await startOrganizationExport(depsOf(app), requireUser(request), request.params.id, new Date());
    return reply.status(202).send(ok(started));
  });

  addRoute(app, endpoints.latest, async (request) =>
    ok(await latestOrganizationExport(depsOf(app), requireUser(request), request.params.id, new Date())),
  );

  addRoute(app, endpoints.download, async (request, reply) => {
    const archive = await exportArchiveForLink(
      app.db,
      app.config.fileUrlSecret,
      request.params.id,
      request.query,
      new Date(),
    );
    return sendStoredFile(reply, app.storage, archive, {
      inline: false,
      cacheControl: 'private, no-store',
      missingMessage: UI_TEXT.organizationExportGone,
    });
  });
}

/**
 * The build job (one at a time per process: the queue's worker takes one job at a time) and the
 * hourly sweep of expired archives, once across processes.
 */
export async function startOrganizationExportJobs(app: FastifyInstance) {
  await app.jobs.define<{ exportId: string }>(
    ORGANIZATION_EXPORT_QUEUE,
    async ({ exportId }) => buildOrganizationExport(depsOf(app), exportId),
    { expireInSeconds: BUILD_SECONDS_LIMIT },
  );
  const sweepNow = await app.jobs.schedule(ORGANIZATION_EXPORT_SWEEP, '23 * * * *', async () => {
    const swept = await sweepExpiredOrganizationExports(app.db, app.storage);
    if (swept > 0) app.log.info({ swept }, 'expired organization exports deleted');
  });
  await sweepNow();
}
