import { domainEvent, WEBHOOK_LIMITS, type WebhookDisabledReason } from '@smart/contracts';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { organizations, webhookEndpoints } from '../../db/schema/index.js';
import { publish } from '../../events/stream.js';

/*
 * An endpoint's health (docs/decisions/0279-outbound-requests-refuse-private-addresses.md): since
 * when every attempt has failed, and the system's disabling of an endpoint that is gone or has
 * failed for WEBHOOK_LIMITS.disableAfterFailingDays. Each runs in the transaction that records the
 * attempt, so the endpoint's state and the attempt's row agree.
 */

/** How one attempt ended, for the endpoint's health: an answer that counts as received, or not. */
export type DeliveryOutcome = 'succeeded' | 'failed';

/** The URL as a notice may show it: no credentials, no query (either may hold the receiver's secret). */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.slice(0, WEBHOOK_LIMITS.urlMax);
  }
}

/**
 * Disables an enabled endpoint for a reason of the system's and tells its organization's
 * org_admins (a `webhook.endpoint_disabled` domain event: in the app and by e-mail). `when` narrows
 * the rows it may disable. Exactly once: the row lock makes a concurrent second call find it
 * disabled already. Returns whether this call disabled it.
 */
export async function disableEndpoint(
  db: Database,
  tx: Database,
  endpointId: string,
  reason: WebhookDisabledReason,
  when?: SQL,
): Promise<boolean> {
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true), when))
    .returning({
      organizationId: webhookEndpoints.organizationId,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
    });
  if (!disabled) return false;
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, disabled.organizationId));
  await publish(
    db,
    tx,
    domainEvent('webhook.endpoint_disabled', disabled.organizationId, null, {
      organizationName: organization?.name ?? '',
      endpointId,
      url: shownUrl(disabled.url),
      description: disabled.description,
      reason,
    }),
  );
  return true;
}

/**
 * Records how an attempt to the endpoint ended, in the transaction `tx` (on database `db`) that
 * records the attempt: a success clears `failing_since`; a failure sets it if unset, and once it
 * is WEBHOOK_LIMITS.disableAfterFailingDays old, disables the endpoint (disableEndpoint). Returns
 * whether this call disabled it.
 */
export async function recordDeliveryOutcome(
  db: Database,
  tx: Database,
  endpointId: string,
  outcome: DeliveryOutcome,
): Promise<{ disabled: boolean }> {
  if (outcome === 'succeeded') {
    await tx
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(and(eq(webhookEndpoints.id, endpointId), isNotNull(webhookEndpoints.failingSince)));
    return { disabled: false };
  }
  await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.failingSince)));
  const failingTooLong = sql`${webhookEndpoints.failingSince} <= now() - make_interval(days => ${WEBHOOK_LIMITS.disableAfterFailingDays})`;
  return { disabled: await disableEndpoint(db, tx, endpointId, 'failing', failingTooLong) };
}
