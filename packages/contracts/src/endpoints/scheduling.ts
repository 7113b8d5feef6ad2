import { endpoint } from '../endpoint.js';
import { envelope, errorResponse } from '../schemas/common.js';
import {
  advisorParams,
  advisorSlotsSchema,
  availabilitySchema,
  slotsQuery,
  updateAvailabilityBody,
} from '../schemas/scheduling.js';

const tags = ['Scheduling'];

/** Scheduling with an advisor (issue 24): its availability and its free slots. */
export const schedulingEndpoints = {
  getAvailability: endpoint({
    method: 'GET',
    path: '/api/advisors/:advisorId/availability',
    operationId: 'getAdvisorAvailability',
    tags,
    summary:
      "An advisor's availability, or the defaults until one is saved (the advisor itself, admin; `me`: the caller)",
    params: advisorParams,
    responses: { 200: envelope(availabilitySchema), 403: errorResponse, 404: errorResponse },
  }),
  updateAvailability: endpoint({
    method: 'PUT',
    path: '/api/advisors/:advisorId/availability',
    operationId: 'updateAdvisorAvailability',
    tags,
    summary: "Replace an advisor's availability (the advisor itself, admin; `me`: the caller)",
    params: advisorParams,
    body: updateAvailabilityBody,
    responses: { 200: envelope(availabilitySchema), 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  slots: endpoint({
    method: 'GET',
    path: '/api/advisors/:advisorId/slots',
    operationId: 'listAdvisorSlots',
    tags,
    summary:
      "An advisor's free session starts between two UTC instants (the advisor, admin, people of an organization it actively advises)",
    params: advisorParams,
    query: slotsQuery,
    responses: { 200: envelope(advisorSlotsSchema), 400: errorResponse, 404: errorResponse },
  }),
};
