import { advisorSessionAttendees, advisorSessions, calendarFeeds, sessionReminders } from '../../db/schema/index.js';
import type { ServerModule } from '../manifest.js';
import { calendarFeedRoutes } from './feed-routes.js';
import { sessionInvitation } from './invitation.js';
import { cancelSessionsOfClosingOrganization } from './organization-closing.js';
import { startSessionReminderSweep } from './reminders.js';
import { schedulingRoutes } from './routes.js';
import { keepAvailabilityZone } from './service.js';

export { announceCancelledSessions } from './live.js';
export { sessionNotificationRules } from './session-notifications.js';
export { type CancelledSession, cancelFutureSessions } from './sessions.js';
export const schedulingModule: ServerModule = {
  name: 'scheduling',
  routes: async (api) => {
    await api.register(schedulingRoutes);
    await api.register(calendarFeedRoutes);
  },
  notificationHooks: {
    invitationRenderers: { session: sessionInvitation },
    reminderSweeps: [startSessionReminderSweep],
    timeZoneChanged: [keepAvailabilityZone],
  },
  organizationClosing: [cancelSessionsOfClosingOrganization],
  organizationData: [
    { table: advisorSessions, organizationColumn: advisorSessions.organizationId },
    { table: advisorSessionAttendees, organizationColumn: advisorSessionAttendees.organizationId },
    { table: sessionReminders, reachedThrough: 'session_id: its advisor_sessions' },
    { table: calendarFeeds, reachedThrough: 'user_id: its members (users)' },
  ],
};
