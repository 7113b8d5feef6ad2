export { SupportTicketProvider } from './support/SupportTicketProvider';
