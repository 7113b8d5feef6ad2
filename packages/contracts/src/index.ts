export * from './billing.js';
export * from './departments.js';
export * from './errors.js';
export * from './format.js';
export * from './forms.js';
export * from './limits.js';
export * from './links.js';
export * from './messages.js';
export * from './messenger.js';
export * from './notifications.js';
export * from './realtime.js';
export * from './roles.js';
export * from './schemas/advisors.js';
export * from './schemas/common.js';
export * from './schemas/file-access.js';
export * from './schemas/files.js';
export * from './schemas/health.js';
export * from './schemas/messenger.js';
export {
  notificationPreferencesPatch,
  notificationPreferencesSchema,
  updateNotificationsBody,
} from './schemas/notifications.js';
export * from './schemas/organizations.js';
export * from './schemas/password-reset.js';
export * from './schemas/structure.js';
export * from './schemas/templates.js';
export * from './schemas/tickets.js';
export * from './schemas/two-factor.js';
export * from './schemas/urls.js';
export * from './schemas/users.js';
export * from './schemas/work.js';
export * from './templates.js';
export * from './tickets.js';
export * from './two-factor.js';
export * from './validation.js';
export * from './work.js';
