import { ticketActivity, ticketComments, tickets } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { readTicketForFiles } from './attachments.js';
import { ticketRoutes } from './routes.js';
import { startSlaNoticeSweep } from './sla-sweep.js';
import { ticketSocketEvents } from './socket.js';

export { ticketNotificationRules } from './notifications.js';
export {
  canChangeTicketStatus,
  canEditTicket,
  handlesTicketsWhereActing,
  type TicketAccess,
  type TicketAccessRecord,
} from './policy.js';
export type { TicketRecord } from './presenter.js';
export { readableTicket, selectTicketRecords, ticketList, ticketScope } from './service.js';
export { presentTicketSla } from './service-level.js';
export { openTicketCount } from './stats.js';
export const ticketsModule: ServerModule = {
  name: 'tickets',
  routes: registerRoutes(ticketRoutes),
  socketEvents: ticketSocketEvents,
  recordReaders: { ticket: readTicketForFiles },
  notificationHooks: { reminderSweeps: [startSlaNoticeSweep] },
  organizationData: organizationTables(tickets, ticketComments, ticketActivity),
};
