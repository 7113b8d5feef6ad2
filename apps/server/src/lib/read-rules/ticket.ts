import type { SQL } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import { qualified } from '../sql.js';
import { type Reader, readsOrganization, whereOf } from './reader.js';

/**
 * The tickets the reader may read, as a condition on `tickets`: admin, the organization's members,
 * its advisors while actively assigned (modules/tickets/policy.ts canReadTicket).
 */
export const readableTickets = (reader: Reader): SQL =>
  whereOf(readsOrganization(reader, qualified(tickets.organizationId)));
