import { endpoint } from '../endpoint.js';
import { SEARCH_DEFAULT_PER_KIND, SEARCH_MAX_PER_KIND, SEARCH_MIN_LENGTH } from '../limits.js';
import { errorResponse } from '../schemas/common.js';
import { searchEverythingQuery, searchResponseSchema } from '../schemas/search.js';

/** Search everything: who reads which kind is the server's search/policy.ts. */
export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/search',
    operationId: 'searchEverything',
    scope: 'never',
    tags: ['Search'],
    summary:
      'Projects, tasks, tickets, templates, people and messages whose text contains q, only those the caller may read, grouped by kind',
    description:
      `q is trimmed; fewer than ${SEARCH_MIN_LENGTH} characters answer no groups. types: a comma-separated list ` +
      `of kinds (all when absent). limit: results per kind (1-${SEARCH_MAX_PER_KIND}, default ${SEARCH_DEFAULT_PER_KIND}).`,
    query: searchEverythingQuery,
    responses: { 200: searchResponseSchema, 400: errorResponse },
  }),
};
