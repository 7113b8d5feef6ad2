import { type AnalyticsQuery, analyticsEndpoints, UI_TEXT } from '@smart/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The analytics page's one request. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  figures: (query: AnalyticsQuery) =>
    [...analyticsKeys.all, query.organizationId ?? 'own', query.from ?? '', query.to ?? ''] as const,
};

export const analyticsQueries = {
  figures: (query: AnalyticsQuery) =>
    queryOptions({
      queryKey: analyticsKeys.figures(query),
      queryFn: () => api(analyticsEndpoints.read, { query }, { failMessage: UI_TEXT.fetchAnalyticsFailed }),
      // A new range keeps the figures on screen (dimmed) until its own arrive.
      placeholderData: keepPreviousData,
    }),
};

/** The figures the address asks for; nothing is asked while the range is one the server would refuse. */
export const useAnalytics = (query: AnalyticsQuery, enabled: boolean) =>
  useQuery({ ...analyticsQueries.figures(query), enabled });
