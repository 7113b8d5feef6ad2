import { type Actor, seesAllOrganizations } from '../../lib/tenancy.js';

/**
 * Who sees the scheduled backups: platform reach (the admin's canAccessAllOrganizations). An
 * archive holds every organization's data; nobody of one organization reads how it went.
 */
export const canSeeBackups = (actor: Actor) => seesAllOrganizations(actor);
