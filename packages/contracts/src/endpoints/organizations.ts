import { endpoint } from '../endpoint.js';
import {
  envelope,
  errorResponse,
  idParams,
  messageEnvelope,
  pagedEnvelope,
  pageQuery,
  searchQuery,
} from '../schemas/common.js';
import {
  createOrganizationBody,
  eraseOrganizationBody,
  organizationSchema,
  organizationSecurityBody,
  updateOrganizationBody,
} from '../schemas/organizations.js';
import { memberStatusQuery } from '../schemas/structure.js';
import { userSchema } from '../schemas/users.js';

const tags = ['Organizations'];
const organizationEnvelope = envelope(organizationSchema);

/** Organizations: the list, one's profile, the account's close and reopen, its security and its members. */
export const organizationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/organizations',
    operationId: 'listOrganizations',
    scope: 'people:read',
    tags,
    summary: 'Organizations: admin all, an advisor those it advises, others their own',
    query: pageQuery.extend(searchQuery.shape),
    responses: { 200: pagedEnvelope(organizationSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/organizations',
    operationId: 'createOrganization',
    scope: 'people:write',
    tags,
    summary: 'Create an organization (admin)',
    body: createOrganizationBody,
    responses: { 201: organizationEnvelope, 403: errorResponse, 409: errorResponse },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/organizations/:id',
    operationId: 'getOrganization',
    scope: 'people:read',
    tags,
    summary: 'One organization (its members, its advisors, admin)',
    params: idParams,
    responses: { 200: organizationEnvelope },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/organizations/:id',
    operationId: 'updateOrganization',
    scope: 'people:write',
    tags,
    summary:
      "Change the organization profile (its org_admin, admin); its subscription's seats: admin only (403 otherwise)",
    params: idParams,
    body: updateOrganizationBody,
    responses: { 200: organizationEnvelope, 403: errorResponse, 409: errorResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/organizations/:id',
    operationId: 'deleteOrganization',
    scope: 'never',
    tags,
    summary: 'Delete an organization without members (admin); 409 while it has members',
    params: idParams,
    responses: { 200: messageEnvelope, 403: errorResponse, 409: errorResponse },
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/organizations/:id/close',
    operationId: 'closeOrganization',
    scope: 'never',
    tags,
    summary:
      "Close the organization account (its org_admin, admin): its people are signed out and can't sign in; nothing is deleted",
    params: idParams,
    responses: { 200: organizationEnvelope, 403: errorResponse, 409: errorResponse },
  }),
  reopen: endpoint({
    method: 'POST',
    path: '/api/organizations/:id/reopen',
    operationId: 'reopenOrganization',
    scope: 'never',
    tags,
    summary: 'Reopen a closed organization account (admin): its people can sign in again',
    params: idParams,
    responses: { 200: organizationEnvelope, 403: errorResponse, 409: errorResponse },
  }),
  erase: endpoint({
    method: 'POST',
    path: '/api/organizations/:id/erase',
    operationId: 'eraseOrganization',
    scope: 'never',
    tags,
    summary:
      'Erase the organization for good (admin, with its name typed): closes it if open, then deletes its rows and files in a background job (202); 400 when the name does not match',
    params: idParams,
    body: eraseOrganizationBody,
    responses: { 202: messageEnvelope, 400: errorResponse, 403: errorResponse, 409: errorResponse },
  }),
  updateSecurity: endpoint({
    method: 'PUT',
    path: '/api/organizations/:id/security',
    operationId: 'updateOrganizationSecurity',
    scope: 'never',
    tags,
    summary:
      "Require two-factor sign-in of the organization's people (its org_admin, admin; the platform organization's staff: admin); who turns it on must have it",
    params: idParams,
    body: organizationSecurityBody,
    responses: { 200: organizationEnvelope, 403: errorResponse },
  }),
  listUsers: endpoint({
    method: 'GET',
    path: '/api/organizations/:id/users',
    operationId: 'listOrganizationUsers',
    scope: 'people:read',
    tags,
    summary: "The organization's members (its members, its advisors, admin)",
    params: idParams,
    query: pageQuery.extend(memberStatusQuery.shape),
    responses: { 200: pagedEnvelope(userSchema) },
  }),
};
