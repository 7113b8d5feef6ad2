import type { PermissionFlag, WebhookDeliveryRecord, WebhookEndpointRecord } from '@smart/contracts';
import { type Actor, canManageIn } from '../../lib/tenancy.js';

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
