import { idSchema, MESSAGES, type ProjectJoinAck, WORK_ROOM_EVENTS, type WorkEventPayload } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Session } from '../../plugins/auth.js';
import { canWorkOnProjectsIn } from './policy.js';
import { projectOrganization } from './service.js';

/**
 * A socket.io room per project (design.md, "Realtime rooms"): a socket joins only after the read
 * check of GET /api/projects/{id}, and every change is announced there after it commits. Advisors
 * have no project access, so they never join: their task pages refresh when they change something
 * or come back to the window (docs/decisions.md).
 */
export const projectRoom = (projectId: string) => `project:${projectId}`;

type Ack = (answer: ProjectJoinAck) => void;

/** The handlers of WORK_ROOM_EVENTS on every socket. */
export const projectRoomsPlugin = fp(async (app: FastifyInstance) => {
  app.io.on('connection', (socket) => {
    const session = socket.data.session as Session;
    socket.on(WORK_ROOM_EVENTS.join, async (payload: unknown, ack?: Ack) => {
      const answer = await joinAnswer(app, session, payload);
      if (answer.ok) await socket.join(projectRoom((payload as { projectId: string }).projectId));
      if (typeof ack === 'function') ack(answer);
    });
    socket.on(WORK_ROOM_EVENTS.leave, async (payload: unknown) => {
      const projectId = idSchema.safeParse((payload as { projectId?: unknown } | null)?.projectId);
      if (projectId.success) await socket.leave(projectRoom(projectId.data));
    });
  });
});

/** The same check as reading the project over HTTP: missing, another organization's or an advisor → refused. */
async function joinAnswer(app: FastifyInstance, session: Session, payload: unknown): Promise<ProjectJoinAck> {
  const projectId = idSchema.safeParse((payload as { projectId?: unknown } | null)?.projectId);
  if (!projectId.success) return { ok: false, error: MESSAGES.projectNotFound };
  try {
    const organizationId = await projectOrganization(app.db, projectId.data);
    if (organizationId && canWorkOnProjectsIn(session.user, organizationId)) return { ok: true };
  } catch (error) {
    app.log.error({ err: error }, 'project room join failed');
  }
  return { ok: false, error: MESSAGES.projectNotFound };
}

/** Announces a committed change to the project's room (on every server process, through the Redis adapter). */
export function announceWork(app: FastifyInstance, event: string, payload: WorkEventPayload) {
  app.io.to(projectRoom(payload.projectId)).emit(event, payload);
}

/** A deleted project's room is emptied on every process: nothing more will happen there. */
export function closeProjectRoom(app: FastifyInstance, projectId: string) {
  app.io.in(projectRoom(projectId)).socketsLeave(projectRoom(projectId));
}
