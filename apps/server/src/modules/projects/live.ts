import type { WORK_EVENTS, WorkEventPayload } from '@smart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { originConnection, userRoom } from '../../plugins/realtime.js';

/**
 * A socket.io room per project (ARCHITECTURE.md, "Work: projects, objectives, tasks"): a socket joins only after the read
 * check of GET /api/projects/{id}, and every change is announced there after it commits. Advisors
 * have no project access, so they never join: they hear of their own tasks in their user rooms
 * (announceWork's `people`), and otherwise refresh when they change something or come back to the
 * window (docs/decisions/0076-project-rooms-and-advisors-without-them.md). The client
 * events are handled in projects/socket.ts.
 */
export const projectRoom = (projectId: string) => `project:${projectId}`;

/**
 * Announces a committed change to the project's room (on every server process, through the Redis
 * adapter), except to the connection of the page that made it: that page has the server's answer.
 * `people` are users whose own pages list the record wherever they are (a task's assignee before
 * and after, its creator: their My Tasks), reached in their user rooms by the same emit, so a
 * socket in both rooms hears the change once. Advisors, never in a project's room, hear of their
 * tasks this way.
 */
export function announceWork(
  request: FastifyRequest,
  event: (typeof WORK_EVENTS)[keyof typeof WORK_EVENTS],
  payload: WorkEventPayload,
  people: readonly (string | null | undefined)[] = [],
  { toOrigin = false } = {},
) {
  const rooms = workRooms(request.server, payload, people);
  (toOrigin ? rooms : rooms.except(originConnection(request))).emit(event, payload);
}

/** The project's room and the people's user rooms, marked changed (no origin: the app made the change). */
function workRooms(app: FastifyInstance, payload: WorkEventPayload, people: readonly (string | null | undefined)[]) {
  const userRooms = [...new Set(people.filter((id): id is string => Boolean(id)))].map(userRoom);
  app.roomChanges.changed([projectRoom(payload.projectId)]);
  return app.io.to([projectRoom(payload.projectId), ...userRooms]);
}

/** A change the app made by itself (a repeating task's next one, by the sweep), announced as announceWork does. */
export function announceWorkFromApp(
  app: FastifyInstance,
  event: (typeof WORK_EVENTS)[keyof typeof WORK_EVENTS],
  payload: WorkEventPayload,
  people: readonly (string | null | undefined)[] = [],
) {
  workRooms(app, payload, people).emit(event, payload);
}

/** A deleted project's room is emptied on every process: nothing more will happen there. */
export function closeProjectRoom(app: FastifyInstance, projectId: string) {
  app.io.in(projectRoom(projectId)).socketsLeave(projectRoom(projectId));
}
