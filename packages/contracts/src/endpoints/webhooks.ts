import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams, idSchema, messageEnvelope } from '../schemas/common.js';
import {
  createWebhookEndpointBody,
  updateWebhookEndpointBody,
  webhookDeliveryDetailSchema,
  webhookDeliveryListQuery,
  webhookDeliveryPage,
  webhookDeliverySchema,
  webhookEndpointListQuery,
  webhookEndpointPage,
  webhookEndpointSchema,
  webhookSecretAnswer,
} from '../schemas/webhooks.js';

const tags = ['Webhooks'];
const deliveryParams = z.object({ id: idSchema, deliveryId: idSchema });

/**
 * An organization's webhook endpoints and their delivery log (decision 0277): its org_admins, a
 * token with `webhooks:*` of one, and the platform admin.
 */
export const webhookEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/webhooks',
    operationId: 'listWebhookEndpoints',
    tags,
    scope: 'webhooks:read',
    summary: "The caller's organization's endpoints (the admin: every organization's, or one's)",
    query: webhookEndpointListQuery,
    responses: { 200: webhookEndpointPage, 400: errorResponse, 403: errorResponse },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/webhooks',
    operationId: 'createWebhookEndpoint',
    tags,
    scope: 'webhooks:write',
    summary: 'Register an endpoint: its URL, the events it hears; answers its signing secret (`whsec_…`), shown once',
    body: createWebhookEndpointBody,
    responses: { 201: envelope(webhookSecretAnswer), 400: errorResponse, 403: errorResponse, 409: errorResponse },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/webhooks/:id',
    operationId: 'getWebhookEndpoint',
    tags,
    scope: 'webhooks:read',
    summary: 'One endpoint',
    params: idParams,
    responses: { 200: envelope(webhookEndpointSchema), 404: errorResponse },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/webhooks/:id',
    operationId: 'updateWebhookEndpoint',
    tags,
    scope: 'webhooks:write',
    summary: 'Change its URL, description or events; enable or disable it',
    params: idParams,
    body: updateWebhookEndpointBody,
    responses: { 200: envelope(webhookEndpointSchema), 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/webhooks/:id',
    operationId: 'deleteWebhookEndpoint',
    tags,
    scope: 'webhooks:write',
    summary: 'Delete an endpoint and its delivery log',
    params: idParams,
    responses: { 200: messageEnvelope, 403: errorResponse, 404: errorResponse },
  }),
  rotateSecret: endpoint({
    method: 'POST',
    path: '/api/webhooks/:id/rotate-secret',
    operationId: 'rotateWebhookSecret',
    tags,
    scope: 'webhooks:write',
    summary: 'A new signing secret, shown once; the old one also signs for 24 hours',
    params: idParams,
    responses: { 200: envelope(webhookSecretAnswer), 403: errorResponse, 404: errorResponse },
  }),
  sendTest: endpoint({
    method: 'POST',
    path: '/api/webhooks/:id/test',
    operationId: 'sendWebhookTestEvent',
    tags,
    scope: 'webhooks:write',
    summary: 'Send a `webhook.test` event to this endpoint now',
    params: idParams,
    responses: { 202: envelope(webhookDeliverySchema), 403: errorResponse, 404: errorResponse },
  }),
  listDeliveries: endpoint({
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    tags,
    scope: 'webhooks:read',
    summary: "An endpoint's deliveries, newest first (kept 30 days), failed or of one event type when asked",
    params: idParams,
    query: webhookDeliveryListQuery,
    responses: { 200: webhookDeliveryPage, 400: errorResponse, 404: errorResponse },
  }),
  getDelivery: endpoint({
    method: 'GET',
    path: '/api/webhooks/:id/deliveries/:deliveryId',
    operationId: 'getWebhookDelivery',
    tags,
    scope: 'webhooks:read',
    summary: 'One delivery: the request sent and every attempt with its answer',
    params: deliveryParams,
    responses: { 200: envelope(webhookDeliveryDetailSchema), 404: errorResponse },
  }),
  redeliver: endpoint({
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    operationId: 'redeliverWebhook',
    tags,
    scope: 'webhooks:write',
    summary: 'Send a delivery again now, with the same `webhook-id` (a receiver that saw it may skip it)',
    params: deliveryParams,
    responses: { 202: envelope(webhookDeliverySchema), 403: errorResponse, 404: errorResponse },
  }),
} as const;
