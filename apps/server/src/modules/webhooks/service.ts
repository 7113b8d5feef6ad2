import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import {
  type createWebhookEndpointBody,
  type PageQuery,
  UI_TEXT,
  type updateWebhookEndpointBody,
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_MESSAGE,
  type webhookDeliveryListQuery,
} from '@smart/contracts';
import { and, asc, count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import {
  organizations,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { recordAudit } from '../../lib/audit.js';
import { givenChanges } from '../../lib/changes.js';
import { badField, conflict, forbidden, notFound } from '../../lib/errors.js';
import { refusedRange } from '../../lib/outbound-address.js';
import { type Page, paginateByIds } from '../../lib/paging.js';
import {
  type Actor,
  canSeeIn,
  hasFlag,
  inScope,
  organizationScope,
  organizationToCreateIn,
  seesAllOrganizations,
} from '../../lib/tenancy.js';
import type { ApiTokenContext } from '../../plugins/auth.js';
import { failOwedDeliveries } from './attempts.js';
import { newMessageId, webhookBodyText } from './consumer.js';
import { deliveryJob } from './delivery.js';
import { managesWebhooksIn, requireEventScopes, WEBHOOKS_FLAG } from './policy.js';
import { newWebhookSecret, previousSecretExpiry, secretPrefixOf, type WebhookSecrets } from './signing.js';

/** What the webhook routes' services need besides the database. */
export interface WebhookServiceDeps {
  db: Database;
  queue: JobQueue;
  secrets: WebhookSecrets;
  /** Development and tests: plain http:// endpoints are accepted. */
  allowPrivateTargets: boolean;
}

/** An endpoint and its secret, the one time it is shown. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpointRow;
  secret: string;
}

/** GET /api/webhooks: the caller's organization's endpoints; the admin's: every organization's, or the one it names. */
export async function listEndpoints(
  db: Database,
  actor: Actor,
  organizationId: string | undefined,
  query: PageQuery,
): Promise<Page<WebhookEndpointRow>> {
  if (!seesAllOrganizations(actor) && !hasFlag(actor, WEBHOOKS_FLAG)) throw forbidden();
  const where = inScope(await organizationScope(db, actor, organizationId), webhookEndpoints.organizationId);
  return paginateByIds(db, query, {
    table: webhookEndpoints,
    where,
    order: [webhookEndpoints.createdAt, webhookEndpoints.id],
    details: ({ ids, on }) => db.select(getTableColumns(webhookEndpoints)).from(webhookEndpoints).innerJoin(ids, on),
  });
}

/** The endpoint the actor manages: 404 when missing or another organization's, 403 for its members without the right. */
async function managedEndpoint(db: Database, actor: Actor, id: string): Promise<WebhookEndpointRow> {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  if (!endpoint || !canSeeIn(actor, endpoint.organizationId)) throw notFound(UI_TEXT.webhookNotFound);
  if (!managesWebhooksIn(actor, endpoint.organizationId)) throw forbidden();
  return endpoint;
}

export const readEndpoint = managedEndpoint;

/** Plain http:// only where private targets are allowed (development, tests); the schema checked the rest. */
/**
 * An endpoint's URL as registered: no credentials in it (they would be shown in the list and the
 * audit log); unless private targets are allowed, https and not an address literal or name that is
 * plainly private. A name that resolves to a private address is refused when a delivery is sent.
 */
function requireAllowedUrl(url: string | undefined, deps: WebhookServiceDeps) {
  if (url === undefined) return;
  const parsed = new URL(url);
  if (parsed.username || parsed.password) throw badField('url', UI_TEXT.webhookUrlCredentials);
  if (deps.allowPrivateTargets) return;
  if (parsed.protocol !== 'https:') throw badField('url', UI_TEXT.webhookHttpsRequired);
  // The URL parser has already read 2130706433, 0x7f.1 and 127.1 as 127.0.0.1.
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && refusedRange(host) !== null)) {
    throw badField('url', UI_TEXT.webhookPrivateAddress);
  }
}

/** POST /api/webhooks: a new endpoint in the actor's organization, with its secret (sealed at rest). */
export async function createEndpoint(
  deps: WebhookServiceDeps,
  actor: Actor,
  body: z.infer<typeof createWebhookEndpointBody>,
  token: ApiTokenContext | null,
): Promise<EndpointWithSecret> {
  const { db } = deps;
  const organizationId = await organizationToCreateIn(db, actor, undefined, WEBHOOKS_FLAG);
  requireEventScopes(token, body.eventTypes);
  requireAllowedUrl(body.url, deps);
  const id = randomUUID();
  const secret = newWebhookSecret();
  const endpoint = await db.transaction(async (tx) => {
    // The organization's row, locked: two creations at once count one after the other.
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    const [held] = await tx
      .select({ count: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.organizationId, organizationId));
    if ((held?.count ?? 0) >= WEBHOOK_LIMITS.maxEndpointsPerOrganization) throw conflict(UI_TEXT.webhookLimitReached);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        organizationId,
        url: body.url,
        description: body.description ?? null,
        eventTypes: [...new Set(body.eventTypes)] as WebhookEndpointRow['eventTypes'],
        messageKinds: [...new Set(body.messageKinds)],
        secret: deps.secrets.seal(id, secret),
        secretPrefix: secretPrefixOf(secret),
        concurrency: WEBHOOK_LIMITS.concurrencyPerEndpoint,
        createdById: actor.id,
      })
      .returning();
    if (!row) throw new Error('webhook endpoint not written');
    await recordAudit(tx, actor.id, [
      { organizationId, action: 'webhook.created', target: { type: 'webhook', id, label: body.url } },
    ]);
    return row;
  });
  return { endpoint, secret };
}

/** PATCH /api/webhooks/{id}. Disabling fails what is still owed; enabling clears the system's reason. */
export async function updateEndpoint(
  deps: WebhookServiceDeps,
  actor: Actor,
  id: string,
  body: z.infer<typeof updateWebhookEndpointBody>,
  token: ApiTokenContext | null,
): Promise<WebhookEndpointRow> {
  const endpoint = await managedEndpoint(deps.db, actor, id);
  // What it will hear: a token that may not read tickets may not point a ticket endpoint elsewhere either.
  requireEventScopes(token, body.eventTypes ?? endpoint.eventTypes);
  requireAllowedUrl(body.url, deps);
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const changes = givenChanges({
      url: body.url,
      description: body.description,
      eventTypes: body.eventTypes && ([...new Set(body.eventTypes)] as WebhookEndpointRow['eventTypes']),
      messageKinds: body.messageKinds && [...new Set(body.messageKinds)],
      enabled: body.enabled,
    });
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...changes,
        ...(body.enabled !== undefined && { disabledReason: null }),
        ...(body.enabled === true && { failingSince: null }),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!row) throw notFound(UI_TEXT.webhookNotFound);
    if (body.enabled === false) await failOwedDeliveries(tx, id, now);
    return row;
  });
}

/** DELETE /api/webhooks/{id}: the endpoint with its delivery log. */
export async function deleteEndpoint(db: Database, actor: Actor, id: string) {
  const endpoint = await managedEndpoint(db, actor, id);
  await db.transaction(async (tx) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, actor.id, [
      {
        organizationId: endpoint.organizationId,
        action: 'webhook.deleted',
        target: { type: 'webhook', id, label: endpoint.url },
      },
    ]);
  });
}

/** POST /api/webhooks/{id}/rotate-secret: a new secret; the one it replaces signs beside it for 24 hours. */
export async function rotateSecret(deps: WebhookServiceDeps, actor: Actor, id: string): Promise<EndpointWithSecret> {
  const endpoint = await managedEndpoint(deps.db, actor, id);
  const secret = newWebhookSecret();
  const now = new Date();
  const row = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for('no key update');
    const [rotated] = await tx
      .update(webhookEndpoints)
      .set({
        secret: deps.secrets.seal(id, secret),
        secretPrefix: secretPrefixOf(secret),
        previousSecret: current?.secret ?? endpoint.secret,
        previousSecretExpiresAt: previousSecretExpiry(now),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!rotated) throw notFound(UI_TEXT.webhookNotFound);
    await recordAudit(tx, actor.id, [
      {
        organizationId: endpoint.organizationId,
        action: 'webhook.secret_rotated',
        target: { type: 'webhook', id, label: endpoint.url },
      },
    ]);
    return rotated;
  });
  return { endpoint: row, secret };
}

/** POST /api/webhooks/{id}/test: a `webhook.test` delivery to this endpoint alone, sent now (enabled or not). */
export async function sendTestEvent(deps: WebhookServiceDeps, actor: Actor, id: string): Promise<WebhookDeliveryRow> {
  const endpoint = await managedEndpoint(deps.db, actor, id);
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const [organization] = await tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, endpoint.organizationId));
    const data = {
      organization: organization ?? { id: endpoint.organizationId, name: '' },
      message: WEBHOOK_TEST_MESSAGE,
    };
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        organizationId: endpoint.organizationId,
        eventId: null,
        messageId: newMessageId(),
        eventType: 'webhook.test',
        recordKey: null,
        body: webhookBodyText('webhook.test', now, data),
        nextAttemptAt: now,
      })
      .returning();
    if (!delivery) throw new Error('test delivery not written');
    await deps.queue.insertIn(tx, [deliveryJob(delivery.id)]);
    return delivery;
  });
}

type DeliveryListQuery = z.infer<typeof webhookDeliveryListQuery>;

/** GET /api/webhooks/{id}/deliveries: newest first, each filter walking its own index. */
export async function listDeliveries(
  db: Database,
  actor: Actor,
  endpointId: string,
  { status, eventType, ...page }: DeliveryListQuery,
): Promise<Page<WebhookDeliveryRow>> {
  await managedEndpoint(db, actor, endpointId);
  const conditions: SQL[] = [eq(webhookDeliveries.endpointId, endpointId)];
  if (status) conditions.push(eq(webhookDeliveries.status, status));
  if (eventType) conditions.push(eq(webhookDeliveries.eventType, eventType));
  return paginateByIds(db, page, {
    table: webhookDeliveries,
    where: and(...conditions),
    order: [webhookDeliveries.createdAt, webhookDeliveries.id],
    descending: true,
    details: ({ ids, on }) => db.select(getTableColumns(webhookDeliveries)).from(webhookDeliveries).innerJoin(ids, on),
  });
}

async function endpointDelivery(db: Database, actor: Actor, endpointId: string, deliveryId: string) {
  await managedEndpoint(db, actor, endpointId);
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
    .limit(1);
  if (!delivery) throw notFound(UI_TEXT.webhookDeliveryNotFound);
  return delivery;
}

/** GET /api/webhooks/{id}/deliveries/{deliveryId}: the delivery with every attempt, oldest first. */
export async function readDelivery(
  db: Database,
  actor: Actor,
  endpointId: string,
  deliveryId: string,
  token: ApiTokenContext | null,
) {
  const delivery = await endpointDelivery(db, actor, endpointId, deliveryId);
  requireEventScopes(token, [delivery.eventType]);
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, delivery.id))
    .orderBy(asc(webhookAttempts.attempt));
  return { delivery, attempts };
}

/** POST …/redeliver: one more attempt now, with the same `webhook-id` and body (a receiver that saw it may skip it). */
export async function redeliver(
  deps: WebhookServiceDeps,
  actor: Actor,
  endpointId: string,
  deliveryId: string,
  token: ApiTokenContext | null,
): Promise<WebhookDeliveryRow> {
  const delivery = await endpointDelivery(deps.db, actor, endpointId, deliveryId);
  requireEventScopes(token, [delivery.eventType]);
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: now, finishedAt: null })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning();
    if (!row) throw notFound(UI_TEXT.webhookDeliveryNotFound);
    await deps.queue.insertIn(tx, [deliveryJob(row.id)]);
    return row;
  });
}
