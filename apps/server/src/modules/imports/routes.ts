import { importEndpoints as endpoints, MEMBER_IMPORT_MAX_BYTES, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cpuTask } from '../../lib/cpu-pool.js';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { acceptUploads, receiveOneFile } from '../files/index.js';
import type { parseMemberFile } from './member-rows.js';
import { importMembers, importTarget, previewMemberImport } from './service.js';

/** Reading up to a megabyte of CSV costs a noticeable moment of CPU: done on the CPU pool, not on the requests' thread. */
const parseFile = cpuTask<typeof parseMemberFile>(import.meta.url, './member-rows.js', 'parseMemberFile');

/** The CSV file of the request (multipart field "file"), whole: at most MEMBER_IMPORT_MAX_BYTES, else 413. */
function receiveCsv(request: FastifyRequest): Promise<Uint8Array> {
  return receiveOneFile(request, MEMBER_IMPORT_MAX_BYTES, {
    take: (part) =>
      part.toBuffer().catch((error: unknown) => {
        const code = (error as { code?: string }).code;
        throw code === 'FST_REQ_FILE_TOO_LARGE' ? new AppError('PAYLOAD_TOO_LARGE', UI_TEXT.importFileTooLarge) : error;
      }),
  });
}

/** Members from a CSV file: who may is decided before the file is read. */
export async function importRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  /** The request's file, read into rows on the CPU pool (a file it cannot read: 400; the pool full: 429). */
  const rowsOf = async (request: FastifyRequest) => app.cpuPool.run(parseFile, await receiveCsv(request));
  const settings = { config: { writeLimit: 'imports' as const } };

  addRoute(
    app,
    endpoints.previewMembers,
    async (request) => {
      const actor = requireUser(request);
      const organization = await importTarget(app.db, actor, request.query.organizationId);
      return ok(await previewMemberImport(app.db, actor, organization, await rowsOf(request)));
    },
    settings,
  );

  addRoute(
    app,
    endpoints.importMembers,
    async (request, reply) => {
      const actor = requireUser(request);
      const organization = await importTarget(app.db, actor, request.query.organizationId);
      const report = await importMembers(app.db, app.jobs, actor, organization, await rowsOf(request));
      if (!report.imported) {
        return reply
          .status(400)
          .send({ success: false, error: report.refusal ?? UI_TEXT.importFailed, code: 'BAD_REQUEST', report });
      }
      return reply.status(201).send(ok(report));
    },
    settings,
  );
}
