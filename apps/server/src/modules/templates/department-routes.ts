import {
  createTemplateDepartmentBody,
  envelope,
  errorResponse,
  idParams,
  MESSAGES,
  messageEnvelope,
  templateDepartmentListQuery,
  templateDepartmentSchema,
  updateTemplateDepartmentBody,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okMessage } from '../../lib/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import {
  createTemplateDepartment,
  deleteTemplateDepartment,
  listTemplateDepartments,
  readTemplateDepartment,
  updateTemplateDepartment,
} from './departments.js';
import { presentTemplateDepartment } from './presenter.js';

const tags = ['Templates'];
const departmentEnvelope = envelope(templateDepartmentSchema);

/** Template departments (section 7 "Templates"; the admin routes are ours, issue 14). */
export async function templateDepartmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/templates/departments',
    {
      schema: {
        operationId: 'listTemplateDepartments',
        tags,
        summary: 'Template departments by name, with template counts (canManageTemplates)',
        description: 'Active ones; admins add the inactive ones with includeInactive=true.',
        querystring: templateDepartmentListQuery,
        response: { 200: envelope(z.array(templateDepartmentSchema)), 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const rows = await listTemplateDepartments(app.db, actor, request.query);
      return ok(rows.map((row) => presentTemplateDepartment(row, actor)));
    },
  );

  app.get(
    '/api/templates/departments/:id',
    {
      schema: {
        operationId: 'getTemplateDepartment',
        tags,
        summary: 'One template department with its template count (inactive ones: admins only)',
        params: idParams,
        response: { 200: departmentEnvelope, 404: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return ok(presentTemplateDepartment(await readTemplateDepartment(app.db, actor, request.params.id), actor));
    },
  );

  app.post(
    '/api/templates/departments',
    {
      schema: {
        operationId: 'createTemplateDepartment',
        tags,
        summary: 'Create a template department (admin)',
        body: createTemplateDepartmentBody,
        response: { 201: departmentEnvelope, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const department = await createTemplateDepartment(app.db, actor, request.body);
      return reply.status(201).send(ok(presentTemplateDepartment(department, actor)));
    },
  );

  app.put(
    '/api/templates/departments/:id',
    {
      schema: {
        operationId: 'updateTemplateDepartment',
        tags,
        summary: 'Edit, deactivate or reactivate a template department (admin)',
        params: idParams,
        body: updateTemplateDepartmentBody,
        response: { 200: departmentEnvelope, 403: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const department = await updateTemplateDepartment(app.db, actor, request.params.id, request.body);
      return ok(presentTemplateDepartment(department, actor));
    },
  );

  app.delete(
    '/api/templates/departments/:id',
    {
      schema: {
        operationId: 'deleteTemplateDepartment',
        tags,
        summary: 'Delete an empty template department (admin); one with templates is 409: deactivate it instead',
        params: idParams,
        response: { 200: messageEnvelope, 403: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      await deleteTemplateDepartment(app.db, requireUser(request), request.params.id);
      return okMessage(MESSAGES.departmentDeleted);
    },
  );
}
