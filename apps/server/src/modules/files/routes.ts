import { fileEndpoints as endpoints, isInlineImageType, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage } from '../../lib/envelope.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { deleteFile, readFileInfo, requireReadableFile } from './access.js';
import { readStorageUsage, requireStorageLeft } from './quota.js';
import { sendStoredFile } from './serve.js';
import { findFile, findPublishedPicture, keepUnattachedUpload } from './service.js';
import { isValidSignedLink, signedFileUrl } from './signed-urls.js';
import { acceptUploads, receiveUpload } from './upload.js';

export async function fileRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const quota = app.config.storageQuotaBytesPerOrganization;

  addRoute(app, endpoints.upload, async (request, reply) => {
    const user = requireUser(request);
    // Before the body is read: an organization at its quota stores nothing.
    await requireStorageLeft(app.db, quota, user.organizationId);
    const stored = await receiveUpload(request, app.storage);
    return reply.status(201).send(ok(await keepUnattachedUpload(app.db, app.storage, stored, user, quota)));
  });

  addRoute(app, endpoints.picture, async (request, reply) => {
    const row = await findPublishedPicture(app.db, request.params.key);
    if (!row) throw notFound();
    return sendStoredFile(reply, app.storage, row, {
      inline: isInlineImageType(row.contentType),
      cacheControl: 'private, max-age=31536000, immutable',
      missingMessage: UI_TEXT.notFound,
    });
  });

  addRoute(app, endpoints.info, async (request) =>
    ok(await readFileInfo(app.db, requireUser(request), request.params.key)),
  );

  addRoute(app, endpoints.downloadLink, async (request) => {
    const { key } = request.params;
    await requireReadableFile(app.db, requireUser(request), key);
    return ok({ downloadUrl: signedFileUrl(app.config.fileUrlSecret, key) });
  });

  addRoute(app, endpoints.signed, async (request, reply) => {
    const { key } = request.params;
    const { expires, signature, inline } = request.query;
    if (!expires || !signature || !isValidSignedLink(app.config.fileUrlSecret, key, Number(expires), signature)) {
      throw forbidden(UI_TEXT.downloadLinkInvalid);
    }
    const row = await findFile(app.db, key);
    if (!row) throw notFound(UI_TEXT.downloadLinkInvalid);
    return sendStoredFile(reply, app.storage, row, {
      inline: inline === '1',
      cacheControl: 'no-store',
      missingMessage: UI_TEXT.downloadLinkInvalid,
    });
  });

  addRoute(app, endpoints.remove, async (request) => {
    const actor = requireUser(request);
    const record = await deleteFile(app.db, app.storage, actor, request.params.key);
    record?.announceFileChange?.(request, actor.id);
    return okMessage(UI_TEXT.fileDeleted);
  });

  addRoute(app, endpoints.storage, async (request) =>
    ok(await readStorageUsage(app.db, requireUser(request), request.params.id, quota)),
  );
}
