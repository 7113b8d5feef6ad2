import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams, messageEnvelope, pagedEnvelope, pageQuery } from '../schemas/common.js';
import {
  attachTeamBody,
  createDepartmentBody,
  departmentSchema,
  organizationPageQuery,
  updateDepartmentBody,
} from '../schemas/structure.js';
import { userSchema } from '../schemas/users.js';

const tags = ['Departments'];
const departmentEnvelope = envelope(departmentSchema);

/** An organization's departments (under /api/departments); changes need canManageDepartments. */
export const departmentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/departments',
    operationId: 'listDepartments',
    scope: 'people:read',
    tags,
    summary: "The organization's departments with team and member counts (admin: any organization)",
    query: organizationPageQuery,
    responses: { 200: pagedEnvelope(departmentSchema), 404: errorResponse },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/departments',
    operationId: 'createDepartment',
    scope: 'people:write',
    tags,
    summary: 'Create a department (canManageDepartments)',
    body: createDepartmentBody,
    responses: { 201: departmentEnvelope, 403: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/departments/:id',
    operationId: 'getDepartment',
    scope: 'people:read',
    tags,
    summary: 'One department',
    params: idParams,
    responses: { 200: departmentEnvelope },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/departments/:id',
    operationId: 'updateDepartment',
    scope: 'people:write',
    tags,
    summary: 'Change name, description, manager, icon or image (canManageDepartments)',
    description:
      'imageUrl is an image uploaded through POST /api/files/upload (400 for any other file); null removes it.',
    params: idParams,
    body: updateDepartmentBody,
    responses: { 200: departmentEnvelope, 403: errorResponse, 409: errorResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/departments/:id',
    operationId: 'deleteDepartment',
    scope: 'people:write',
    tags,
    summary: 'Delete a department; its teams and members are detached, not deleted (canManageDepartments)',
    params: idParams,
    responses: { 200: messageEnvelope, 403: errorResponse },
  }),
  members: endpoint({
    method: 'GET',
    path: '/api/departments/:id/members',
    operationId: 'listDepartmentMembers',
    scope: 'people:read',
    tags,
    summary: "The department's active members",
    params: idParams,
    query: pageQuery,
    responses: { 200: pagedEnvelope(userSchema) },
  }),
  attachTeam: endpoint({
    method: 'POST',
    path: '/api/departments/:id/teams',
    operationId: 'attachTeamToDepartment',
    scope: 'people:write',
    tags,
    summary: 'Attach an existing team of the same organization (canManageDepartments)',
    params: idParams,
    body: attachTeamBody,
    responses: { 200: departmentEnvelope, 403: errorResponse },
  }),
  detachTeam: endpoint({
    method: 'DELETE',
    path: '/api/departments/:id/teams/:teamId',
    operationId: 'detachTeamFromDepartment',
    scope: 'people:write',
    tags,
    summary: 'Detach a team from the department; the team stays (canManageDepartments)',
    params: z.object({ id: z.uuid(), teamId: z.uuid() }),
    responses: { 200: departmentEnvelope, 403: errorResponse },
  }),
};
