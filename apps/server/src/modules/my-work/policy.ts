import { type Actor, seesAllOrganizations } from '../../lib/tenancy.js';

/**
 * Who may read which part of "My work". Everyone reads its own blocks (scoped by the
 * tenancy rules and each record's read rule in service.ts); the platform's figures are the admin's.
 */
export const canReadPlatformFigures = (actor: Actor) => seesAllOrganizations(actor);
