/**
 * "Who may read it", once per record type, as SQL: the record's list, its GET's 404, search and the
 * notification fan-out all ask these (docs/decisions/0245-one-read-rule-per-record-type.md).
 */
export { readableConversations } from './conversation.js';
export { readableInvoices, readableTimeApprovals } from './invoicing.js';
export { readableMeetings } from './meeting.js';
export { findReadableObjective, readableObjectives } from './objective.js';
export { readableProjects, readsWorkOf } from './project.js';
export {
  actorReader,
  type PersonColumns,
  personColumns,
  personReader,
  type Reader,
  readsOrganization,
  seesAllOrganizations,
  whereOf,
} from './reader.js';
export { readableTasks } from './task.js';
export { readableTemplates } from './template.js';
export { readableTickets } from './ticket.js';
