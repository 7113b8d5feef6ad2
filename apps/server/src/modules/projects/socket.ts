import { idSchema, UI_TEXT, WORK_ROOM_EVENTS } from '@smart/contracts';
import { z } from 'zod';
import { joinRoomEvent, leaveRoomEvent } from '../../plugins/socket-events.js';
import { projectRoom } from './live.js';
import { canWorkOnProjectsIn } from './policy.js';
import { projectOrganization } from './service.js';

/** A project's room events, through the socket pipeline (plugins/socket-events.ts). */
const projectIdPayload = z.object({ projectId: idSchema });

/** The same check as reading the project over HTTP: missing, another organization's or an advisor → refused. */
const joinProject = joinRoomEvent(
  WORK_ROOM_EVENTS.join,
  projectIdPayload,
  UI_TEXT.projectNotFound,
  async ({ app, session }, { projectId }) => {
    const organizationId = await projectOrganization(app.db, projectId);
    if (!organizationId || !canWorkOnProjectsIn(session.user, organizationId)) return null;
    return { room: projectRoom(projectId), organizationId, countsChanges: true };
  },
);

const leaveProject = leaveRoomEvent(
  WORK_ROOM_EVENTS.leave,
  projectIdPayload,
  ({ projectId }) => projectRoom(projectId),
  UI_TEXT.projectNotFound,
);

export const projectSocketEvents = [joinProject, leaveProject];
