import {
  advisorMeetingAttendees,
  advisorMeetings,
  calendarFeeds,
  meetingReminders,
  users,
} from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { calendarFeedRoutes } from './feed-routes.js';
import { meetingInvitation } from './invitation.js';
import { cancelMeetingsOfClosingOrganization } from './organization-closing.js';
import { startMeetingReminderSweep } from './reminders.js';
import { schedulingRoutes } from './routes.js';
import { keepAvailabilityZone } from './service.js';

export { announceCancelledMeetings } from './live.js';
export { meetingNotificationRules } from './meeting-notifications.js';
export { type CancelledMeeting, cancelFutureMeetings } from './meetings.js';
export const schedulingModule: ServerModule = {
  name: 'scheduling',
  routes: registerRoutes(schedulingRoutes, calendarFeedRoutes),
  notificationHooks: {
    invitationRenderers: { session: meetingInvitation },
    reminderSweeps: [startMeetingReminderSweep],
    timeZoneChanged: [keepAvailabilityZone],
  },
  organizationClosing: [cancelMeetingsOfClosingOrganization],
  organizationData: [
    ...organizationTables(advisorMeetings, advisorMeetingAttendees),
    { table: meetingReminders, reachedThrough: [{ column: meetingReminders.meetingId, parent: advisorMeetings.id }] },
    { table: calendarFeeds, reachedThrough: [{ column: calendarFeeds.userId, parent: users.id }] },
  ],
};
