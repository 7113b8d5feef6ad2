import type { DomainEvent, NotificationData, NotificationType } from '@smart/contracts';
import { eventOn, type NotificationEventInput } from '../../lib/outbox.js';
import type { NotificationRules } from '../notifications/index.js';

/*
 * What a project's events tell whom (README, "Notifications"): its people — its creator, its
 * team's lead and whoever has tasks in it — hear of its status and of new objectives in it.
 * Followers are added, muters, the actor and those who cannot read the project removed, by the fan-out.
 */

function toProjectPeople(
  event: DomainEvent,
  project: { projectId: string; title: string },
  type: NotificationType,
  extra: NotificationData,
): NotificationEventInput[] {
  const subject = {
    organizationId: event.organizationId,
    record: { type: 'project', id: project.projectId },
    projectId: project.projectId,
    data: { title: project.title },
  } as const;
  return [{ ...eventOn(subject, type, event.actorId, extra), audience: { projectPeople: project.projectId } }];
}

export const projectNotificationRules: NotificationRules<'project.status_changed' | 'objective.created'> = {
  /** "A project I created, lead or have tasks in changes status". */
  'project.status_changed': (event) =>
    toProjectPeople(event, event.payload, 'project_status_changed', { from: event.payload.from, to: event.payload.to }),
  /** "A new objective in it": the line names the project; the excerpt, the objective. */
  'objective.created': (event) =>
    toProjectPeople(
      event,
      { projectId: event.payload.projectId, title: event.payload.projectTitle },
      'objective_created',
      { excerpt: event.payload.title },
    ),
};
