/**
 * Analytics (flag canManageAnalytics): an organization's work and support figures over a
 * range of days, counted in the caller's time zone, weeks from Monday. Figures and texts shared by
 * the server and the web app.
 */

/** With no range asked for: this week and the 11 before it (today included). */
export const ANALYTICS_DEFAULT_WEEKS = 12;
/** A range covers at most this many days (a year and a day: a whole leap year from any start). */
export const MAX_ANALYTICS_DAYS = 366;
/** Project progress shows at most this many projects (the open ones, soonest due first); `total` counts them all. */
export const ANALYTICS_PROJECTS_SHOWN = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days from `from` to `to`, both included (YYYY-MM-DD each). */
export const daysInRange = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

export const ANALYTICS_TEXT = {
  title: 'Analytics',
  subtitle: 'How work and support move, week by week',
  loading: 'Loading analytics...',
  allOrganizations: 'All organizations',
} as const;
