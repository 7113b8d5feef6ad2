import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idSchema, messageEnvelope } from '../schemas/common.js';
import { advisorParams } from '../schemas/scheduling.js';
import { createTimeAwayBody, timeAwaySchema } from '../schemas/time-away.js';

const tags = ['Time away'];
const timeAwayParams = advisorParams.extend({ id: idSchema });

/** An advisor's time away: while away it offers no sessions, and its substitute takes what comes. */
export const timeAwayEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/advisors/:advisorId/time-away',
    operationId: 'listTimeAway',
    scope: 'sessions:read',
    tags,
    summary: "An advisor's time away that has not ended yet, soonest first: the advisor itself, admin",
    params: advisorParams,
    responses: { 200: envelope(z.array(timeAwaySchema)), 403: errorResponse, 404: errorResponse },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/advisors/:advisorId/time-away',
    operationId: 'createTimeAway',
    scope: 'sessions:write',
    tags,
    summary:
      'Record time away (dates in the availability zone, a note, a substitute advisor per organization it advises): the advisor itself, admin',
    params: advisorParams,
    body: createTimeAwayBody,
    responses: { 201: envelope(timeAwaySchema), 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/advisors/:advisorId/time-away/:id',
    operationId: 'deleteTimeAway',
    scope: 'sessions:write',
    tags,
    summary: 'Delete time away (the advisor is available again those days): the advisor itself, admin',
    params: timeAwayParams,
    responses: { 200: messageEnvelope, 403: errorResponse, 404: errorResponse },
  }),
};
