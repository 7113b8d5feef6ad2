import { idSchema, MESSAGES, WORK_ROOM_EVENTS } from '@smart/contracts';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { socketEvent } from '../../plugins/socket-events.js';
import { projectRoom } from './live.js';
import { canWorkOnProjectsIn } from './policy.js';
import { projectOrganization } from './service.js';

/** A project's room events, through the socket pipeline (plugins/socket-events.ts). */
const projectIdPayload = z.object({ projectId: idSchema });

/** The same check as reading the project over HTTP: missing, another organization's or an advisor → refused. */
const joinProject = socketEvent({
  event: WORK_ROOM_EVENTS.join,
  kind: 'join',
  payload: projectIdPayload,
  invalidPayload: MESSAGES.projectNotFound,
  failure: MESSAGES.projectNotFound,
  async handle({ app, socket, session }, { projectId }) {
    const organizationId = await projectOrganization(app.db, projectId);
    if (!organizationId || !canWorkOnProjectsIn(session.user, organizationId)) throw notFound(MESSAGES.projectNotFound);
    await socket.join(projectRoom(projectId));
    return { ok: true };
  },
});

const leaveProject = socketEvent({
  event: WORK_ROOM_EVENTS.leave,
  kind: 'leave',
  payload: projectIdPayload,
  invalidPayload: MESSAGES.projectNotFound,
  failure: MESSAGES.projectNotFound,
  async handle({ socket }, { projectId }) {
    await socket.leave(projectRoom(projectId));
    return { ok: true };
  },
});

export const projectSocketEvents = [joinProject, leaveProject];
