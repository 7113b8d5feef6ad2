import {
  type PermissionFlag,
  WEBHOOK_EVENT_SCOPES,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
  type WebhookEventType,
} from '@smart/contracts';
import { type Actor, canManageIn } from '../../lib/tenancy.js';
import { type ApiTokenContext, requireTokenScope } from '../../plugins/auth.js';

/**
 * Who manages an organization's webhooks: its org_admins (canManageSettings: an endpoint sends the
 * organization's records out) and the platform admin, for every organization. A token acting for
 * one of them also needs `webhooks:*`, which the scope gate checks before this.
 */
export const WEBHOOKS_FLAG: PermissionFlag = 'canManageSettings';

export const managesWebhooksIn = (actor: Actor, organizationId: string) =>
  canManageIn(actor, organizationId, WEBHOOKS_FLAG);

export function endpointPermissions(
  actor: Actor,
  endpoint: { organizationId: string },
): WebhookEndpointRecord['permissions'] {
  const manages = managesWebhooksIn(actor, endpoint.organizationId);
  return { canEdit: manages, canDelete: manages };
}

export function deliveryPermissions(
  actor: Actor,
  delivery: { organizationId: string },
): WebhookDeliveryRecord['permissions'] {
  return { canRedeliver: managesWebhooksIn(actor, delivery.organizationId) };
}

/**
 * A token hears, reads and resends only events whose records its scopes may read
 * (WEBHOOK_EVENT_SCOPES): with `webhooks:write` alone it could subscribe to tickets, or read them
 * in the delivery log, without `tickets:read`. 403 INSUFFICIENT_SCOPE naming the first one missing.
 */
export function requireEventScopes(token: ApiTokenContext | null, eventTypes: readonly string[]) {
  if (!token) return;
  for (const type of eventTypes) {
    const scope = WEBHOOK_EVENT_SCOPES[type as WebhookEventType];
    if (scope) requireTokenScope(token, scope);
  }
}
