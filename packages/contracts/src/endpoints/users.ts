import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams, pagedEnvelope, pageQuery, searchQuery } from '../schemas/common.js';
import { myDataFileSchema } from '../schemas/my-data.js';
import { memberStatusQuery, updateMemberBody, userListQuery } from '../schemas/structure.js';
import {
  profileUpdateBody,
  registerBody,
  registerResponse,
  setUserDepartmentBody,
  setUserOrganizationBody,
  userSchema,
} from '../schemas/users.js';

const tags = ['Accounts'];
const userEnvelope = envelope(userSchema);
const userPage = pagedEnvelope(userSchema);

/** Accounts: adding people, one's own profile, the member lists and a manager's changes to a member. */
export const userEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/api/users/register',
    operationId: 'registerUser',
    scope: 'people:write',
    tags,
    summary:
      "Add a user (org_admin: into its own organization as user or org_admin; admin: anywhere); 409 when the organization's subscription has no seat left",
    body: registerBody,
    responses: { 201: registerResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  profile: endpoint({
    method: 'GET',
    path: '/api/users/profile',
    operationId: 'getProfile',
    scope: 'people:read',
    tags,
    summary: 'The signed-in user',
    responses: { 200: userEnvelope },
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/users/profile',
    operationId: 'updateProfile',
    scope: 'never',
    tags,
    summary: 'Edit own name, e-mail and profile fields (never role or organization)',
    body: profileUpdateBody,
    responses: { 200: userEnvelope, 409: errorResponse },
  }),
  myData: endpoint({
    method: 'GET',
    path: '/api/users/profile/data',
    operationId: 'downloadMyData',
    scope: 'never',
    tags,
    budget: 'exports',
    summary:
      "Download my data: the caller's profile, the messages it sent, its task and ticket comments, its time entries and its notifications, as one JSON file (an attachment)",
    description:
      "Every signed-in person, its own data only. An export: it counts toward the caller's exports of the minute and those it may have running at once (MAX_CONCURRENT_EXPORTS), and the server's; beyond any, 429. Streamed list by list; each download is a line of the person's organization's audit log.",
    responses: { 200: myDataFileSchema, 429: errorResponse },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/users',
    operationId: 'listUsers',
    scope: 'people:read',
    tags,
    summary:
      'Users by name: org_admin its organization; admin everyone, or one organization. search: name or e-mail contains',
    query: userListQuery,
    responses: { 200: userPage, 403: errorResponse, 404: errorResponse },
  }),
  listByOrganization: endpoint({
    method: 'GET',
    path: '/api/users/organization/:orgId',
    operationId: 'listUsersByOrganization',
    scope: 'people:read',
    tags,
    summary: "An organization's members (readable by its members, its advisors and admin)",
    params: z.object({ orgId: z.uuid() }),
    query: pageQuery.extend(memberStatusQuery.shape).extend(searchQuery.shape),
    responses: { 200: userPage },
  }),
  moveToOrganization: endpoint({
    method: 'PUT',
    path: '/api/users/:id/organization',
    operationId: 'moveUserToOrganization',
    scope: 'people:write',
    tags,
    summary: 'Move a user to an organization (admin); 409 when an active user finds no seat left there',
    params: idParams,
    body: setUserOrganizationBody,
    responses: { 200: userEnvelope, 403: errorResponse, 409: errorResponse },
  }),
  listByDepartment: endpoint({
    method: 'GET',
    path: '/api/users/department/:id',
    operationId: 'listUsersByDepartment',
    scope: 'people:read',
    tags,
    summary: "A department's members (its organization and admin)",
    params: idParams,
    query: pageQuery,
    responses: { 200: userPage },
  }),
  setDepartment: endpoint({
    method: 'PUT',
    path: '/api/users/:id/department',
    operationId: 'setUserDepartment',
    scope: 'people:write',
    tags,
    summary: "Place a user in one of its organization's departments, or none (org_admin of that organization, admin)",
    params: idParams,
    body: setUserDepartmentBody,
    responses: { 200: userEnvelope, 403: errorResponse },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/users/:id',
    operationId: 'updateMember',
    scope: 'people:write',
    tags,
    summary: "Edit a member's job title, phone, department and role (org_admin of that organization, admin)",
    params: idParams,
    body: updateMemberBody,
    responses: { 200: userEnvelope, 403: errorResponse },
  }),
  deactivate: endpoint({
    method: 'DELETE',
    path: '/api/users/:id',
    operationId: 'deactivateMember',
    scope: 'people:write',
    tags,
    summary: 'Deactivate a member: it can no longer sign in; its records stay (org_admin of that organization, admin)',
    params: idParams,
    responses: { 200: userEnvelope, 400: errorResponse, 403: errorResponse },
  }),
  reactivate: endpoint({
    method: 'POST',
    path: '/api/users/:id/reactivate',
    operationId: 'reactivateMember',
    scope: 'people:write',
    tags,
    summary:
      "Reactivate a deactivated member: it may sign in again (who may deactivate it: org_admin of that organization, admin); 409 when the organization's subscription has no seat left",
    params: idParams,
    responses: { 200: userEnvelope, 403: errorResponse, 409: errorResponse },
  }),
};
