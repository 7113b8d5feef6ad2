import {
  attachTeamBody,
  createDepartmentBody,
  departmentSchema,
  envelope,
  errorResponse,
  idParams,
  MESSAGES,
  messageEnvelope,
  organizationFilterQuery,
  pagedEnvelope,
  pageQuery,
  updateDepartmentBody,
  userSchema,
} from '@smart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import type { Actor } from '../../lib/tenancy.js';
import { requireUser } from '../../plugins/auth.js';
import { presentUser } from '../users/presenter.js';
import { listDepartmentMembers } from '../users/service.js';
import { type DepartmentRecord, presentDepartment } from './presenter.js';
import {
  attachTeam,
  createDepartment,
  deleteDepartment,
  detachTeam,
  getDepartmentFor,
  listDepartmentsVisibleTo,
  updateDepartment,
} from './service.js';

const tags = ['Departments'];
const departmentEnvelope = envelope(departmentSchema);

/** Runs a department service as the request's user and answers with the department as that user sees it. */
async function departmentFor(request: FastifyRequest, run: (actor: Actor) => Promise<DepartmentRecord>) {
  const actor = requireUser(request);
  return ok(presentDepartment(await run(actor), actor));
}

export async function departmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/departments',
    {
      schema: {
        operationId: 'listDepartments',
        tags,
        summary: "The organization's departments with team and member counts (admin: any organization)",
        querystring: pageQuery.extend(organizationFilterQuery.shape),
        response: { 200: pagedEnvelope(departmentSchema), 404: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const page = await listDepartmentsVisibleTo(app.db, actor, request.query);
      return okPage(page, (department) => presentDepartment(department, actor));
    },
  );

  app.post(
    '/api/departments',
    {
      schema: {
        operationId: 'createDepartment',
        tags,
        summary: 'Create a department (canManageDepartments)',
        body: createDepartmentBody,
        response: { 201: departmentEnvelope, 403: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      return reply
        .status(201)
        .send(await departmentFor(request, (actor) => createDepartment(app.db, actor, request.body)));
    },
  );

  app.get(
    '/api/departments/:id',
    {
      schema: {
        operationId: 'getDepartment',
        tags,
        summary: 'One department',
        params: idParams,
        response: { 200: departmentEnvelope },
      },
    },
    async (request) => departmentFor(request, (actor) => getDepartmentFor(app.db, actor, request.params.id)),
  );

  app.put(
    '/api/departments/:id',
    {
      schema: {
        operationId: 'updateDepartment',
        tags,
        summary: 'Change name, description, manager, icon or image (canManageDepartments)',
        description:
          'imageUrl is an image uploaded through POST /api/files/upload (400 for any other file); null removes it.',
        params: idParams,
        body: updateDepartmentBody,
        response: { 200: departmentEnvelope, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request) =>
      departmentFor(request, (actor) => updateDepartment(app.db, app.storage, actor, request.params.id, request.body)),
  );

  app.delete(
    '/api/departments/:id',
    {
      schema: {
        operationId: 'deleteDepartment',
        tags,
        summary: 'Delete a department; its teams and members are detached, not deleted (canManageDepartments)',
        params: idParams,
        response: { 200: messageEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      await deleteDepartment(app.db, app.storage, requireUser(request), request.params.id);
      return okMessage(MESSAGES.departmentDeleted);
    },
  );

  app.get(
    '/api/departments/:id/members',
    {
      schema: {
        operationId: 'listDepartmentMembers',
        tags,
        summary: "The department's active members",
        params: idParams,
        querystring: pageQuery,
        response: { 200: pagedEnvelope(userSchema) },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const page = await listDepartmentMembers(app.db, actor, request.params.id, request.query);
      return okPage(page, (user) => presentUser(user, actor));
    },
  );

  app.post(
    '/api/departments/:id/teams',
    {
      schema: {
        operationId: 'attachTeamToDepartment',
        tags,
        summary: 'Attach an existing team of the same organization (canManageDepartments)',
        params: idParams,
        body: attachTeamBody,
        response: { 200: departmentEnvelope, 403: errorResponse },
      },
    },
    async (request) =>
      departmentFor(request, (actor) => attachTeam(app.db, actor, request.params.id, request.body.teamId)),
  );

  app.delete(
    '/api/departments/:id/teams/:teamId',
    {
      schema: {
        operationId: 'detachTeamFromDepartment',
        tags,
        summary: 'Detach a team from the department; the team stays (canManageDepartments)',
        params: z.object({ id: z.uuid(), teamId: z.uuid() }),
        response: { 200: departmentEnvelope, 403: errorResponse },
      },
    },
    async (request) =>
      departmentFor(request, (actor) => detachTeam(app.db, actor, request.params.id, request.params.teamId)),
  );
}
