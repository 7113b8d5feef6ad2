import { endpoint } from '../endpoint.js';
import { healthResponse } from '../schemas/health.js';

export const healthEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/health',
    operationId: 'getHealth',
    tags: ['Health'],
    summary: 'Ready once the database answers',
    responses: { 200: healthResponse },
    public: true,
  }),
};
