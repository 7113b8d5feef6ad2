import { endpoint } from '../endpoint.js';
import { errorResponse } from '../schemas/common.js';
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
  metrics: endpoint({
    method: 'GET',
    path: '/api/metrics',
    operationId: 'getMetrics',
    tags,
    summary:
      "The server's metrics in Prometheus's text format, for the bearer token METRICS_TOKEN; 404 when it is unset",
    description:
      'Requests and their latency by route and status, event-loop lag, database pool and query time, job queue depth and failures by queue, e-mail and SMS deliveries by outcome, socket connections, budget refusals. No label names a person, an organization or a record.',
    responses: { 401: errorResponse, 404: errorResponse },
    public: true,
  }),
};
