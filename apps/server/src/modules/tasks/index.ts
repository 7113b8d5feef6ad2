import { taskActivity, taskComments, taskReminders, taskSeries, tasks } from '../../db/schema/index.js';
import { organizationTables, reachedThrough, registerRoutes, type ServerModule } from '../manifest.js';
import { taskAttachmentRoutes } from './attachment-routes.js';
import { readTaskForFiles } from './attachments.js';
import { startRecurrenceSweep } from './recurrence-sweep.js';
import { startReminderSweep } from './reminders.js';
import { taskRoutes } from './routes.js';

export { taskNotificationRules } from './notifications.js';
export { myTasksOrder, myTasksWhere, reachableTasks } from './overview.js';
export { canUpdateTaskProgress, type TaskAccess, type TaskAccessRecord } from './policy.js';
export type { TaskRecord } from './presenter.js';
export { readableTask, selectTaskRecords } from './service.js';
export const tasksModule: ServerModule = {
  name: 'tasks',
  routes: registerRoutes(taskRoutes, taskAttachmentRoutes),
  recordReaders: { task: readTaskForFiles },
  notificationHooks: { reminderSweeps: [startReminderSweep, startRecurrenceSweep] },
  organizationData: [
    ...organizationTables(taskSeries, tasks, taskComments, taskActivity),
    reachedThrough(taskReminders, { column: taskReminders.taskId, parent: tasks.id }),
  ],
};
