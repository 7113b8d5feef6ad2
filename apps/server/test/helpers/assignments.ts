import { advisorEndpoints } from '@smart/contracts';
import type { TestApp } from './app.js';
import type { Member } from './factories.js';

/** Ends an advisor's assignment to an organization, as the admin does it (its records leave the advisor's lists). */
export async function endAssignment(t: TestApp, admin: Member, organizationId: string, advisorId: string) {
  const answer = await t.call(advisorEndpoints.updateAssignment, {
    token: admin.token,
    params: { orgId: organizationId, advisorId },
    body: { isActive: false },
  });
  return answer.data;
}
