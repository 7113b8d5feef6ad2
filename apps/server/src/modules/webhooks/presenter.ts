import type {
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
  webhookAttemptSchema,
  webhookDeliveryDetailSchema,
} from '@smart/contracts';
import type { z } from 'zod';
import type { WebhookDeliveryRow, WebhookEndpointRow, webhookAttempts } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { deliveryPermissions, endpointPermissions } from './policy.js';

type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An endpoint as the API shows it: never its secret, only the secret's first characters. */
export function presentEndpoint(endpoint: WebhookEndpointRow, actor: Actor): WebhookEndpointRecord {
  return {
    id: endpoint.id,
    _id: endpoint.id,
    organizationId: endpoint.organizationId,
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes,
    messageKinds: endpoint.messageKinds,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    secretPrefix: endpoint.secretPrefix,
    previousSecretExpiresAt: endpoint.previousSecret ? iso(endpoint.previousSecretExpiresAt) : null,
    createdAt: endpoint.createdAt.toISOString(),
    failingSince: iso(endpoint.failingSince),
    permissions: endpointPermissions(actor, endpoint),
  };
}

export function presentDelivery(delivery: WebhookDeliveryRow, actor: Actor): WebhookDeliveryRecord {
  return {
    id: delivery.id,
    _id: delivery.id,
    endpointId: delivery.endpointId,
    messageId: delivery.messageId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatus: delivery.lastStatus,
    nextAttemptAt: delivery.status === 'pending' ? iso(delivery.nextAttemptAt) : null,
    createdAt: delivery.createdAt.toISOString(),
    permissions: deliveryPermissions(actor, delivery),
  };
}

function presentAttempt(attempt: WebhookAttemptRow): z.infer<typeof webhookAttemptSchema> {
  return {
    id: attempt.id,
    attempt: attempt.attempt,
    startedAt: attempt.startedAt.toISOString(),
    durationMs: attempt.durationMs,
    requestHeaders: attempt.requestHeaders,
    responseStatus: attempt.responseStatus,
    responseHeaders: attempt.responseHeaders,
    responseBody: attempt.responseBody,
    error: attempt.error,
  };
}

/** One delivery with the body it sends and every attempt, oldest first. */
export function presentDeliveryDetail(
  delivery: WebhookDeliveryRow,
  attempts: WebhookAttemptRow[],
  actor: Actor,
): z.infer<typeof webhookDeliveryDetailSchema> {
  return { ...presentDelivery(delivery, actor), requestBody: delivery.body, attemptLog: attempts.map(presentAttempt) };
}
