import { UI_TEXT } from '@smart/contracts';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { canActInOrganization, isAdvisor, isMemberOf } from '../../lib/tenancy.js';
import { activeUser } from '../people/index.js';

/**
 * 400 unless the user may take a ticket of the organization: an active member of it, or an
 * advisor with an active assignment to it (platform admins answer tickets unassigned). Null unassigns.
 */
export async function requireTicketAssignee(db: Database, organizationId: string, userId: string | null) {
  if (!userId) return;
  const user = await activeUser(db, userId);
  const allowed =
    user !== undefined &&
    (isAdvisor(user) ? await canActInOrganization(db, user, organizationId) : isMemberOf(user, organizationId));
  if (!allowed) throw badRequest(UI_TEXT.ticketAssigneeNotAllowed);
}
