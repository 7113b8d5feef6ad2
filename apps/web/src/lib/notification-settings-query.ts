import { notificationEndpoints, UI_TEXT } from '@smart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { effectiveTimeZone } from './time-zone';

/**
 * The user's notification settings, one key for every page reading them: the preferences page
 * changes them, and the pages that show times read the zone the user's day follows from them.
 */
const getSettings = () =>
  api(notificationEndpoints.settings, {}, { requireToken: true, failMessage: UI_TEXT.fetchNotificationsFailed });

export const settingsQueries = {
  all: () => ['notification-settings'] as const,
  settings: () => queryOptions({ queryKey: settingsQueries.all(), queryFn: getSettings }),
};

/**
 * The zone the user's clocks follow: the one it chose (notification settings), else the browser's.
 * `known` is false until the settings are read, so a page can wait instead of showing a week twice.
 */
export function useViewerTimeZone(): { timeZone: string; known: boolean } {
  const settings = useQuery(settingsQueries.settings());
  return { timeZone: effectiveTimeZone(settings.data?.timeZone), known: !settings.isPending };
}
