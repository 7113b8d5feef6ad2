import { endpoint } from '../endpoint.js';
import { envelope, errorResponse } from '../schemas/common.js';
import { myWorkQuery, myWorkSchema, platformFiguresSchema } from '../schemas/my-work.js';

const tags = ['My work'];

/** The dashboard's "My work": one request per dashboard, one query per block. */
export const myWorkEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/api/my-work',
    operationId: 'getMyWork',
    scope: 'projects:read',
    tags,
    summary:
      "The caller's tasks due soon or overdue, tickets waiting for it and unread conversations: each block's count and first rows",
    query: myWorkQuery,
    responses: { 200: envelope(myWorkSchema) },
  }),
  platform: endpoint({
    method: 'GET',
    path: '/api/my-work/platform',
    operationId: 'getPlatformFigures',
    scope: 'people:read',
    tags,
    summary: 'Admin only: organizations, people, advisors and their assignments, open tickets',
    responses: { 200: envelope(platformFiguresSchema), 403: errorResponse },
  }),
};
