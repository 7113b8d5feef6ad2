import { UI_TEXT } from '@smart/contracts';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { canActInOrganization, isAdvisor } from '../../lib/tenancy.js';
import { activeUser } from '../people/index.js';
import { canWorkOnProjectsIn } from '../projects/index.js';

/**
 * Whether the user may see a task of the organization: an active member working on its projects
 * (or admin), or an advisor with an active assignment to it (lib/tenancy.ts, the one check).
 */
export async function isAssignable(db: Database, organizationId: string, userId: string): Promise<boolean> {
  const user = await activeUser(db, userId);
  return (
    user !== undefined &&
    (canWorkOnProjectsIn(user, organizationId) ||
      (isAdvisor(user) && (await canActInOrganization(db, user, organizationId))))
  );
}

/** 400 unless the user may be given a task of the organization (isAssignable). */
export async function requireAssignable(db: Database, organizationId: string, userId: string | null | undefined) {
  if (userId && !(await isAssignable(db, organizationId, userId))) throw badRequest(UI_TEXT.assigneeCannotSeeTask);
}
