import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams } from '../schemas/common.js';
import { serviceLevelsBody, serviceLevelsSchema } from '../schemas/service-levels.js';

const tags = ['Service levels'];

/** An organization's ticket service levels: targets per priority, its working week and holidays. */
export const serviceLevelEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/organizations/:id/service-levels',
    operationId: 'getServiceLevels',
    scope: 'tickets:read',
    tags,
    summary:
      "An organization's ticket targets per priority (first response, resolution; business or calendar hours), its working week and holidays: whoever reads its tickets",
    params: idParams,
    responses: { 200: envelope(serviceLevelsSchema), 404: errorResponse },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/organizations/:id/service-levels',
    operationId: 'updateServiceLevels',
    scope: 'tickets:write',
    tags,
    summary:
      "Set an organization's ticket targets, working week and holidays (its org_admin, admin); tickets created from now on are measured by them",
    params: idParams,
    body: serviceLevelsBody,
    responses: { 200: envelope(serviceLevelsSchema), 403: errorResponse, 404: errorResponse },
  }),
};
