import type { DomainEvent, DomainEventType } from '@smart/contracts';
import type { Database } from '../../db/client.js';
import { onPublish } from '../../events/stream.js';
import { type NotificationEventInput, notify } from '../../lib/outbox.js';

/*
 * The notification engine as the stream's first consumer
 * (docs/decisions/0250-one-domain-event-stream.md): each domain event type has a rule saying what
 * it tells whom — the audience rule, the data its lines and e-mails show, the SMS toggle it rides
 * on. Each domain writes the rules of its own events (its notifications.ts); the engine is handed
 * the whole table. Run in the change's transaction, so the outbox rows exist if and only if the
 * change does; followers, muters, the actor and who may read the record are the fan-out's.
 */

/** One type's rule; `change` is every event of the same change (a task assigned and completed at once). */
export type NotificationRule<T extends DomainEventType> = (
  event: DomainEvent<T>,
  change: readonly DomainEvent[],
) => NotificationEventInput[];

export type NotificationRules<T extends DomainEventType = DomainEventType> = { [K in T]: NotificationRule<K> };

/** The notification events of one change's domain events, in their order. */
export function notificationEventsOf(rules: NotificationRules, change: readonly DomainEvent[]) {
  return change.flatMap((event) => (rules[event.type] as NotificationRule<DomainEventType>)(event, change));
}

/** The whole table, handed in by app.ts from the domains' rules (the engine imports no domain). */
let handedInRules: NotificationRules | undefined;

export function registerNotificationRules(rules: NotificationRules) {
  handedInRules = rules;
}

/** Subscribes the engine to the stream: the events of each change become its outbox rows, in the change's transaction. */
export function subscribeNotifications(db: Database) {
  const rules = handedInRules;
  if (!rules) throw new Error('subscribeNotifications: no notification rules were registered');
  onPublish(db, 'notifications', (tx, change) => notify(db, tx, notificationEventsOf(rules, change)));
}
