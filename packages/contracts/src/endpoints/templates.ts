import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams, messageEnvelope, pagedEnvelope } from '../schemas/common.js';
import {
  createTemplateDepartmentBody,
  templateDepartmentListQuery,
  templateDepartmentSchema,
  templateDownloadSchema,
  templateFileQuery,
  templateListQuery,
  templatePreviewSchema,
  templateSchema,
  updateTemplateDepartmentBody,
  updateTemplateFields,
} from '../schemas/templates.js';
import { MAX_TEMPLATE_FILES } from '../templates.js';

const tags = ['Templates'];
const templateEnvelope = envelope(templateSchema);
const departmentEnvelope = envelope(templateDepartmentSchema);
const FORM_DESCRIPTION = `Multipart: the text fields, tags and removeFileIds as JSON lists, then documents under the field "files" (PDF, DOC or DOCX by content and extension, at most 10 MB each, at most ${MAX_TEMPLATE_FILES} per template).`;

/** The template library. */
export const templateEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/templates',
    operationId: 'listTemplates',
    scope: 'projects:read',
    tags,
    summary:
      'Templates (canManageTemplates): search over name, description and tags, departmentId, category, popular (more than 100 downloads), sort',
    query: templateListQuery,
    responses: { 200: pagedEnvelope(templateSchema), 403: errorResponse },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/templates/:id',
    operationId: 'getTemplate',
    scope: 'projects:read',
    tags,
    summary: 'One template with its files (canManageTemplates)',
    params: idParams,
    responses: { 200: templateEnvelope, 404: errorResponse },
  }),
  /** Multipart only: the route reads and checks the fields itself (createTemplateFields). */
  create: endpoint({
    method: 'POST',
    path: '/api/templates',
    operationId: 'createTemplate',
    scope: 'projects:write',
    tags,
    summary: 'Create a template (canCreateTemplates: admin, advisor); the first file is the primary one',
    description: `${FORM_DESCRIPTION} Fields: name, description, departmentId, category, tags.`,
    consumes: ['multipart/form-data'],
    responses: { 201: templateEnvelope, 400: errorResponse, 403: errorResponse, 413: errorResponse },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/templates/:id',
    operationId: 'updateTemplate',
    scope: 'projects:write',
    tags,
    summary: 'Edit a template: fields, remove files, add files, choose the primary (admin any, advisor its own)',
    description: `JSON, or ${FORM_DESCRIPTION} primaryFileIndex is a position in the list after the change; removing the primary without choosing makes the next file primary.`,
    consumes: ['application/json', 'multipart/form-data'],
    params: idParams,
    // A multipart request has no parsed body (null): its fields are read from the parts.
    body: updateTemplateFields.nullish(),
    responses: {
      200: templateEnvelope,
      400: errorResponse,
      403: errorResponse,
      404: errorResponse,
      413: errorResponse,
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/templates/:id',
    operationId: 'deleteTemplate',
    scope: 'projects:write',
    tags,
    summary: 'Delete a template and its files (admin any, advisor its own)',
    params: idParams,
    responses: { 200: messageEnvelope, 403: errorResponse, 404: errorResponse },
  }),
  download: endpoint({
    method: 'POST',
    path: '/api/templates/:id/download',
    operationId: 'downloadTemplate',
    scope: 'projects:read',
    tags,
    summary: 'A short-lived link that downloads one file (fileIndex; the primary without it), counting the download',
    params: idParams,
    query: templateFileQuery,
    responses: { 200: envelope(templateDownloadSchema), 404: errorResponse },
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/templates/:id/preview',
    operationId: 'previewTemplate',
    scope: 'projects:read',
    tags,
    summary: 'A short-lived link that shows a PDF in the page (fileIndex; the first PDF without it)',
    description: 'Word files are not previewed: 400 with a message to download them.',
    params: idParams,
    query: templateFileQuery,
    responses: { 200: envelope(templatePreviewSchema), 400: errorResponse, 404: errorResponse },
  }),
};

/** Template departments (the admin routes are ours). */
export const templateDepartmentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/templates/departments',
    operationId: 'listTemplateDepartments',
    scope: 'projects:read',
    tags,
    summary: 'Template departments by name, with template counts (canManageTemplates)',
    description: 'Active ones; admins add the inactive ones with includeInactive=true.',
    query: templateDepartmentListQuery,
    responses: { 200: envelope(z.array(templateDepartmentSchema)), 403: errorResponse },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/templates/departments/:id',
    operationId: 'getTemplateDepartment',
    scope: 'projects:read',
    tags,
    summary: 'One template department with its template count (inactive ones: admins only)',
    params: idParams,
    responses: { 200: departmentEnvelope, 404: errorResponse },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/templates/departments',
    operationId: 'createTemplateDepartment',
    scope: 'projects:write',
    tags,
    summary: 'Create a template department (admin)',
    body: createTemplateDepartmentBody,
    responses: { 201: departmentEnvelope, 403: errorResponse, 409: errorResponse },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/templates/departments/:id',
    operationId: 'updateTemplateDepartment',
    scope: 'projects:write',
    tags,
    summary: 'Edit, deactivate or reactivate a template department (admin)',
    params: idParams,
    body: updateTemplateDepartmentBody,
    responses: { 200: departmentEnvelope, 403: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/templates/departments/:id',
    operationId: 'deleteTemplateDepartment',
    scope: 'projects:write',
    tags,
    summary: 'Delete an empty template department (admin); one with templates is 409: deactivate it instead',
    params: idParams,
    responses: { 200: messageEnvelope, 403: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
};
