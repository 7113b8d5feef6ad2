import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  advisorAssignmentParams,
  advisorSchema,
  assignAdvisorBody,
  myOrganizationSchema,
  organizationAdvisorSchema,
  organizationAdvisorsParams,
  updateAdvisorAssignmentBody,
} from '../schemas/advisors.js';
import { envelope, errorResponse, messageEnvelope } from '../schemas/common.js';

const tags = ['Advisors'];
const assignmentEnvelope = envelope(organizationAdvisorSchema);

/** S.M.A.R.T. Advisors and their assignments to organizations. */
export const advisorEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/users/advisors',
    operationId: 'listAdvisors',
    scope: 'people:read',
    tags,
    summary: 'Every advisor with its profile and assignments (admin)',
    responses: { 200: envelope(z.array(advisorSchema)), 403: errorResponse },
  }),
  myOrganizations: endpoint({
    method: 'GET',
    path: '/api/organizations/advisors/my-organizations',
    operationId: 'listMyAdvisedOrganizations',
    scope: 'people:read',
    tags,
    summary: "The signed-in advisor's assignments with each organization's people count (advisors)",
    responses: { 200: envelope(z.array(myOrganizationSchema)), 403: errorResponse },
  }),
  listByOrganization: endpoint({
    method: 'GET',
    path: '/api/organizations/:orgId/advisors',
    operationId: 'listOrganizationAdvisors',
    scope: 'people:read',
    tags,
    summary: "The organization's advisors: all for admin, the active ones for its members and advisors",
    params: organizationAdvisorsParams,
    responses: { 200: envelope(z.array(organizationAdvisorSchema)) },
  }),
  assign: endpoint({
    method: 'POST',
    path: '/api/organizations/:orgId/advisors',
    operationId: 'assignAdvisor',
    scope: 'people:write',
    tags,
    summary: 'Assign an advisor to the organization (admin); an inactive assignment is reactivated (200)',
    params: organizationAdvisorsParams,
    body: assignAdvisorBody,
    responses: {
      200: assignmentEnvelope,
      201: assignmentEnvelope,
      400: errorResponse,
      403: errorResponse,
      409: errorResponse,
    },
  }),
  updateAssignment: endpoint({
    method: 'PATCH',
    path: '/api/organizations/:orgId/advisors/:advisorId',
    operationId: 'updateAdvisorAssignment',
    scope: 'people:write',
    tags,
    summary: 'Activate or deactivate an assignment (admin); deactivating takes access away at once',
    params: advisorAssignmentParams,
    body: updateAdvisorAssignmentBody,
    responses: { 200: assignmentEnvelope, 403: errorResponse, 409: errorResponse },
  }),
  removeAssignment: endpoint({
    method: 'DELETE',
    path: '/api/organizations/:orgId/advisors/:advisorId',
    operationId: 'removeAdvisorAssignment',
    scope: 'people:write',
    tags,
    summary: 'Remove an assignment (admin); the advisor loses access at once',
    params: advisorAssignmentParams,
    responses: { 200: messageEnvelope, 403: errorResponse },
  }),
};
