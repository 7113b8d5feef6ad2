import { conversationEndpoints, UI_TEXT } from '@smart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The advisors a member may chat with and book: its organization's active ones (nobody else has
 * any). One cache entry for the advisor chat button, the dashboard and the Book a session dialog.
 */
const getAvailableAdvisors = () =>
  api(conversationEndpoints.availableAdvisors, {}, { failMessage: UI_TEXT.fetchAvailableAdvisorsFailed });

export const availableAdvisorsQuery = () =>
  queryOptions({ queryKey: ['available-advisors'], queryFn: getAvailableAdvisors });

export function useAvailableAdvisors(enabled = true) {
  return useQuery({ ...availableAdvisorsQuery(), enabled });
}
