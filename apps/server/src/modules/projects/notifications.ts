import type { NotificationData, NotificationType } from '@smart/contracts';
import type { ProjectRow } from '../../db/schema/index.js';
import { eventOn, type NotificationEventInput } from '../../lib/outbox.js';

/*
 * What a project's changes tell whom (README, "Notifications"): its people — its creator, its
 * team's lead and whoever has tasks in it — hear of its status and of new objectives in it.
 * Followers are added, muters, the actor and those who cannot read the project removed, by the fan-out.
 */

type ProjectRef = Pick<ProjectRow, 'id' | 'organizationId' | 'title'>;

function toProjectPeople(
  project: ProjectRef,
  type: NotificationType,
  actorId: string,
  extra: NotificationData,
): NotificationEventInput {
  const subject = {
    organizationId: project.organizationId,
    record: { type: 'project', id: project.id },
    projectId: project.id,
    data: { title: project.title },
  } as const;
  return { ...eventOn(subject, type, actorId, extra), audience: { projectPeople: project.id } };
}

/** "A project I created, lead or have tasks in changes status" (`project` as it is after the change). */
export const projectStatusChanged = (project: ProjectRef, from: string, to: string, actorId: string) =>
  toProjectPeople(project, 'project_status_changed', actorId, { from, to });

/** "A new objective in it": the line names the project; the excerpt, the objective. */
export const objectiveCreated = (project: ProjectRef, objectiveTitle: string, actorId: string) =>
  toProjectPeople(project, 'objective_created', actorId, { excerpt: objectiveTitle });
