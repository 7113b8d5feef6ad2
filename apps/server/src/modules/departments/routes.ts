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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { presentUser } from '../users/presenter.js';
import { listDepartmentMembers } from '../users/service.js';
import { presentDepartment } from './presenter.js';
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
      return okPage(await listDepartmentsVisibleTo(app.db, requireUser(request), request.query), presentDepartment);
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
      const created = await createDepartment(app.db, requireUser(request), request.body);
      return reply.status(201).send(ok(presentDepartment(created)));
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
    async (request) => ok(presentDepartment(await getDepartmentFor(app.db, requireUser(request), request.params.id))),
  );

  app.put(
    '/api/departments/:id',
    {
      schema: {
        operationId: 'updateDepartment',
        tags,
        summary: 'Change name, description, manager or icon (canManageDepartments)',
        params: idParams,
        body: updateDepartmentBody,
        response: { 200: departmentEnvelope, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request) =>
      ok(presentDepartment(await updateDepartment(app.db, requireUser(request), request.params.id, request.body))),
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
      await deleteDepartment(app.db, requireUser(request), request.params.id);
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
      const page = await listDepartmentMembers(app.db, requireUser(request), request.params.id, request.query);
      return okPage(page, presentUser);
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
      ok(presentDepartment(await attachTeam(app.db, requireUser(request), request.params.id, request.body.teamId))),
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
      ok(presentDepartment(await detachTeam(app.db, requireUser(request), request.params.id, request.params.teamId))),
  );
}
