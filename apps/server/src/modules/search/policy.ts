import type { SearchKind } from '@smart/contracts';
import { type Actor, hasFlag, isAdvisor } from '../../lib/tenancy.js';
import { canReadTemplates } from '../templates/index.js';

/**
 * Who searches which kind in "search everything". Which rows of a kind the actor reads is
 * each domain's own rule, asked by service.ts; this file says only which kinds are open to it at all.
 */

/** Projects: those who work on an organization's projects (canManageProjects); advisors never (projects/policy.ts). */
const searchesProjects = (actor: Actor) => hasFlag(actor, 'canManageProjects');

/**
 * People open on the Team Members page (recordPaths.person), which shows the member managers
 * (canManageUsers) their own organization: they search its people; nobody else has a page to open one on.
 */
const searchesPeople = (actor: Actor) => hasFlag(actor, 'canManageUsers') && actor.organizationId !== null;

const RULES: Record<SearchKind, (actor: Actor) => boolean> = {
  projects: searchesProjects,
  // Objectives: those of the projects the actor reads (lib/read-rules readableObjectives), advisors never.
  objectives: searchesProjects,
  // Tasks: project workers, and advisors the tasks assigned to them (lib/read-rules readableTasks).
  tasks: (actor) => searchesProjects(actor) || isAdvisor(actor),
  // Tickets and messages: everyone signed in, in the scope of the tickets list and of the messenger.
  tickets: () => true,
  templates: canReadTemplates,
  people: searchesPeople,
  messages: () => true,
};

/** The asked kinds the actor may search, in the order asked. */
export const searchableKinds = (actor: Actor, kinds: readonly SearchKind[]) =>
  kinds.filter((kind) => RULES[kind](actor));
