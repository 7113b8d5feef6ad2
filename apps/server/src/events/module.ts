import { domainEventDeliveries, domainEvents } from '../db/schema/index.js';
import { reachedThrough, type ServerModule } from '../modules/manifest.js';

/**
 * The domain-event stream as the module list sees it (docs/decisions/0250): no routes of its own
 * (its subscribers' jobs and its sweep start with the jobs plugin), but it holds each organization's
 * events, which an organization's export and erasure must reach.
 */
export const domainEventsModule: ServerModule = {
  name: 'domain-events',
  organizationData: [
    { table: domainEvents, organizationColumn: domainEvents.organizationId },
    reachedThrough(domainEventDeliveries, { column: domainEventDeliveries.eventId, parent: domainEvents.id }),
  ],
};
