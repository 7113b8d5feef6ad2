import { expect } from 'vitest';
import type { TestApp } from './app.js';
import type { Member } from './factories.js';

/** Ends an advisor's assignment to an organization, as the admin does it (its records leave the advisor's lists). */
export async function endAssignment(t: TestApp, admin: Member, organizationId: string, advisorId: string) {
  const response = await t.request({
    token: admin.token,
    method: 'PATCH',
    url: `/api/organizations/${organizationId}/advisors/${advisorId}`,
    payload: { isActive: false },
  });
  expect(response.statusCode, response.body).toBe(200);
}
