import {
  createTemplateFields,
  envelope,
  errorResponse,
  idParams,
  MAX_TEMPLATE_FILES,
  MESSAGES,
  messageEnvelope,
  pagedEnvelope,
  templateDownloadSchema,
  templateFileQuery,
  templateListQuery,
  templatePreviewSchema,
  templateSchema,
  updateTemplateFields,
} from '@smart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { badRequest } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import { requireStorageLeft } from '../files/quota.js';
import { acceptUploads } from '../files/upload.js';
import './access.js';
import { changeableTemplate, createTemplate, deleteTemplate, updateTemplate } from './changes.js';
import { downloadTemplateFile, previewTemplateFile } from './downloads.js';
import { requireTemplateCreator } from './policy.js';
import { presentTemplate } from './presenter.js';
import { listTemplates, readTemplate } from './service.js';
import { discardStored, receiveTemplateForm, type StoredTemplateFile } from './uploads.js';

const tags = ['Templates'];
const templateEnvelope = envelope(templateSchema);
const FORM_DESCRIPTION = `Multipart: the text fields, tags and removeFileIds as JSON lists, then documents under the field "files" (PDF, DOC or DOCX by content and extension, at most 10 MB each, at most ${MAX_TEMPLATE_FILES} per template).`;

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
  throw badRequest(parsed.error.issues[0]?.message ?? MESSAGES.invalidInput);
}

/** The template library (second document, section 7 "Templates"; issue 14); rules in policy.ts. */
export async function templateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await acceptUploads(app);
  /** The template library's storage quota (files/quota.ts). */
  const quota = app.config.storageQuotaBytesPerOrganization;

  app.get(
    '/api/templates',
    {
      schema: {
        operationId: 'listTemplates',
        tags,
        summary:
          'Templates (canManageTemplates): search over name, description and tags, departmentId, category, popular (more than 100 downloads), sort',
        querystring: templateListQuery,
        response: { 200: pagedEnvelope(templateSchema), 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const page = await listTemplates(app.db, actor, request.query);
      return okPage(page, (record) => presentTemplate(record, actor));
    },
  );

  app.get(
    '/api/templates/:id',
    {
      schema: {
        operationId: 'getTemplate',
        tags,
        summary: 'One template with its files (canManageTemplates)',
        params: idParams,
        response: { 200: templateEnvelope, 404: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return ok(presentTemplate(await readTemplate(app.db, actor, request.params.id), actor));
    },
  );

  app.post(
    '/api/templates',
    {
      schema: {
        operationId: 'createTemplate',
        tags,
        summary: 'Create a template (canCreateTemplates: admin, advisor); the first file is the primary one',
        description: `${FORM_DESCRIPTION} Fields: name, description, departmentId, category, tags.`,
        consumes: ['multipart/form-data'],
        response: { 201: templateEnvelope, 400: errorResponse, 403: errorResponse, 413: errorResponse },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      requireTemplateCreator(actor);
      const { fields, files } = await formFields(app, request, createTemplateFields);
      const record = await createTemplate(app.db, app.storage, actor, fields, files, quota);
      return reply.status(201).send(ok(presentTemplate(record, actor)));
    },
  );

  app.put(
    '/api/templates/:id',
    {
      schema: {
        operationId: 'updateTemplate',
        tags,
        summary: 'Edit a template: fields, remove files, add files, choose the primary (admin any, advisor its own)',
        description: `JSON, or ${FORM_DESCRIPTION} primaryFileIndex is a position in the list after the change; removing the primary without choosing makes the next file primary.`,
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        // A multipart request has no parsed body (null): its fields are read from the parts.
        body: updateTemplateFields.nullish(),
        response: {
          200: templateEnvelope,
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
          413: errorResponse,
        },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const record = await changeableTemplate(app.db, actor, request.params.id);
      const { fields, files } = request.isMultipart()
        ? await formFields(app, request, updateTemplateFields)
        : { fields: request.body ?? {}, files: [] };
      const updated = await updateTemplate(app.db, app.storage, actor, record, fields, files, quota);
      return ok(presentTemplate(updated, actor));
    },
  );

  app.delete(
    '/api/templates/:id',
    {
      schema: {
        operationId: 'deleteTemplate',
        tags,
        summary: 'Delete a template and its files (admin any, advisor its own)',
        params: idParams,
        response: { 200: messageEnvelope, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const record = await changeableTemplate(app.db, requireUser(request), request.params.id);
      await deleteTemplate(app.db, app.storage, record);
      return okMessage(MESSAGES.templateDeleted);
    },
  );

  app.post(
    '/api/templates/:id/download',
    {
      schema: {
        operationId: 'downloadTemplate',
        tags,
        summary:
          'A short-lived link that downloads one file (fileIndex; the primary without it), counting the download',
        params: idParams,
        querystring: templateFileQuery,
        response: { 200: envelope(templateDownloadSchema), 404: errorResponse },
      },
    },
    async (request) =>
      ok(
        await downloadTemplateFile(
          app.db,
          app.config.fileUrlSecret,
          requireUser(request),
          request.params.id,
          request.query.fileIndex,
        ),
      ),
  );

  app.post(
    '/api/templates/:id/preview',
    {
      schema: {
        operationId: 'previewTemplate',
        tags,
        summary: 'A short-lived link that shows a PDF in the page (fileIndex; the first PDF without it)',
        description: 'Word files are not previewed: 400 with a message to download them.',
        params: idParams,
        querystring: templateFileQuery,
        response: { 200: envelope(templatePreviewSchema), 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      ok(
        await previewTemplateFile(
          app.db,
          app.config.fileUrlSecret,
          requireUser(request),
          request.params.id,
          request.query.fileIndex,
        ),
      ),
  );
}
