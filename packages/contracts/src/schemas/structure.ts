import { z } from 'zod';
import {
  DEFAULT_DEPARTMENT_ICON,
  DEFAULT_TEAM_MEMBER_ROLE,
  isDepartmentIcon,
  TEAM_MEMBER_ROLES,
} from '../departments.js';
import { MAX_ICON_LENGTH, MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH } from '../limits.js';
import { ROLES } from '../roles.js';
import { UI_TEXT } from '../ui-text.js';
import {
  boundedString,
  idSchema,
  optionalLine,
  optionalText,
  pageQuery,
  permissionsSchema,
  phoneField,
  recordIds,
  requiredLine,
  searchQuery,
} from './common.js';
import { imageUrlField } from './urls.js';
import { advisorProfileInput } from './users.js';

/** A user as it appears inside another record (a department's manager, a team's lead or member). */
export const userSummarySchema = z.object({
  ...recordIds,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImage: z.string().nullable(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  roles: z.array(z.enum(ROLES)),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const departmentSchema = z.object({
  ...recordIds,
  name: z.string(),
  description: z.string().nullable(),
  organizationId: z.string(),
  organizationName: z.string(),
  manager: userSummarySchema.nullable(),
  settings: z.object({ icon: z.string() }),
  /** An uploaded picture, shown instead of the icon; null shows the icon. */
  imageUrl: z.string().nullable(),
  teamCount: z.number().int(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** canEdit: name, description, manager, icon, image, people and teams; canDelete: delete the department. */
  permissions: permissionsSchema('canEdit', 'canDelete'),
});
export type Department = z.infer<typeof departmentSchema>;

const iconField = boundedString(MAX_ICON_LENGTH).trim().refine(isDepartmentIcon, UI_TEXT.departmentIconInvalid);

const departmentName = requiredLine(UI_TEXT.departmentNameRequired, MAX_NAME_LENGTH);

export const createDepartmentBody = z.object({
  name: departmentName,
  /** Only an admin names the organization; everyone else creates in its own. */
  organizationId: idSchema.optional(),
  description: optionalText(MAX_LONG_TEXT_LENGTH),
  manager: idSchema.nullable().optional(),
  settings: z.object({ icon: iconField.default(DEFAULT_DEPARTMENT_ICON) }).optional(),
});
export const updateDepartmentBody = z.object({
  name: departmentName.optional(),
  description: optionalText(MAX_LONG_TEXT_LENGTH),
  manager: idSchema.nullable().optional(),
  settings: z.object({ icon: iconField }).optional(),
  /** An image uploaded through POST /api/files/upload; null (or '') removes it. */
  imageUrl: imageUrlField,
});
export type CreateDepartmentBody = z.input<typeof createDepartmentBody>;
export type UpdateDepartmentBody = z.input<typeof updateDepartmentBody>;

export const attachTeamBody = z.object({ teamId: z.uuid({ error: UI_TEXT.selectTeam }).max(36) });

export const teamMemberRoleSchema = z.enum(TEAM_MEMBER_ROLES, { error: UI_TEXT.teamMemberRoleInvalid });

export const teamMemberSchema = z.object({ user: userSummarySchema, role: teamMemberRoleSchema, addedAt: z.string() });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.object({
  ...recordIds,
  name: z.string(),
  description: z.string().nullable(),
  organizationId: z.string(),
  /** An admin's list spans organizations: each card names its own. */
  organizationName: z.string(),
  departmentId: z.string().nullable(),
  department: z.object({ _id: z.string(), id: z.string(), name: z.string() }).nullable(),
  teamLead: userSummarySchema.nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** canEdit: rename, move, change the lead and the members; canDelete: delete the team. */
  permissions: permissionsSchema('canEdit', 'canDelete'),
});
export type Team = z.infer<typeof teamSchema>;

/** A team with its members, as GET /api/teams/{id} returns it. */
export const teamDetailSchema = teamSchema.extend({ members: z.array(teamMemberSchema) });
export type TeamDetail = z.infer<typeof teamDetailSchema>;

const teamName = requiredLine(UI_TEXT.teamNameRequired, MAX_NAME_LENGTH);

export const createTeamBody = z.object({
  name: teamName,
  /** Only an admin names the organization (or gives a department); everyone else creates in its own. */
  organizationId: idSchema.optional(),
  description: optionalText(MAX_LONG_TEXT_LENGTH),
  departmentId: idSchema.nullable().optional(),
  teamLead: idSchema.nullable().optional(),
  members: z
    .array(z.object({ user: idSchema, role: teamMemberRoleSchema.default(DEFAULT_TEAM_MEMBER_ROLE) }))
    .max(500)
    .optional(),
});
export const updateTeamBody = z.object({
  name: teamName.optional(),
  description: optionalText(MAX_LONG_TEXT_LENGTH),
  departmentId: idSchema.nullable().optional(),
  teamLead: idSchema.nullable().optional(),
});
export type CreateTeamBody = z.input<typeof createTeamBody>;
export type UpdateTeamBody = z.input<typeof updateTeamBody>;

export const addTeamMemberBody = z.object({
  userId: z.uuid({ error: UI_TEXT.selectUser }).max(36),
  role: teamMemberRoleSchema.default(DEFAULT_TEAM_MEMBER_ROLE),
});
export type AddTeamMemberBody = z.input<typeof addTeamMemberBody>;

/** An org_admin's edit of a member (the Team Members page's edit modal). */
export const updateMemberBody = z.object({
  jobTitle: optionalLine(MAX_NAME_LENGTH * 2),
  phone: phoneField,
  departmentId: idSchema.nullable().optional(),
  role: z.enum(ROLES).optional(),
  /** An advisor's specialties and experience (admin, advisors only). */
  profile: advisorProfileInput.optional(),
});
export type UpdateMemberBody = z.input<typeof updateMemberBody>;

/** GET /api/departments, /api/teams and /api/users: an admin may pick the organization. */
export const organizationFilterQuery = z.object({ organizationId: idSchema.optional() });
/** A page of an organization's departments or teams (admin: any organization, or all). */
export const organizationPageQuery = pageQuery.extend(organizationFilterQuery.shape);

/** Which members a directory lists: active ones, deactivated ones, or both. */
export const MEMBER_STATUSES = ['active', 'inactive', 'all'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
const memberStatus = z.enum(MEMBER_STATUSES);

/** Which members a directory lists: active ones by default. */
export const memberStatusQuery = z.object({ status: memberStatus.default('active') });

/**
 * GET /api/users: a page, an admin's organization, a name or e-mail search (people pickers ask as
 * the user types) and a status; without a status every account is listed, as before.
 */
export const userListQuery = pageQuery
  .extend(organizationFilterQuery.shape)
  .extend(searchQuery.shape)
  .extend({ status: memberStatus.optional() });
export type UserListQuery = z.input<typeof userListQuery>;
