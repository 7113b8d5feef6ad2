import { UI_TEXT, WORK_ROOM_EVENTS } from '@smart/contracts';
import { joinRoomEvent, leaveRoomEvent } from '../../plugins/socket-events.js';
import { projectRoom } from './live.js';
import { readableProjectOrganization } from './service.js';

/** A project's room events, through the socket pipeline (plugins/socket-events.ts); payload schemas: contracts' clientEvents. */

/** The project's read rule, as its GET: missing, another organization's or an advisor → refused. */
const joinProject = joinRoomEvent(
  WORK_ROOM_EVENTS.join,
  UI_TEXT.projectNotFound,
  async ({ app, session }, { projectId }) => {
    const organizationId = await readableProjectOrganization(app.db, session.user, projectId);
    if (!organizationId) return null;
    return { room: projectRoom(projectId), organizationId, countsChanges: true };
  },
);

const leaveProject = leaveRoomEvent(
  WORK_ROOM_EVENTS.leave,
  ({ projectId }) => projectRoom(projectId),
  UI_TEXT.projectNotFound,
);

export const projectSocketEvents = [joinProject, leaveProject];
