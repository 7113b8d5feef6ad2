import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import {
  WEBHOOK_EVENT_CATALOGUE,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EXAMPLES,
  WEBHOOK_LIMITS,
  WEBHOOK_PAYLOAD_VERSION,
  type WebhookEventType,
  webhookBodySchemaOf,
} from '@smart/contracts';
import { z } from 'zod';

type Webhooks = NonNullable<
  Extract<NonNullable<FastifyDynamicSwaggerOptions['openapi']>, { webhooks?: unknown }>['webhooks']
>;

/*
 * The OpenAPI document's `webhooks` section (docs/decisions/0278-webhook-events-and-payloads.md):
 * each catalogue type as the POST a receiver gets, its body's schema from contracts
 * webhook-events.ts and the Standard Webhooks headers. The docs plugin adds it to the document.
 */

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

const HEADERS = [
  header(
    'webhook-id',
    "The delivery's id: the same on every attempt (use it to drop duplicates)",
    'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  ),
  header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed', '1764756000'),
  header(
    'webhook-signature',
    'Space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per signing secret (two after a rotation)',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
];

/** `task.created` → `taskCreatedWebhook`: an operation id a generated client can use. */
const operationIdOf = (type: WebhookEventType) =>
  `${type.replace(/[._]([a-z])/g, (_, letter: string) => letter.toUpperCase())}Webhook`;

/** The document's `webhooks`, one POST per catalogue type, in the catalogue's order. */
export function webhookOperations(): Webhooks {
  const webhooks = Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => {
      const schema = z.toJSONSchema(webhookBodySchemaOf(type), { target: 'draft-2020-12', io: 'output' });
      delete (schema as { $schema?: string }).$schema;
      return [
        type,
        {
          post: {
            operationId: operationIdOf(type),
            summary: WEBHOOK_EVENT_CATALOGUE[type],
            description: `Sent to the endpoints that chose \`${type}\`, payload version ${WEBHOOK_PAYLOAD_VERSION}. Answer 2xx within ${WEBHOOK_LIMITS.timeoutSeconds} s; anything else is retried.`,
            tags: ['Webhooks'],
            security: [],
            parameters: HEADERS,
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema,
                  example: {
                    type,
                    timestamp: '2026-12-03T09:30:00.000Z',
                    version: WEBHOOK_PAYLOAD_VERSION,
                    data: WEBHOOK_EXAMPLES[type],
                  },
                },
              },
            },
            responses: {
              '200': { description: 'Received (any 2xx)' },
              '410': { description: 'Gone: the endpoint is disabled and hears nothing more' },
              '429': { description: 'Too many: retried after its Retry-After' },
            },
          },
        },
      ];
    }),
  );
  // zod's JSON Schema is the 2020-12 dialect the 3.1 document uses; its TypeScript type is not openapi-types' own.
  return webhooks as unknown as Webhooks;
}
