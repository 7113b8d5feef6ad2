import { createTemplateFields, templateEndpoints as endpoints, UI_TEXT, updateTemplateFields } from '@smart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { badRequest } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { acceptUploads, requireStorageLeft } from '../files/index.js';
import { changeableTemplate, createTemplate, deleteTemplate, updateTemplate } from './changes.js';
import { downloadTemplateFile, previewTemplateFile } from './downloads.js';
import { requireTemplateCreator } from './policy.js';
import { presentTemplate } from './presenter.js';
import { listTemplates, readTemplate } from './service.js';
import { discardStored, receiveTemplateForm, type StoredTemplateFile } from './uploads.js';

/** The multipart form's text fields checked by `schema`; a refusal removes the stored documents first. */
async function formFields<S extends z.ZodType>(
  app: FastifyInstance,
  request: FastifyRequest,
  schema: S,
): Promise<{ fields: z.output<S>; files: StoredTemplateFile[] }> {
  // Before the body is read: a full template library stores nothing (files/quota.ts).
  await requireStorageLeft(app.db, app.config.storageQuotaBytesPerOrganization, null);
  const form = await receiveTemplateForm(request, app.storage);
  const parsed = schema.safeParse(form.fields);
  if (parsed.success) return { fields: parsed.data, files: form.files };
  await discardStored(app.storage, form.files);
  throw badRequest(parsed.error.issues[0]?.message ?? UI_TEXT.invalidInput);
}

/** The template library; rules in policy.ts. */
export async function templateRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  /** The template library's storage quota (files/quota.ts). */
  const quota = app.config.storageQuotaBytesPerOrganization;

  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    const page = await listTemplates(app.db, actor, request.query);
    return okPage(page, (record) => presentTemplate(record, actor));
  });

  addRoute(app, endpoints.get, async (request) => {
    const actor = requireUser(request);
    return ok(presentTemplate(await readTemplate(app.db, actor, request.params.id), actor));
  });

  addRoute(app, endpoints.create, async (request, reply) => {
    const actor = requireUser(request);
    requireTemplateCreator(actor);
    const { fields, files } = await formFields(app, request, createTemplateFields);
    const record = await createTemplate(app.db, app.storage, actor, fields, files, quota);
    return reply.status(201).send(ok(presentTemplate(record, actor)));
  });

  addRoute(app, endpoints.update, async (request) => {
    const actor = requireUser(request);
    const record = await changeableTemplate(app.db, actor, request.params.id);
    const { fields, files } = request.isMultipart()
      ? await formFields(app, request, updateTemplateFields)
      : { fields: request.body ?? {}, files: [] };
    const updated = await updateTemplate(app.db, app.storage, actor, record, fields, files, quota);
    return ok(presentTemplate(updated, actor));
  });

  addRoute(app, endpoints.remove, async (request) => {
    const record = await changeableTemplate(app.db, requireUser(request), request.params.id);
    await deleteTemplate(app.db, app.storage, record);
    return okMessage(UI_TEXT.templateDeleted);
  });

  const { fileUrlSecret } = app.config;
  addRoute(app, endpoints.download, async (request) => {
    const { params, query } = request;
    return ok(await downloadTemplateFile(app.db, fileUrlSecret, requireUser(request), params.id, query.fileIndex));
  });

  addRoute(app, endpoints.preview, async (request) => {
    const { params, query } = request;
    return ok(await previewTemplateFile(app.db, fileUrlSecret, requireUser(request), params.id, query.fileIndex));
  });
}
