import {
  advisorMeetingAttendees,
  advisorMeetings,
  calendarFeeds,
  meetingReminders,
  users,
} from '../../db/schema/index.js';
import { organizationTables, reachedThrough, registerRoutes, type ServerModule } from '../manifest.js';
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
    reachedThrough(meetingReminders, { column: meetingReminders.meetingId, parent: advisorMeetings.id }),
    reachedThrough(calendarFeeds, { column: calendarFeeds.userId, parent: users.id }),
  ],
};
