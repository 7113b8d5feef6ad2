/*
 * An organization's export (docs/organization-export.md, decision 0264): one archive of everything
 * the organization owns, built by a job, downloaded through a signed link for
 * ORGANIZATION_EXPORT_LINK_HOURS.
 */

export const ORGANIZATION_EXPORT_STATUSES = ['queued', 'building', 'ready', 'failed', 'expired'] as const;
export type OrganizationExportStatus = (typeof ORGANIZATION_EXPORT_STATUSES)[number];
/** The states of an export still being made: one at a time per organization. */
export const RUNNING_ORGANIZATION_EXPORT_STATUSES = [
  'queued',
  'building',
] as const satisfies OrganizationExportStatus[];

/** How long a finished export's archive and its download link live. */
export const ORGANIZATION_EXPORT_LINK_HOURS = 24;
/** Exports one person may have queued or building at once (an admin exporting several organizations). */
export const ORGANIZATION_EXPORTS_RUNNING_PER_PERSON = 2;
/** Exports queued or building on the whole platform at once; one more is refused (429) until one ends. */
export const ORGANIZATION_EXPORTS_RUNNING = 10;
