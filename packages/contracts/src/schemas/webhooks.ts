import { z } from 'zod';
import { UI_TEXT } from '../ui-text.js';
import {
  SUBSCRIBABLE_WEBHOOK_EVENT_TYPES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGE_KINDS,
} from '../webhooks.js';
import {
  boundedString,
  idSchema,
  optionalText,
  pagedEnvelope,
  pageQuery,
  permissionsSchema,
  recordIds,
} from './common.js';

const subscribable = z.enum(SUBSCRIBABLE_WEBHOOK_EVENT_TYPES as [string, ...string[]]);

export const webhookEndpointSchema = z.object({
  ...recordIds,
  organizationId: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.string()),
  /** The conversation kinds whose messages `message.created` sends. */
  messageKinds: z.array(z.enum(WEBHOOK_MESSAGE_KINDS)),
  enabled: z.boolean(),
  /** Why the system disabled it (WEBHOOK_DISABLED_REASONS' code: `gone`, `failing`); null when by a person or enabled. */
  disabledReason: z.string().nullable(),
  /** The secret's first characters, to tell secrets apart; a rotation's old one while it still signs. */
  secretPrefix: z.string(),
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Since when every delivery has failed (null when the last one succeeded). */
  failingSince: z.string().nullable(),
  permissions: permissionsSchema('canEdit', 'canDelete'),
});
export type WebhookEndpointRecord = z.infer<typeof webhookEndpointSchema>;

/** A new endpoint or a rotated secret: the one time the secret is shown. */
export const webhookSecretAnswer = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });

const webhookUrl = boundedString(WEBHOOK_LIMITS.urlMax)
  .trim()
  .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), UI_TEXT.webhookUrlInvalid);

export const createWebhookEndpointBody = z.object({
  url: webhookUrl,
  description: optionalText(WEBHOOK_LIMITS.descriptionMax),
  eventTypes: z.array(subscribable).min(1, UI_TEXT.webhookEventsRequired).max(WEBHOOK_EVENT_TYPES.length),
  messageKinds: z.array(z.enum(WEBHOOK_MESSAGE_KINDS)).max(WEBHOOK_MESSAGE_KINDS.length).default([]),
});

export const updateWebhookEndpointBody = z.object({
  url: webhookUrl.optional(),
  description: optionalText(WEBHOOK_LIMITS.descriptionMax),
  eventTypes: z.array(subscribable).min(1, UI_TEXT.webhookEventsRequired).max(WEBHOOK_EVENT_TYPES.length).optional(),
  messageKinds: z.array(z.enum(WEBHOOK_MESSAGE_KINDS)).max(WEBHOOK_MESSAGE_KINDS.length).optional(),
  enabled: z.boolean().optional(),
});

export const webhookEndpointPage = pagedEnvelope(webhookEndpointSchema);

/** One attempt of a delivery, as the log shows it. */
export const webhookAttemptSchema = z.object({
  id: z.string(),
  attempt: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int().nullable(),
  requestHeaders: z.record(z.string(), z.string()),
  /** The answer's status; null when none came (refused address, network error, timeout). */
  responseStatus: z.number().int().nullable(),
  responseHeaders: z.record(z.string(), z.string()).nullable(),
  /** The answer's first WEBHOOK_LIMITS.responseBodyKeptBytes. */
  responseBody: z.string().nullable(),
  /** Why no answer counted: `timeout`, `network`, `refused_address`… */
  error: z.string().nullable(),
});

/** One event to one endpoint: the same `webhook-id` on every attempt. */
export const webhookDeliverySchema = z.object({
  ...recordIds,
  endpointId: z.string(),
  /** The `webhook-id` header. */
  messageId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  permissions: permissionsSchema('canRedeliver'),
});
export type WebhookDeliveryRecord = z.infer<typeof webhookDeliverySchema>;

/** One delivery with its body and every attempt. */
export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  requestBody: z.string(),
  attemptLog: z.array(webhookAttemptSchema),
});

export const webhookDeliveryPage = pagedEnvelope(webhookDeliverySchema);

export const webhookDeliveryListQuery = pageQuery.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES).optional(),
});

export const webhookEndpointListQuery = pageQuery.extend({ organizationId: idSchema.optional() });
