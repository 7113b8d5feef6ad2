import { MAX_ANALYTICS_DAYS } from './analytics.js';
import { AUDIT_MAX_DEPTH } from './audit.js';
import { BACKUP_SETTINGS, DEFAULT_BACKUP_INTERVAL_HOURS, DEFAULT_BACKUP_KEEP } from './backups.js';
import { MAX_CONCURRENT_EXPORTS } from './exports.js';
import { formatDateOnly } from './format.js';
import { MEMBER_IMPORT_MAX_BYTES, MEMBER_IMPORT_MAX_ROWS } from './imports.js';
import { PASSWORD_RESET_TTL_MINUTES, SEARCH_MIN_LENGTH } from './limits.js';
import { PHONE_CODES_PER_ACCOUNT_PER_DAY, PHONE_CODES_PER_NUMBER_PER_DAY } from './notifications.js';
import {
  ORGANIZATION_EXPORT_LINK_HOURS,
  ORGANIZATION_EXPORTS_RUNNING_PER_PERSON,
  type OrganizationExportStatus,
} from './organization-export.js';
import { MAX_DATE_OVERRIDES, MAX_INTERVALS_PER_DAY, MAX_MEETING_ATTENDEES, MAX_SLOT_RANGE_DAYS } from './scheduling.js';
import { SEARCH_KINDS } from './search.js';
import { MAX_TEMPLATE_FILES } from './templates.js';
import {
  formatMinutes,
  MAX_MINUTES_PER_DAY,
  MAX_STATEMENT_ENTRIES,
  MAX_TIME_ENTRY_MINUTES,
  MAX_TIMESHEET_DAYS,
  TIME_ENTRY_EDIT_DAYS,
  type TimeRecordType,
} from './time.js';
import { WEBHOOK_LIMITS } from './webhooks.js';
import { MAX_PROJECT_TAGS } from './work.js';

/** The product's name as users read it (browser tab titles). */
export const PRODUCT_NAME = 'S.M.A.R.T.';

/** User-facing texts, defined once. */
export const UI_TEXT = {
  // Sign in
  loginFailed: 'Login failed',
  loginNetworkError: 'Network error during login',
  invalidCredentials: 'Invalid email or password. Please try again.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  tooManyLoginAttempts: 'Too many failed sign-in attempts for this email. Please wait 15 minutes and try again.',
  tooManyLoginAttemptsFromAddress:
    'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.',
  tooManyLoginAttemptsEverywhere:
    'Sign-in is paused for browsers not used here before, after many failed attempts. Please try again in a few minutes.',
  // Registration / add member (in this order)
  registrationFailed: 'Registration failed',
  registrationNetworkError: 'Network error during registration',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  emailTaken: 'An account with this email already exists',
  phoneInvalid: 'Please enter a valid phone number: digits, spaces and + ( ) - only, at least 6 digits',
  roleNotAllowed: 'You may only add users or organization admins to your own organization',
  teamMemberAdded: 'Team member added successfully!',
  addTeamMemberFailed: 'Failed to add team member',
  addTeamMemberFailedRetry: 'Failed to add team member. Please try again.',
  // Session
  noToken: 'No authentication token found',
  authRequired: 'Authentication required',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: "You don't have permission to do this.",
  // API tokens and webhooks (decisions 0276, 0277)
  apiTokenNameRequired: 'Give the token a name',
  apiTokenExpiryInvalid: 'A token expires within 1 to 366 days',
  insufficientScope: "This token's scopes do not allow this",
  tokenNotAllowedHere: 'An API token cannot do this; sign in instead',
  apiTokenNotFound: 'Token not found',
  apiTokenRevoked: 'Token revoked',
  apiTokenAlreadyRevoked: 'This token is revoked already',
  apiTokenLimitReached: 'You have as many live tokens as allowed (50); revoke one first',
  apiTokenOrganizationsAdvisorOnly: "Only an advisor's own token names organizations",
  apiTokenOrganizationNotAdvised: 'A token may name only organizations you advise now',
  webhookUrlInvalid: 'Enter the full URL of the endpoint, starting with https://',
  webhookEventsRequired: 'Choose at least one event',
  webhookNotFound: 'Webhook endpoint not found',
  webhookDeliveryNotFound: 'Delivery not found',
  webhookDeleted: 'Webhook endpoint deleted',
  webhookLimitReached: 'This organization has as many webhook endpoints as it may have; delete one first',
  webhookHttpsRequired: 'Use an https:// URL',
  webhookUrlCredentials: 'Leave the user name and password out of the URL: each delivery is signed instead',
  webhookPrivateAddress:
    'This address is on a private network, this server or its cloud metadata: webhooks go to public addresses only',
  // Webhook pages (decision 0277)
  fetchWebhooksFailed: 'Failed to load webhook endpoints',
  fetchWebhookFailed: 'Failed to load the webhook endpoint',
  fetchWebhookDeliveriesFailed: 'Failed to load deliveries',
  fetchWebhookDeliveryFailed: 'Failed to load the delivery',
  createWebhookFailed: 'Failed to add the endpoint',
  updateWebhookFailed: 'Failed to save the endpoint',
  deleteWebhookFailed: 'Failed to delete the endpoint',
  rotateWebhookSecretFailed: 'Failed to rotate the signing secret',
  sendWebhookTestFailed: 'Failed to send the test event',
  redeliverWebhookFailed: 'Failed to redeliver',
  webhookSaved: 'Endpoint saved',
  webhookEnabled: 'Endpoint enabled: deliveries resume',
  webhookDisabled: 'Endpoint disabled: no deliveries until it is enabled',
  webhookTestSent: 'Test event sent',
  webhookRedelivered: 'Sent again with the same webhook-id',
  confirmDeleteWebhook: 'Delete this endpoint and its delivery log? Events stop going to it at once.',
  confirmRotateWebhookSecret: `Make a new signing secret? The old one keeps signing for ${WEBHOOK_LIMITS.rotationOverlapHours} hours, so there is time to change the receiver.`,
  webhookOldSecretOverlap: `The old secret keeps signing deliveries for ${WEBHOOK_LIMITS.rotationOverlapHours} hours as well: change the receiver within that time.`,
  noWebhooks: 'No endpoints yet. Add one to hear about changes as they happen.',
  noWebhookDeliveries: 'Nothing sent to this endpoint yet. Send a test event to try it.',
  noMatchingWebhookDeliveries: 'No deliveries match these filters.',
  webhookSecretOnce: 'Copy the signing secret now: it is not shown again.',
  // Profile
  loadProfileFailed: 'Failed to load profile',
  getProfileFailed: 'Failed to get user profile',
  profileNetworkError: 'Network error while fetching user profile',
  updateProfileFailed: 'Failed to update profile',
  updateProfileNetworkError: 'Network error while updating profile',
  profileUpdateFailed: 'Profile update failed',
  userUpdateFailed: 'User update failed',
  profileUpdated: 'Profile updated successfully!',
  profileImageUpdated: 'Profile image updated successfully!',
  uploadProfileImageFailed: 'Failed to upload profile image',
  updateProfileWithImageFailed: 'Failed to update profile with image',
  imageFileRequired: 'Please choose an image file (PNG, JPEG, GIF, WebP, AVIF or BMP).',
  // Password
  newPasswordsDoNotMatch: 'New passwords do not match',
  changePasswordFailed: 'Failed to change password',
  changePasswordNetworkError: 'Network error while changing password',
  passwordChanged: 'Password changed successfully',
  passwordChangedScreen: 'Password changed successfully!',
  currentPasswordWrong: 'Current password is incorrect',
  tooManyPasswordAttempts: 'Too many wrong passwords. Please wait 15 minutes and try again.',
  newPasswordRequired: 'New password is required',
  // Password reset by e-mail (its buttons were once inert)
  passwordResetRequested: `If an account uses this email address, a link to reset its password is on its way. It works once, within ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
  passwordResetLinkSent: `We sent a link to reset your password to your email address. It works once, within ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
  passwordResetLinkInvalid:
    'This reset link is invalid, has expired or has already been used. Please ask for a new one.',
  passwordResetDone: 'Your password has been reset and every session was signed out. Sign in with your new password.',
  tooManyPasswordResets: 'Too many reset requests. Please wait an hour and try again.',
  requestPasswordResetFailed: 'Failed to send the reset link',
  resetPasswordFailed: 'Failed to reset password',
  // Service fallbacks
  fetchUsersFailed: 'Failed to fetch users',
  fetchUserProfileFailed: 'Failed to fetch user profile',
  fetchUsersByOrganizationFailed: 'Failed to fetch users by organization',
  updateUserOrganizationFailed: 'Failed to update user organization',
  fetchUsersByDepartmentFailed: 'Failed to fetch users by department',
  updateUserDepartmentFailed: 'Failed to update user department',
  fetchNotificationsFailed: 'Failed to fetch notification preferences',
  updateNotificationsFailed: 'Failed to update notification preferences',
  fetchOrganizationsFailed: 'Failed to fetch organizations',
  fetchOrganizationFailed: 'Failed to fetch organization',
  updateOrganizationFailed: 'Failed to update organization',
  fetchOrganizationUsersFailed: 'Failed to fetch organization users',
  createOrganizationFailed: 'Failed to create organization',
  deleteOrganizationFailed: 'Failed to delete organization',
  // Organization structure
  noDepartments: 'No departments found. Add your first department!',
  noTeams: 'No teams found. Create your first team!',
  noTeamMembers: 'No team members yet',
  updateTeamFailed: 'Failed to update team',
  organizationNameRequired: 'Organization name is required',
  websiteInvalid: 'Please enter a valid website address',
  organizationDeleted: 'Organization deleted',
  organizationNameTaken: 'An organization with this name already exists',
  noSeatsLeft: 'The subscription has no seats left. Add seats on the Billing page or deactivate a member first.',
  seatsOutOfRange: 'Seats must be a whole number from 1 to 10,000',
  seatsChangedByAdminOnly: "Only the platform changes an organization's seats. Ask for more on the Billing page.",
  platformOrganizationLocked: 'The platform organization cannot be deleted',
  organizationHasMembers:
    'This organization still has members, active or deactivated. Move them to another organization before deleting it.',
  organizationClosed: 'This organization account is closed. Contact support to reopen it.',
  organizationAlreadyClosed: 'This organization account is already closed.',
  organizationNotClosed: 'This organization account is open; there is nothing to reopen.',
  platformOrganizationCannotClose: 'The platform organization cannot be closed.',
  closeOrganizationExplained:
    'Everyone in it is signed out at once and can no longer sign in. Nothing is deleted: a platform admin can reopen it.',
  reopenOrganizationConfirm: 'Reopen this organization account? Its people can sign in again.',
  organizationReopened: 'Organization account reopened',
  closeOrganizationFailed: 'Failed to close the organization account',
  reopenOrganizationFailed: 'Failed to reopen the organization account',
  // Erasure (decision 0265)
  eraseOrganization: 'Erase now',
  eraseOrganizationTitle: 'Erase this organization for good',
  eraseOrganizationWarning:
    'Every record of this organization is deleted: its people, departments, teams, projects, tasks, tickets, chats, sessions, hours and files. It cannot be undone and no backup taken later holds it. Future sessions are cancelled and their people told; its advisors keep their other organizations.',
  eraseOrganizationTypeName: "Type the organization's name to confirm",
  organizationErasureNameMismatch: "The name typed is not this organization's name. Type it exactly to erase it.",
  organizationErasureStarted: 'Erasure started: the organization and its files are being deleted.',
  organizationBeingErased: 'This organization is being erased.',
  platformOrganizationCannotErase: 'The platform organization cannot be erased.',
  eraseOrganizationFailed: 'Failed to erase the organization',
  noOrganizationId: 'No organization ID found',
  noOrganizationIdForUser: 'No organization ID found for the current user.',
  fetchTeamMembersFailed: 'Failed to fetch team members',
  fetchDepartmentsFailed: 'Failed to fetch departments',
  createDepartmentFailed: 'Failed to create department',
  updateDepartmentFailed: 'Failed to update department',
  departmentUpdated: 'Department updated successfully!',
  departmentDeleted: 'Department deleted',
  teamDeleted: 'Team deleted',
  noDepartmentId: 'No department ID provided',
  fetchDepartmentFailed: 'Failed to fetch department',
  fetchTeamsFailed: 'Failed to fetch teams',
  addUserToDepartmentFailed: 'Failed to add user to department',
  userAddedToDepartment: 'User added to department successfully!',
  addTeamFailed: 'Failed to add team',
  removeTeamFailed: 'Failed to remove team',
  createTeamFailed: 'Failed to create team',
  fetchTeamFailed: 'Failed to fetch team',
  fetchAvailableUsersFailed: 'Failed to fetch available users',
  addMemberFailed: 'Failed to add member',
  removeMemberFailed: 'Failed to remove member',
  memberAdded: 'Member added successfully!',
  departmentNameRequired: 'Department name is required',
  departmentNameTaken: 'A department with this name already exists in this organization',
  departmentIconInvalid: 'Choose one of the listed icons or a single emoji',
  teamNameRequired: 'Team name is required',
  teamNotFound: 'Team not found',
  teamMemberRoleInvalid: 'Role must be member, lead or manager',
  alreadyTeamMember: 'This user is already a member of the team',
  notTeamMember: 'This user is not a member of the team',
  selectUserForDepartment: 'Please select a user to add to the department',
  selectTeam: 'Please select a team',
  selectUser: 'Please select a user',
  confirmRemoveTeam: 'Are you sure you want to remove this team from the department?',
  confirmRemoveMember: 'Are you sure you want to remove this member from the team?',
  deactivateMemberExplained: 'They will no longer be able to sign in; their records are kept.',
  staffChangedByAdminOnly: 'Only a platform admin can change staff accounts (admins and advisors).',
  platformHoldsOnlyStaff: 'The platform organization holds only staff accounts (admins and advisors).',
  staffBelongToPlatform:
    'Admins and advisors belong to the platform organization; advisors reach customers through assignments.',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  memberDeactivated: 'Team member deactivated',
  reactivateMemberExplained: 'They will be able to sign in again with their password.',
  memberReactivated: 'Team member reactivated',
  noInactiveMembers: 'No deactivated members',
  memberUpdated: 'Team member updated',
  // Files
  fileRequired: 'A file is required (multipart field "file")',
  fileTooLarge: 'File is too large. The limit is 10 MB.',
  uploadIncomplete: 'The upload was incomplete or malformed. Please try again.',
  fileEmpty: 'The file is empty.',
  oneFileOnly: 'Send one file per request.',
  imageUrlInvalid: 'Use an image uploaded to S.M.A.R.T.',
  storageQuotaExceeded:
    "Your organization's storage is full. Delete files it no longer needs, or ask for more storage through a billing ticket.",
  storageUsageFailed: 'Failed to load the storage used',
  // Generic API errors
  invalidJson: 'The request body is not valid JSON',
  invalidInput: 'Invalid input',
  nulCharacter: 'Text may not contain NUL characters',
  invalidText: 'Text holds a broken character (not valid UTF-8): type or paste it again',
  singleLine: 'Use one line, without line breaks, tabs or other control characters',
  notFound: 'Not found',
  /** The one not-found state's line under its heading (web components/RecordNotFound). */
  recordNotFoundDetail: 'It may have been deleted, or you may no longer have access to it.',
  /** An address naming a record that is not there (`?session=`, `?c=`, `?template=`): said on the page it opened. */
  linkedRecordMissing: 'The link you followed names something that is not there any more, or that you cannot open.',
  userNotFound: 'User not found',
  organizationNotFound: 'Organization not found',
  departmentNotFound: 'Department not found',
  payloadTooLarge: 'Request body is too large',
  unsupportedContentType: 'Unsupported content type',
  signedOut: 'Signed out',
  organizationRequired: 'An organization is required for this role',
  internalError: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'S.M.A.R.T. is briefly unavailable. Please try again in a few seconds.',
  /** The file storage (an S3 bucket) could not be reached or failed: nothing was stored. */
  fileStorageUnavailable:
    'Files cannot be stored or opened just now; nothing was saved. Please try again in a few minutes.',
  // S.M.A.R.T. Advisors
  advisorsTitle: 'S.M.A.R.T. Advisors',
  advisorsSubtitle: 'Manage and assign S.M.A.R.T. Advisors to organizations',
  noAdvisorsTitle: 'No S.M.A.R.T. Advisors Found',
  noAdvisors: 'There are currently no S.M.A.R.T. Advisors in the system.',
  loadAdvisorsFailed: 'Failed to load S.M.A.R.T. Advisors',
  loadOrganizationsFailed: 'Failed to load organizations',
  assignAdvisorFailed: 'Failed to assign advisor to organization',
  selectOrganization: 'Please select an organization',
  loadAssignedOrganizationsFailed: 'Failed to load assigned organizations',
  fetchOrganizationAdvisorsFailed: 'Failed to fetch organization advisors',
  fetchAdvisorOrganizationsFailed: 'Failed to fetch advisor organizations',
  removeAdvisorFailed: 'Failed to remove advisor from organization',
  updateAdvisorAssignmentFailed: 'Failed to update advisor assignment',
  unknownUser: 'Unknown User',
  noExperience: 'No experience listed',
  unknownOrganization: 'Unknown',
  myOrganizationsSubtitle: "Organizations you're assigned to as a S.M.A.R.T. Advisor",
  noAssignedOrganizationsTitle: 'No Organizations Assigned',
  noAssignedOrganizations: "You haven't been assigned to any organizations yet.",
  advisorAssignmentLabel: 'S.M.A.R.T. Advisor Assignment',
  chooseOrganization: 'Choose an organization...',
  assigning: 'Assigning...',
  // S.M.A.R.T. Advisors page: its drawer's confirmations and the Add advisor form
  noAdvisorAssignments: 'Not assigned to any organization yet',
  activateAssignmentExplained: "They get back access to the organization's records, tickets and chats at once.",
  deactivateAssignmentExplained:
    "They lose access to the organization's records, tickets and chats at once. The assignment is kept and can be activated again.",
  removeAssignmentExplained: 'They lose access at once and the assignment is deleted.',
  addAdvisorFailed: 'Failed to add advisor',
  advisorAdded: 'S.M.A.R.T. Advisor added',
  advisorProfileUpdated: 'Advisor profile updated',
  updateAdvisorProfileFailed: 'Failed to update advisor profile',
  // Advisor assignments: the server's refusals
  advisorNotFound: 'Advisor not found',
  notAnAdvisor: 'Only S.M.A.R.T. Advisors can be assigned to organizations',
  advisorAlreadyAssigned: 'This advisor is already assigned to this organization',
  platformOrganizationNoAdvisors: 'The platform organization does not get advisors',
  advisorAssignmentNotFound: 'Advisor assignment not found',
  advisorRemoved: 'Advisor removed from organization',
  advisorProfileOnlyForAdvisors: 'Specialties and experience belong to advisors only',
  advisorsOnly: 'Only S.M.A.R.T. Advisors have assigned organizations',
  // Projects, objectives and tasks
  projectTitleRequired: 'Project title is required',
  objectiveTitleRequired: 'Objective title is required',
  taskTitleRequired: 'Task title is required',
  noProjects: 'No projects yet',
  noObjectives: 'No objectives yet',
  noTasks: 'No tasks yet',
  loadingProject: 'Loading project...',
  loadingTasks: 'Loading tasks...',
  noDueDate: 'No due date',
  taskCompleted: 'Task Completed',
  unassigned: 'Unassigned',
  myTasksTitle: 'My Tasks',
  noTasksFound: 'No tasks found',
  noAssignedTasks: "You don't have any tasks assigned to you yet.",
  noCreatedTasks: "You haven't created any tasks yet.",
  projectNotFound: 'Project not found',
  objectiveNotFound: 'Objective not found',
  taskNotFound: 'Task not found',
  fetchProjectsFailed: 'Failed to fetch projects',
  fetchProjectFailed: 'Failed to fetch project',
  createProjectFailed: 'Failed to create project',
  updateProjectFailed: 'Failed to update project',
  fetchObjectiveFailed: 'Failed to fetch objective',
  createObjectiveFailed: 'Failed to create objective',
  updateObjectiveFailed: 'Failed to update objective',
  fetchTaskFailed: 'Failed to fetch task',
  createTaskFailed: 'Failed to create task',
  updateTaskFailed: 'Failed to update task',
  addCommentFailed: 'Failed to add comment',
  uploadFileFailed: 'Failed to upload file',
  uploadAttachmentFailed: 'Failed to upload attachment',
  removeAttachmentFailed: 'Failed to remove attachment',
  assignTaskFailed: 'Failed to assign task',
  updateProgressFailed: 'Failed to update progress',
  fetchTasksFailed: 'Failed to fetch tasks',
  fetchTasksNetworkError: 'An error occurred while fetching tasks',
  fileUploaded: 'File uploaded successfully!',
  attachmentRemoved: 'Attachment removed successfully!',
  taskUpdated: 'Task updated successfully!',
  commentAdded: 'Comment added successfully!',
  taskAssignedToYou: 'Task assigned to you!',
  // Projects, objectives and tasks: the server's refusals
  dateInvalid: 'Use a date written YYYY-MM-DD',
  instantInvalid: 'Use a date and time with its offset, from the year 1 on (2026-03-09T13:00:00Z)',
  dueBeforeStart: 'The due date cannot be before the start date',
  tooManyTags: `At most ${MAX_PROJECT_TAGS} tags`,
  teamNotInOrganization: 'Choose a team of this organization',
  assigneeCannotSeeTask: 'The assignee must be a member of this organization or one of its advisors',
  progressInvalid: 'Progress must be a whole number from 0 to 100 in steps of 5',
  taskStatusInvalid: 'Status must be not_started, in_progress or completed',
  commentRequired: 'Comment text is required',
  attachmentNotFound: 'Attachment not found',
  fileNotFound: 'File not found',
  downloadLinkInvalid: 'This download link is invalid or has expired',
  organizationExportGone: 'This export has expired or failed. Start a new export of the organization.',
  organizationExportNotFound: 'Export not found',
  tooManyOrganizationExports: `You have ${ORGANIZATION_EXPORTS_RUNNING_PER_PERSON} organization exports being built. Please wait for one to finish.`,
  organizationExportsBusy:
    'The server is building many organization exports just now. Please try again in a few minutes.',
  organizationExportAction: 'Export organization data',
  organizationExportTitle: 'Export organization data',
  organizationExportHelp: `One archive of everything the organization holds: its people (without passwords or two-factor secrets), structure, work, tickets, conversations, sessions, time entries, audit log and files, as JSON per kind of record with the files and a manifest. You are notified when it is ready; its download link works for ${ORGANIZATION_EXPORT_LINK_HOURS} hours.`,
  organizationExportStarted: 'The export has started. You will be notified when it is ready.',
  organizationExportDownload: 'Download the archive',
  startOrganizationExportFailed: 'Could not start the export. Please try again.',
  fetchOrganizationExportFailed: "Could not load the organization's export.",
  organizationExportStatus: {
    queued: 'Queued',
    building: 'Building',
    ready: 'Ready',
    failed: 'Failed',
    expired: 'Expired',
  } as Record<OrganizationExportStatus, string>,
  taskDeleted: 'Task deleted',
  // Service levels
  timeOfDayInvalid: 'Use a time written HH:MM',
  workingDayEndsBeforeStart: 'A working day ends after it starts',
  slaTargetOutOfRange: 'A target is between 1 minute and a year',
  slaPriorityTwice: 'Each priority has one set of targets',
  holidayNameRequired: 'Name the holiday',
  tooManyHolidays: 'At most 200 holidays',
  holidayTwice: 'Each holiday date once',
  serviceLevelsSaved: 'Service levels saved',
  fetchServiceLevelsFailed: 'Failed to load the service levels',
  saveServiceLevelsFailed: 'Failed to save the service levels',
  // Time away
  timeAwayEndsBeforeStart: 'Time away ends on or after the day it starts',
  timeAwayTooLong: 'Time away is at most a year at a time',
  timeAwaySubstituteTwice: 'One substitute per organization',
  timeAwayNotFound: 'Time away not found',
  timeAwayDeleted: 'Time away deleted',
  timeAwaySaved: 'Time away saved',
  fetchTimeAwayFailed: 'Failed to load your time away',
  saveTimeAwayFailed: 'Failed to save the time away',
  deleteTimeAwayFailed: 'Failed to delete the time away',
  timeAwaySubstituteInvalid: 'A substitute is another advisor assigned to that organization',
  timeAwayOrganizationInvalid: 'Name only organizations the advisor advises',
  // Approved hours and invoices
  timePeriodStartInvalid: 'A week starts on a Monday and a month on its 1st',
  timePeriodEmpty: 'There is no time of yours in this period to submit',
  timePeriodOverlaps: 'Part of this period is already submitted or approved',
  timePeriodNotFound: 'Submitted time not found',
  timePeriodNotWaiting: 'This time is not waiting for approval',
  timePeriodNotApproved: 'Only approved time can be reopened',
  timePeriodNotWithdrawable: 'Approved time cannot be withdrawn; ask your organization admin to reopen it',
  timePeriodInvoiced: 'This time is on an issued invoice and can no longer change',
  timePeriodReturnComment: 'Say what needs changing',
  timePeriodReopenComment: 'Say why the time is reopened',
  timeSubmitAdvisorsOnly: 'Advisors submit their time in the organizations they advise',
  timePeriodSubmitted: 'Time submitted for approval',
  timePeriodApproved: 'Time approved',
  timePeriodReturned: 'Time returned to the advisor',
  timePeriodReopened: 'Time reopened',
  timePeriodWithdrawn: 'Submission withdrawn',
  fetchTimeApprovalsFailed: 'Failed to load the submitted time',
  invoiceMonthInvalid: 'Choose a month',
  invoiceExists: 'This month already has an invoice',
  invoiceNotFound: 'Invoice not found',
  invoiceNotDraft: 'An issued invoice cannot change',
  invoiceEmpty: 'There are no approved billable hours in this month to invoice',
  invoiceTooLong: 'An invoice holds at most 2,000 lines',
  invoiceTimeWaiting: 'Time in this month waits for approval: approve or return it first',
  recordHasLockedTime: 'Time on it is submitted or approved: it can be deleted once that time is returned or reopened',
  invoiceDeleted: 'Invoice draft deleted',
  invoiceIssued: 'Invoice issued',
  fetchInvoicesFailed: 'Failed to load the invoices',
  currencyInvalid: 'Choose a currency',
  currencyLocked: 'The currency cannot change while hourly rates are set in it',
  taxRateInvalid: 'A tax rate is between 0 and 100 %',
  invoicingSaved: 'Invoice settings saved',
  hourlyRateInvalid: 'Enter an hourly rate in the currency',
  rateAdvisorInvalid: 'Rates are for advisors assigned to the organization',
  rateNotFound: 'Rate not found',
  rateSaved: 'Rate saved',
  rateDeleted: 'Rate deleted',
  // Repeating tasks
  recurrenceNeedsDueDate: 'A repeating task needs a due date: its series starts there',
  recurrenceEndsTwice: 'End a series after a number of times or on a date, not both',
  recurrenceUntilBeforeStart: 'A series cannot end before its first due date',
  recurrenceWeekdaysRequired: 'Choose at least one day of the week',
  recurrenceNotRepeating: 'This task does not repeat',
  seriesStopped: 'The task no longer repeats',
  seriesDateTaken: 'Another task of this series is due that day',
  seriesDeleted: 'Task deleted; the series stops here',
  objectiveDeleted: 'Objective deleted',
  projectDeleted: 'Project deleted',
  // Files
  fileInfoFailed: 'Failed to get file info',
  downloadUrlFailed: 'Failed to get download URL',
  deleteFileFailed: 'Failed to delete file',
  fileDeleted: 'File deleted',
  fileStillAttached: 'This file is attached to a record you cannot change',
  // Tickets
  ticketsTitle: 'Tickets',
  loadingTicket: 'Loading ticket...',
  ticketNotFound: 'Ticket not found',
  backToTickets: 'Back to Tickets',
  fetchTicketFailed: 'Failed to fetch ticket',
  createTicketFailed: 'Failed to create ticket',
  updateTicketFailed: 'Failed to update ticket',
  assignTicketFailed: 'Failed to assign ticket',
  deleteTicketFailed: 'Failed to delete ticket',
  attachFileFailed: 'Failed to attach file',
  titleAndDescriptionRequired: 'Title and description are required',
  selectTicketAssignee: 'Please select a user to assign the ticket to',
  ticketOrganizationNotFound: 'Ticket organization not found',
  createSupportTicketFailed: 'Failed to create support ticket',
  createSupportTicketError: 'An error occurred while creating the support ticket',
  ticketAttachmentFailed: 'Ticket created, but file attachment failed. You can add it later.',
  ticketFileTooLarge: 'File size must be less than 10MB',
  supportTicketCreated: 'Support ticket created successfully! Our team will get back to you soon.',
  /** The success message's link to the ticket it made. */
  viewNewTicket: 'View your ticket',
  addCommentPlaceholder: 'Add a comment...',
  posting: 'Posting...',
  uploading: 'Uploading...',
  noTicketComments: 'No comments yet. Be the first to comment!',
  createSupportTicketTitle: 'Create Support Ticket',
  // Tickets: the server's refusals
  ticketAssigneeNotAllowed: "The assignee must be a member of the ticket's organization or one of its advisors",
  ticketFileNotYours: 'Attach a file you uploaded yourself',
  adminsRaiseNoTickets: 'Platform admins answer tickets; they do not raise them',
  ticketAttachmentNotFound: 'Attachment not found on this ticket',
  ticketDeleted: 'Ticket deleted',
  // The work pages' confirmations and failures (delete and remove ask first)
  confirmDeleteProject: 'Delete this project with all its objectives, tasks, comments and attachments?',
  confirmDeleteObjective: 'Delete this objective with all its tasks, comments and attachments?',
  confirmDeleteTask: 'Delete this task with its comments and attachments?',
  confirmRemoveAttachment: 'Are you sure you want to remove this attachment?',
  deleteProjectFailed: 'Failed to delete project',
  deleteObjectiveFailed: 'Failed to delete objective',
  deleteTaskFailed: 'Failed to delete task',
  // Tickets list and page
  confirmDeleteTicket: 'Are you sure you want to delete this ticket?',
  noTickets: 'No tickets found',
  noTicketsHint: 'Raise one with Create New Ticket, or change the filters.',
  /** An empty search or filtered list: nothing matches, which is not "no tickets". */
  noMatchingTickets: 'No ticket matches the search and filters.',
  noMatchingTasks: 'No task matches the filters.',
  // Templates; 'Failed to fetch departments' is fetchDepartmentsFailed
  templatesTitle: 'Smart Templates',
  fetchTemplatesFailed: 'Failed to fetch templates',
  createTemplateFailed: 'Failed to create template',
  templateFieldsRequired: 'Name, category, and at least one file are required',
  templateFileTypeInvalid: 'Only PDF and Word documents are allowed',
  templateUploadHint: 'PDF, DOC and DOCX only, max 10MB each',
  templateDepartmentNotFoundTitle: 'Department Not Found',
  // Templates: the server's refusals and the pages' texts
  templateNotFound: 'Template not found',
  templateFileNotFound: 'This template has no file at that position',
  templatePreviewPdfOnly: 'Only PDF files can be previewed. Download Word documents to open them.',
  templateNoPdf: 'This template has no PDF to preview',
  tooManyTemplateFiles: `At most ${MAX_TEMPLATE_FILES} files per template`,
  templateTagsInvalid: 'Tags must be a JSON list of texts',
  templateFileIdsInvalid: 'removeFileIds must be a JSON list of file ids of this template',
  templatePrimaryInvalid: "primaryFileIndex must be the position of one of the template's files",
  templateDepartmentRequired: 'Choose a department',
  templateDepartmentInactive: 'This department is inactive. Choose an active department.',
  templateDepartmentNameTaken: 'A template department with this name already exists',
  templateDepartmentColorInvalid: 'Choose one of the listed colours',
  templateDepartmentHasTemplates:
    'This department still has templates. Move or delete them first, or deactivate the department instead.',
  templateDepartmentCreated: 'Department created',
  templateDepartmentUpdated: 'Department updated',
  templateCreated: 'Template created successfully!',
  templateUpdated: 'Template updated successfully!',
  templateDeleted: 'Template deleted',
  updateTemplateFailed: 'Failed to update template',
  deleteTemplateFailed: 'Failed to delete template',
  downloadTemplateFailed: 'Failed to download template',
  previewTemplateFailed: 'Failed to preview template',
  confirmDeleteTemplate: 'Delete this template and its files? Downloads already made are not affected.',
  noTemplates: 'No templates found',
  noTemplateDepartments: 'No departments found',
  // Messenger
  welcomeToMessenger: 'Welcome to Messenger',
  chatWithAdvisor: 'Chat with your advisor',
  fetchConversationsFailed: 'Failed to fetch conversations',
  fetchConversationFailed: 'Failed to fetch conversation',
  fetchMessagesFailed: 'Failed to fetch messages',
  fetchAvailableAdvisorsFailed: 'Failed to fetch available advisors',
  fetchAdvisorConversationsFailed: 'Failed to fetch advisor conversations',
  createConversationFailed: 'Failed to create conversation',
  updateConversationFailed: 'Failed to update conversation',
  sendMessageFailed: 'Failed to send message',
  markMessagesReadFailed: 'Failed to mark messages as read',
  // Messenger: the server's refusals
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  conversationTitleRequired: 'Conversation title is required',
  messageEmpty: 'Write a message or attach a file',
  messageFileRequired: 'Name the uploaded file (s3Key or fileName)',
  messageFileNotAccepted: 'Only images, PDF, Word, text, zip and rar files can be sent',
  participantNotAllowed: "Participants must be people of the conversation's organization or its active advisors",
  noAdvisorAssigned: 'Your organization has no active advisor yet',
  cannotRemoveYourself: 'Keep yourself in the participants list',
  advisorStaysInChat: 'The advisor of an advisor chat cannot be removed from it',
  advisorChatMembersOnly: 'Only people of an organization open a chat with its advisor',
  advisorNamesOrganization: 'Choose the organization to chat with',
  noOrganizationForMessenger: 'Conversations belong to an organization; you have none',
  typingTooFast: 'Typing events are sent too often',
  clientMessageIdInvalid: 'A client message id is letters, digits, dots, colons, dashes or underscores',
  clientMessageIdReused: 'This client message id was already used for a message in another conversation',
  // Budgets: an HTTP write over its per-user limit (429), a socket event over its budget
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  tooManyAtOnce: 'Too many requests at once. Please wait for the earlier ones to finish.',
  // Two-factor sign-in
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app',
  twoFactorCodeFormat: 'The code is 6 digits',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  recoveryCodeFormat: 'A recovery code is 10 letters and digits, like abcde-12345',
  twoFactorCodeInvalid: 'That code did not work. Enter the code your app shows now (each code works only once).',
  recoveryCodeInvalid: 'That recovery code did not work. Each one works once.',
  twoFactorChallengeExpired: 'This sign-in has expired. Please sign in again with your password.',
  twoFactorChallengeUsedUp: 'Too many wrong codes for this sign-in. Please sign in again with your password.',
  tooManyTwoFactorAttempts: 'Too many wrong codes. Please wait 15 minutes and try again.',
  tooManyTwoFactorAttemptsFromAddress:
    'Too many wrong codes from your network. Please wait 15 minutes, or sign in from a browser you used here before.',
  tooManyTwoFactorAttemptsForAccount:
    'Too many wrong codes for this account. Please wait 15 minutes, or sign in from a browser you used here before.',
  twoFactorSetupRequired:
    'Your organization requires two-factor sign-in. Set it up with an authenticator app to continue.',
  twoFactorAlreadyEnabled: 'Two-factor sign-in is already on for this account.',
  twoFactorNotEnabled: 'Two-factor sign-in is not on for this account.',
  twoFactorSetupNotStarted: 'Start the set-up again: scan the new QR code, then enter its code.',
  twoFactorEnabled: 'Two-factor sign-in is on.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  twoFactorRequiredByOrganization: 'Your organization requires two-factor sign-in: you will set it up again at once.',
  twoFactorResetDone:
    'Two-factor sign-in was reset. They will sign in with their password alone and were told by email.',
  resetTwoFactorExplained:
    'Their authenticator app and recovery codes stop working, and they sign in with their password alone until they set it up again. They are told by email.',
  twoFactorResetOwnAccount: 'Turn off your own two-factor sign-in on your profile, with your password and a code.',
  twoFactorNeededToRequire: 'Turn on two-factor sign-in for your own account first.',
  recoveryCodesSaved: 'Keep these codes somewhere safe: each one signs you in once if you lose your phone.',
  recoveryCodesRegenerated: 'New recovery codes made. The old ones no longer work.',
  twoFactorSetupFailed: 'Failed to set up two-factor sign-in',
  twoFactorDisableFailed: 'Failed to turn off two-factor sign-in',
  recoveryCodesFailed: 'Failed to make new recovery codes',
  twoFactorResetFailed: 'Failed to reset two-factor sign-in',
  securityUpdateFailed: 'Failed to update the sign-in rules',
  // Notifications
  notificationNotFound: 'Notification not found',
  nothingToChange: 'Nothing to change',
  notificationsLoadFailed: 'Failed to load notifications',
  notificationsAllRead: 'All notifications marked as read',
  notificationUpdateFailed: 'Failed to update the notification',
  subscriptionUpdateFailed: 'Failed to change what you hear about this',
  invalidTimeZone: 'Unknown time zone',
  // Scheduling with an advisor: the server's refusals
  availabilityIntervalOrder: 'An interval must end after it starts',
  availabilityIntervalsOverlap: 'The intervals of one day may not overlap',
  availabilityInvalidTime: 'Times are HH:MM, from 00:00 to 24:00',
  availabilityInvalidDate: 'Dates are YYYY-MM-DD',
  availabilityDuplicateDate: 'Each date may have one override only',
  meetingLengthsDuplicate: 'Each session length may be offered once',
  meetingLengthNotAllowed: 'That session length is not one of the lengths offered',
  meetingLengthNotOffered: 'This advisor does not offer sessions of that length',
  slotRangeOrder: '`to` must be after `from`',
  slotRangeTooLong: `Ask for at most ${MAX_SLOT_RANGE_DAYS} days of slots at once`,
  tooManyIntervals: `At most ${MAX_INTERVALS_PER_DAY} intervals a day`,
  tooManyDateOverrides: `At most ${MAX_DATE_OVERRIDES} date overrides`,
  meetingTimeTaken: 'This time is no longer available',
  meetingOutsideHours: "This time is outside the advisor's hours",
  meetingOffGrid: "Sessions of this length start at the advisor's set times: choose one of the free times",
  meetingInsideNotice: 'This time is too soon: the advisor needs more notice',
  meetingPastHorizon: 'This time is too far ahead to book',
  meetingDayFull: "The advisor's sessions for that day are full: choose another day",
  meetingWeekFull: "The advisor's sessions for that week are full: choose another week",
  meetingInsideCutoff: 'It is too close to the start to change this session here: ask the advisor or your org_admin',
  meetingCutoffNeedsReason: 'Inside the cancellation cut-off, give a reason',
  meetingReschedulesUsed: 'This session was moved as often as the advisor allows: ask the advisor',
  availabilityAdvisorsOnly: 'Only S.M.A.R.T. Advisors have an availability',
  advisorAvailabilityDenied: "Only the advisor itself or an admin can see or change an advisor's availability",
  meetingNotFound: 'Session not found',
  meetingTopicRequired: 'Please enter a topic for the session',
  meetingAdvisorNotAssigned: 'This advisor does not advise that organization',
  meetingNamesOrganization: 'Choose the organization the session is with',
  meetingAttendeeNotAllowed: "Attendees must be people of the session's organization",
  meetingTicketNotFound: "The linked ticket must be one of the organization's tickets",
  meetingBookingDenied: 'Only people of an organization its advisor advises, and the advisor, book sessions',
  meetingChangeDenied: 'Only the person who booked the session, its advisor or an organization admin can change it',
  meetingAlreadyCancelled: 'This session is cancelled',
  meetingAlreadyPast: 'This session has already started',
  meetingNothingToChange: 'Nothing to change',
  meetingAttendeesTooMany: `At most ${MAX_MEETING_ATTENDEES} attendees`,
  meetingBooked: 'Session booked',
  meetingRescheduled: 'Session rescheduled',
  meetingUpdated: 'Session updated',
  meetingCancelled: 'Session cancelled',
  meetingCancelledAssignmentEnded: 'The advisor no longer advises this organization',
  meetingCancelledOrganizationClosed: 'The organization was closed',
  calendarFeedCreated: 'A new calendar feed URL was made; the old one no longer works',
  // Sessions page and Book a session (web)
  noFreeSlots: 'No free times this week. Try the next week.',
  noUpcomingMeetings: 'No upcoming sessions',
  noUpcomingMeetingsHint: 'Sessions booked with an advisor show here.',
  noPastMeetings: 'No past sessions',
  noAdvisorToBook: 'Your organization has no active advisor to book a session with.',
  meetingTimeTakenRefreshed: 'This time is no longer available. The free times are refreshed: please choose another.',
  calendarFeedRegenerateWarning: 'Making a new feed URL stops the old one: calendars subscribed to it stop updating.',
  calendarFeedHint: 'Subscribe to this address in Google Calendar or Outlook to see your upcoming sessions there.',
  fetchAvailabilityFailed: 'Failed to fetch the availability',
  saveAvailabilityFailed: 'Failed to save the availability',
  availabilitySaved: 'Availability saved',
  fetchSlotsFailed: 'Failed to fetch free times',
  fetchMeetingsFailed: 'Failed to fetch sessions',
  fetchMeetingFailed: 'Failed to fetch the session',
  bookMeetingFailed: 'Failed to book the session',
  updateMeetingFailed: 'Failed to change the session',
  cancelMeetingFailed: 'Failed to cancel the session',
  downloadCalendarFailed: 'Failed to download the calendar file',
  fetchCalendarFeedFailed: 'Failed to fetch your calendar feed',
  createCalendarFeedFailed: 'Failed to make a calendar feed URL',
  phoneRequired: 'Add a phone number to your profile first.',
  phoneCodeSent: 'We sent a 6-digit code to your phone.',
  phoneCodeInvalid: 'That code is not right, or it has expired. Ask for a new one.',
  phoneCodeTooSoon: 'A code was just sent. Please wait a minute before asking for another.',
  phoneCodesPerAccountSpent: `You have asked for ${PHONE_CODES_PER_ACCOUNT_PER_DAY} codes today. Please try again tomorrow.`,
  phoneCodesPerNumberSpent: `This number was sent ${PHONE_CODES_PER_NUMBER_PER_DAY} codes today. Please try again tomorrow.`,
  phoneCodeSmsLimitReached:
    'Your organization has sent all the SMS it may send today. Please try again tomorrow, or ask your administrator.',
  smsSendFailed: 'The SMS could not be sent. Please try again later.',
  phoneVerified: 'Your phone number is verified.',
  phoneNotVerified: 'Verify your phone number to receive SMS.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeButton: 'Unsubscribe',
  unsubscribeChangeLater: 'You can turn them on again in your notification preferences.',
  mentionNotAllowed: 'You can only mention people who can see this.',
  // Route guards
  accessDenied: 'Access Denied',
  smartAdvisorsDenied: "You don't have permission to access Smart Advisors management.",
  pageDenied: "You don't have permission to access this page.",
  // A page that failed to load or to render (a chunk gone after a deploy, a bug)
  pageFailedTitle: 'This page could not be shown',
  pageFailed: 'S.M.A.R.T. may have just been updated, or something went wrong. Reload to try again.',
  // The notification inbox: each tab's empty state, browser notifications
  notificationsCaughtUp: "You're all caught up",
  notificationsCaughtUpHint: 'New notifications about your work show up here.',
  noNotifications: 'No notifications yet',
  noArchivedNotifications: 'No archived notifications',
  browserNotificationsBlocked: 'Your browser blocks notifications from S.M.A.R.T. Allow them in its site settings.',
  browserNotificationsUnsupported: 'This browser cannot show notifications.',
  // Search everything
  searchTypesInvalid: `Search types must be among ${SEARCH_KINDS.join(', ')}`,
  searchPlaceholder: 'Search projects, tasks, tickets, templates, people and messages',
  searchHint: `Type at least ${SEARCH_MIN_LENGTH} characters to search.`,
  searchNoResults: 'Nothing found. Try other words.',
  searchFailed: 'Search failed. Please try again.',
  // Time entries
  timeEntryNotFound: 'Time entry not found',
  timeRecordNotFound: 'Task or ticket not found',
  timeMinutesInvalid: `Minutes must be a whole number from 1 to ${MAX_TIME_ENTRY_MINUTES}`,
  timeEntryTooOld: `Your own entries can be changed for ${TIME_ENTRY_EDIT_DAYS} days; ask your organization admin`,
  timeRangeOrder: 'The end of the range must not be before its start',
  timesheetRangeTooLong: `A timesheet covers at most ${MAX_TIMESHEET_DAYS} days`,
  statementTooLong: `A PDF statement holds at most ${MAX_STATEMENT_ENTRIES.toLocaleString('en-US')} entries: choose a shorter period`,
  timerAlreadyRunning: 'A timer is already running; stop it first',
  timerNotRunning: 'No timer is running',
  timeRecordingEnded: 'You can no longer record time on its task or ticket; ask your organization admin',
  timerDiscardedRecordingEnded:
    'Your timer was discarded: you can no longer record time on its task or ticket, so its time was not kept',
  timerDiscarded: 'Timer discarded',
  timeEntryAdded: 'Time added',
  timeEntryUpdated: 'Time entry updated',
  timeEntryDeleted: 'Time entry deleted',
  fetchTimeEntriesFailed: 'Failed to fetch time entries',
  // Audit log
  auditLogTooDeep: `The audit log shows its newest ${AUDIT_MAX_DEPTH.toLocaleString('en-US')} lines of a filter; narrow the dates or export it as CSV`,
  auditActionNotInView: 'That action is not in this view of the audit log (exports are a view of their own)',
  fetchAuditLogFailed: 'Failed to fetch the audit log',
  // Scheduled backups (the admin's Backups page)
  backupsDenied: 'Only platform administrators can see the backups',
  fetchBackupsFailed: 'Failed to load the backups',
  backupsOff: 'Scheduled backups are off',
  backupsOffHint: `Set ${BACKUP_SETTINGS[0]} to a folder outside the data directory and restart the server: it then writes and verifies an archive every ${BACKUP_SETTINGS[1]} hours (default ${DEFAULT_BACKUP_INTERVAL_HOURS}) and keeps the newest ${BACKUP_SETTINGS[2]} (default ${DEFAULT_BACKUP_KEEP}).`,
  noBackupsYet: 'No backup yet',
  noBackupsYetHint: 'The first one is written within the hour after the server starts with backups on.',
  // API token pages (decision 0281)
  fetchApiTokensFailed: 'Failed to load the API tokens',
  createApiTokenFailed: 'Failed to create the API token',
  updateApiTokenFailed: 'Failed to save the API token',
  revokeApiTokenFailed: 'Failed to revoke the API token',
  apiTokenUpdated: 'Token saved',
  apiTokenSecretOnce:
    "Copy the token now: you won't see it again. Only its first characters are kept, so you can tell it apart.",
  apiTokenOrganizationsRequired: 'Choose at least one organization the token may reach',
  apiTokensDenied: 'Only platform administrators can see every API token',
  organizationApiTokensHelp:
    "Organization tokens belong to the organization, not to a person: they keep working when their maker leaves, and act as the organization's service identity, named in history and the audit log.",
  organizationWebhooksHelp:
    'Webhooks send changes in this organization to your other tools as they happen: each delivery signed, retried when it fails, and kept in a log.',
  // Importing members from CSV: the file's refusals, then a row's problems
  importFileTooLarge: `The file is too large. The limit is ${MEMBER_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  importFileNotText: 'The file is not CSV text. Save it from your spreadsheet as "CSV UTF-8" and try again.',
  importTooManyRows: `The file has more than ${MEMBER_IMPORT_MAX_ROWS.toLocaleString('en-US')} members. Split it into smaller files.`,
  importNoMembers: 'The file has a header row but no members.',
  importHasProblems:
    'Some rows have problems: a file is imported only when every row is right. Fix them and try again.',
  importRoleUnknown: 'Unknown role: write user or org_admin, or leave it empty for user',
  importFailed: 'Failed to import members',
  importPreviewFailed: 'Failed to read the file',
  // Analytics
  analyticsRangeTooLong: `A range covers at most ${MAX_ANALYTICS_DAYS} days`,
  fetchAnalyticsFailed: 'Failed to load analytics',
  // CSV exports
  tooManyExports: `You have ${MAX_CONCURRENT_EXPORTS} exports running. Please wait for one to finish and try again.`,
  serverBusy: "The server is busy with other people's files just now. Please try again in a few seconds.",
  downloadFailed: 'The download failed. Please try again.',
  exportCsv: 'Export CSV',
} as const;

/** The task page's banner after -5% / +5%. */
export const progressUpdatedMessage = (progress: number) => `Progress updated to ${progress}%!`;

/** Assign to Org, once done: who now advises whom (the dialog closed without a word). */
/** When the retention job will erase a closed organization (or that it is being erased now). */
export const organizationErasureNotice = (erasesOn: string) => `Erased on ${erasesOn} unless reopened`;

export const advisorAssignedMessage = (advisor: string, organization: string) =>
  `${advisor} is now assigned to ${organization}.`;

/** Deleting a time entry asks first, naming it: "Delete 45 min on 11/27/2026?". */
export const confirmDeleteTimeEntryMessage = (entry: string) => `Delete ${entry}?`;

/** Discarding the running timer asks first, saying what is lost: "Discard the timer? Its 3 min will not be recorded.". */
export const confirmDiscardTimerMessage = (minutes: number) =>
  `Discard the timer? Its ${minutes < 1 ? 'time (under a minute)' : formatMinutes(minutes)} will not be recorded.`;

const dayHolds = `A day holds at most ${formatMinutes(MAX_MINUTES_PER_DAY)}`;

/**
 * An entry that would take a person's day past MAX_MINUTES_PER_DAY: what the day holds already
 * (its other entries) and what still fits.
 */
export function dayFullMessage(day: string, recordedMinutes: number): string {
  const left = MAX_MINUTES_PER_DAY - recordedMinutes;
  const recorded = `${formatDateOnly(day) ?? day} has ${formatMinutes(recordedMinutes)} recorded already`;
  return left > 0 ? `${dayHolds}: ${recorded}, so at most ${formatMinutes(left)} more fit` : `${dayHolds}: ${recorded}`;
}

/** A timer stopped on a day already full: nothing of it fits, and it keeps running. */
export const timerDayFullMessage = (day: string) =>
  `${dayHolds}: ${formatDateOnly(day) ?? day} is full. Discard the timer, or correct that day's entries and stop it again.`;

/** A record's Time panel, to whoever may read the record but not record time on it: why there is no timer. */
export const timeRecordedByMessage = (recordType: TimeRecordType) =>
  `Time is recorded by those who work on this ${recordType}.`;

/** Revoke's question for one token. */
export const confirmRevokeApiTokenMessage = (name: string) =>
  `Revoke the token "${name}"? Every script or integration using it stops working at once; this cannot be undone.`;

/** A text field longer than its limit. */
export const tooLongMessage = (max: number) => `Must be at most ${max} characters`;

/** A member import's file whose header row lacks required columns (their template headings). */
export const importMissingColumnsMessage = (headers: readonly string[]) =>
  `The header row must name the columns ${headers.join(', ')}. Download the template to see them.`;

/** A member import's header row naming one column twice. */
export const importColumnTwiceMessage = (header: string) => `The header row names the column ${header} twice.`;

/** A member import's file that is not CSV: where and why. */
export const importCsvSyntaxMessage = (row: number, problem: 'unclosed-quote' | 'text-after-quote') =>
  problem === 'unclosed-quote'
    ? `The file is not valid CSV: a quoted value in row ${row} is never closed.`
    : `The file is not valid CSV: in row ${row} a closing quote is followed by more text before the next comma.`;

/** A member import's row repeating an e-mail address an earlier row has. */
export const importEmailRepeatedMessage = (row: number) => `This email is already in row ${row} of the file`;

/** A member import needing more seats than the subscription has left. */
export const importSeatLimitMessage = (members: number, seatsAvailable: number) =>
  `The file adds ${members} ${members === 1 ? 'member' : 'members'}, but the subscription has ${seatsAvailable} ${seatsAvailable === 1 ? 'seat' : 'seats'} left. Add seats on the Billing page or import fewer members.`;

/** A member import that went through. */
export const membersImportedMessage = (members: number) =>
  `${members} ${members === 1 ? 'member' : 'members'} imported. Each was emailed a link to choose a password.`;

export type MessageKey = keyof typeof UI_TEXT;
