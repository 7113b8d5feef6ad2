import { type CreateTeamBody, teamEndpoints, UI_TEXT } from '@smart/contracts';
import { api } from './api-client';

/** Creates a team, shared by the Teams page and a department's Teams tab (features do not import each other). */
export function createTeam(body: CreateTeamBody) {
  return api(teamEndpoints.create, { body }, { failMessage: UI_TEXT.createTeamFailed });
}

/** What both Create Team modals hold. */
export interface NewTeamValues {
  name: string;
  description: string;
  /** The optional lead: joins the team as its Team Lead. */
  teamLead: string | null;
}

export const EMPTY_NEW_TEAM: NewTeamValues = { name: '', description: '', teamLead: null };

/** The new team's body: trimmed texts, and the lead when one is chosen. */
export function createTeamBodyFrom({ name, description, teamLead }: NewTeamValues): CreateTeamBody {
  return { name: name.trim(), description: description.trim(), ...(teamLead ? { teamLead } : {}) };
}
