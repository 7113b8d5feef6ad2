import {
  type RegisterBody,
  ROLE_LABELS,
  type Role,
  resolveRole,
  type UpdateMemberBody,
  type User,
} from '@smart/contracts';
import { accountBodyFrom, checkNewAccount, EMPTY_NEW_ACCOUNT, type NewAccountValues } from '@/lib/new-account';

/** The roles an organization's manager can give ('user' by default, or 'org_admin'). */
export const MEMBER_ROLES = ['user', 'org_admin'] as const satisfies readonly Role[];
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MEMBER_ROLE_OPTIONS = MEMBER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const isMemberRole = (value: string | null | undefined): value is MemberRole =>
  (MEMBER_ROLES as readonly string[]).includes(value ?? '');

/** The Add Team Member form, as plain strings for inputs. */
export interface NewMemberValues extends NewAccountValues {
  role: MemberRole;
  jobTitle: string;
  departmentId: string | null;
  phone: string;
}

export const EMPTY_NEW_MEMBER: NewMemberValues = {
  ...EMPTY_NEW_ACCOUNT,
  role: 'user',
  jobTitle: '',
  departmentId: null,
  phone: '',
};

interface OrganizationRef {
  id: string;
  name: string | null;
}

/** The registration body of the add-member flow: the new member joins the manager's organization. */
export function registerBodyFrom(
  values: NewMemberValues,
  organization: OrganizationRef,
  departmentName: string | null,
): RegisterBody {
  return {
    ...accountBodyFrom(values),
    roles: [values.role],
    meta: {
      organizationId: organization.id,
      ...(organization.name ? { organizationName: organization.name } : {}),
      jobTitle: values.jobTitle.trim(),
      phone: values.phone.trim(),
      ...(values.departmentId ? { departmentId: values.departmentId, department: departmentName ?? '' } : {}),
    },
  };
}

/**
 * The add-member form's check: the UI_TEXT messages in the form's order, then the optional
 * fields as the server checks them; only the first failure, under its field.
 */
export function checkNewMember(organization: OrganizationRef) {
  return checkNewAccount((values: NewMemberValues) => registerBodyFrom(values, organization, null));
}

/** The edit-member modal's fields. */
export interface MemberEditValues {
  jobTitle: string;
  phone: string;
  departmentId: string | null;
  role: MemberRole | null;
}

export function editValuesFrom(user: User): MemberEditValues {
  const role = resolveRole(user);
  return {
    jobTitle: user.meta.jobTitle ?? '',
    phone: user.meta.phone ?? '',
    departmentId: user.meta.departmentId,
    // Only a user or an organization admin can be switched between the two; other roles are not edited here.
    role: isMemberRole(role) ? role : null,
  };
}

/** Sends what changed only, so an untouched field is never rewritten. */
export function updateMemberBodyFrom(user: User, values: MemberEditValues): UpdateMemberBody {
  const before = editValuesFrom(user);
  const body: UpdateMemberBody = {};
  if (values.jobTitle.trim() !== before.jobTitle) body.jobTitle = values.jobTitle.trim();
  if (values.phone.trim() !== before.phone) body.phone = values.phone.trim();
  if (values.departmentId !== before.departmentId) body.departmentId = values.departmentId;
  if (values.role && values.role !== before.role) body.role = values.role;
  return body;
}
