import { endpoint } from '../endpoint.js';
import { auditLogPage, auditLogQuery } from '../schemas/audit.js';
import { errorResponse } from '../schemas/common.js';

/** The audit log: read only; the app has no route that changes or deletes a line. */
export const auditLogEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/audit-log',
    operationId: 'listAuditLog',
    scope: 'never',
    tags: ['Audit log'],
    summary:
      "An organization's audit log, newest first: members, roles, departments, advisors, settings, second-factor rules, exports, and its task and ticket histories (org_admin: its own; admin: any)",
    query: auditLogQuery,
    responses: { 200: auditLogPage, 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
};
