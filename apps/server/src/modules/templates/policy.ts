import { isAdmin } from '@smart/contracts';
import { forbidden } from '../../lib/errors.js';
import { type Actor, hasFlag } from '../../lib/tenancy.js';

/**
 * Who may do what in the template library: templates are platform-wide, read with
 * canManageTemplates, created with canCreateTemplates. The service enforces these
 * functions and the presenter sends them as `permissions`.
 */

/** Reading departments and templates: canManageTemplates (every role today). */
export const canReadTemplates = (actor: Actor) => hasFlag(actor, 'canManageTemplates');

/** Creating templates: canCreateTemplates (admin, advisor). */
export const canCreateTemplates = (actor: Actor) => canReadTemplates(actor) && hasFlag(actor, 'canCreateTemplates');

/** Editing and deleting a template: an admin any, a creator (an advisor) its own. */
export const canChangeTemplate = (actor: Actor, template: { createdBy: string | null }) =>
  canCreateTemplates(actor) && (isAdmin(actor) || template.createdBy === actor.id);

/** Creating, editing, deactivating and deleting template departments: admins. */
export const canManageTemplateDepartments = (actor: Actor) => canReadTemplates(actor) && isAdmin(actor);

/** Inactive departments and their templates are seen by those who can reactivate them. */
export const seesInactiveTemplateDepartments = canManageTemplateDepartments;

/** 403 unless the actor may read the library. */
export function requireTemplateReader(actor: Actor) {
  if (!canReadTemplates(actor)) throw forbidden();
}

export function requireTemplateCreator(actor: Actor) {
  if (!canCreateTemplates(actor)) throw forbidden();
}

export function requireTemplateDepartmentManager(actor: Actor) {
  if (!canManageTemplateDepartments(actor)) throw forbidden();
}
