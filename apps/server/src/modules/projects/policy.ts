import type { Project } from '@smart/contracts';
import { type Actor, canManageIn, isMemberOf, seesAllOrganizations } from '../../lib/tenancy.js';

/**
 * Who may do what with projects, objectives and tasks.
 * Services enforce these functions and presenters send them as `permissions`, so the web app shows
 * exactly the controls the server accepts. Advisors are absent here on purpose: they reach only the
 * tasks assigned to them (tasks/policy.ts), never projects or objectives.
 */

/** A record of organization X created by someone. */
export interface WorkRecord {
  organizationId: string;
  createdBy: string | null;
}

/** Reading and creating projects, objectives and tasks of X: its members holding canManageProjects, and admin. */
export const canWorkOnProjectsIn = (actor: Actor, organizationId: string) =>
  canManageIn(actor, organizationId, 'canManageProjects');

/** X's org_admin, or platform reach: they may change any work record of X, whoever created it. */
export const leadsWorkIn = (actor: Actor, organizationId: string) =>
  seesAllOrganizations(actor) || (actor.role === 'org_admin' && isMemberOf(actor, organizationId));

/** Editing and deleting a project, objective or task: its creator (still working there), X's org_admin, admin. */
export const canChangeWorkRecord = (actor: Actor, record: WorkRecord) =>
  leadsWorkIn(actor, record.organizationId) ||
  (record.createdBy === actor.id && canWorkOnProjectsIn(actor, record.organizationId));

export function projectPermissions(actor: Actor, project: WorkRecord): Project['permissions'] {
  const changes = canChangeWorkRecord(actor, project);
  return { canEdit: changes, canDelete: changes, canAddObjective: canWorkOnProjectsIn(actor, project.organizationId) };
}

/** Removing a file from an objective or task: whoever uploaded it, or whoever may change the record. */
export const canRemoveAttachment = (actor: Actor, record: WorkRecord, attachment: { uploadedBy: string | null }) =>
  attachment.uploadedBy === actor.id || canChangeWorkRecord(actor, record);
