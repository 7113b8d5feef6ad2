import { type CreateTeamBody, MESSAGES, type TeamDetail } from '@smart/contracts';
import { apiClient } from './api-client';

/** POST /api/teams, shared by the Teams page and a department's Teams tab (features do not import each other). */
export function createTeam(body: CreateTeamBody): Promise<TeamDetail> {
  return apiClient.post<TeamDetail>('/api/teams', body, {
    failMessage: MESSAGES.createTeamFailed,
  });
}
