import { z } from 'zod';
import { idSchema, permissionsSchema } from './common.js';
import { userSummarySchema } from './structure.js';
import { userSchema } from './users.js';

/**
 * S.M.A.R.T. Advisors and their assignments to organizations.
 * An assignment's `permissions` say what the caller may do with it (canActivate, canDeactivate,
 * canRemove), from the same policy the server enforces.
 */
const assignmentPermissions = permissionsSchema('canActivate', 'canDeactivate', 'canRemove');

/** One of an advisor's assignments, as the advisors list embeds it. */
export const advisorAssignmentSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  assignedAt: z.string(),
  isActive: z.boolean(),
  permissions: assignmentPermissions,
});
export type AdvisorAssignment = z.infer<typeof advisorAssignmentSchema>;

/** GET /api/users/advisors: an advisor (the user record) with every assignment it has. */
export const advisorSchema = userSchema.extend({ assignments: z.array(advisorAssignmentSchema) });
export type Advisor = z.infer<typeof advisorSchema>;

/** GET /api/organizations/{orgId}/advisors: an entry is {advisor, assignedAt, isActive}. */
export const organizationAdvisorSchema = z.object({
  organizationId: z.string(),
  advisor: userSummarySchema.extend({ specialties: z.array(z.string()), experience: z.string().nullable() }),
  assignedAt: z.string(),
  isActive: z.boolean(),
  permissions: assignmentPermissions,
});
export type OrganizationAdvisor = z.infer<typeof organizationAdvisorSchema>;

/**
 * GET /api/organizations/advisors/my-organizations; `peopleCount` (active members) and
 * `openTicketCount` (tickets open or in progress) are additions for the advisor's organization cards.
 */
export const myOrganizationSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  assignedAt: z.string(),
  isActive: z.boolean(),
  peopleCount: z.number().int(),
  openTicketCount: z.number().int(),
});
export type MyOrganization = z.infer<typeof myOrganizationSchema>;

export const organizationAdvisorsParams = z.object({ orgId: idSchema });
export const advisorAssignmentParams = z.object({ orgId: idSchema, advisorId: idSchema });

export const assignAdvisorBody = z.object({ advisorId: idSchema });
export type AssignAdvisorBody = z.infer<typeof assignAdvisorBody>;

export const updateAdvisorAssignmentBody = z.object({ isActive: z.boolean() });
export type UpdateAdvisorAssignmentBody = z.infer<typeof updateAdvisorAssignmentBody>;
