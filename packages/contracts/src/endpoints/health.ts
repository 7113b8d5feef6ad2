import { endpoint } from '../endpoint.js';
import { healthResponse, readinessResponse } from '../schemas/health.js';

const tags = ['Health'];

export const healthEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/health',
    operationId: 'getHealth',
    tags,
    summary: 'Ready once the database answers',
    responses: { 200: healthResponse },
    public: true,
  }),
  live: endpoint({
    method: 'GET',
    path: '/api/health/live',
    operationId: 'getLiveness',
    tags,
    summary: 'The process runs and answers (asks nothing else): restart it when this fails',
    responses: { 200: healthResponse },
    public: true,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/health/ready',
    operationId: 'getReadiness',
    tags,
    summary: 'Takes requests: the database and Redis (when set) answer, and it is not draining; else 503',
    responses: { 200: readinessResponse, 503: readinessResponse },
    public: true,
  }),
};
