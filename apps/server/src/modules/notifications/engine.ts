import type { FastifyInstance } from 'fastify';
import { FANOUT_QUEUE, registerNotificationQueue } from '../../lib/outbox.js';
import { subscribeNotifications } from './domain-events.js';
import { startEmailDelivery } from './email-delivery.js';
import { fanOutEvent } from './fanout.js';
import { registeredReminderSweeps } from './hooks.js';
import { announceFanOut } from './live.js';
import { scheduleLostJobsSweep } from './lost-jobs.js';
import { startSmsDelivery } from './sms-delivery.js';

/**
 * The notification engine: subscribed to the domain-event stream with each type's rule (its
 * outbox rows are written in the change's transaction), then the fan-out of each outbox event
 * (queued by `notify` in the same transaction), then the live bell. Delivery workers (e-mail, SMS)
 * and the reminder sweeps the domains hand in (tasks' due dates, meetings) start beside it.
 */
export async function startNotificationEngine(app: FastifyInstance) {
  registerNotificationQueue(app.db, app.jobs);
  subscribeNotifications(app.db);
  await app.jobs.define<{ eventId: string }>(
    FANOUT_QUEUE,
    async ({ eventId }) => {
      const fannedOut = await fanOutEvent(app.db, app.jobs, eventId, {
        emailDelaySeconds: app.config.notifications.emailDelaySeconds,
      });
      if (fannedOut) await announceFanOut(app, fannedOut);
    },
    // The bell should rise within a second of the change.
    { pollingIntervalSeconds: 1 },
  );
  await startEmailDelivery(app);
  await startSmsDelivery(app, app.sms);
  await scheduleLostJobsSweep(app);
  for (const startSweep of registeredReminderSweeps()) await startSweep(app);
}
