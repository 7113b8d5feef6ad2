import { WEBHOOK_DISABLED_REASONS } from '@smart/contracts';
import { eventOn } from '../../lib/outbox.js';
import type { NotificationRules } from '../notifications/index.js';
import { organizationSubject } from '../organizations/index.js';

/*
 * What a webhook endpoint's events tell whom (README, "Notifications", system alerts): an endpoint
 * the system disabled, to its organization's org_admins (they manage its webhooks), at once.
 */
export const webhookNotificationRules: NotificationRules<'webhook.endpoint_disabled'> = {
  'webhook.endpoint_disabled': (event) => [
    {
      ...eventOn(organizationSubject(event), 'webhook_endpoint_disabled', event.actorId, {
        title: event.payload.description || event.payload.url,
        excerpt: WEBHOOK_DISABLED_REASONS[event.payload.reason],
      }),
      audience: { organizationMembers: 'org_admin' },
    },
  ],
};
