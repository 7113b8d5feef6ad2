import { UI_TEXT } from '@smart/contracts';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { canActInOrganization, isAdvisor } from '../../lib/tenancy.js';
import { activeUser } from '../people/index.js';
import { canWorkOnProjectsIn } from '../projects/index.js';

/**
 * 400 unless the user may see a task of the organization: an active member working on its
 * projects (or admin), or an advisor with an active assignment to it (lib/tenancy.ts, the one check).
 */
export async function requireAssignable(db: Database, organizationId: string, userId: string | null | undefined) {
  if (!userId) return;
  const user = await activeUser(db, userId);
  const sees =
    user !== undefined &&
    (canWorkOnProjectsIn(user, organizationId) ||
      (isAdvisor(user) && (await canActInOrganization(db, user, organizationId))));
  if (!sees) throw badRequest(UI_TEXT.assigneeCannotSeeTask);
}
