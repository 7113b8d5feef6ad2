import { type ServiceLevels, TICKET_PRIORITIES } from '@smart/contracts';
import type { OrganizationRow } from '../../db/schema/index.js';

export interface ServiceLevelsRecord {
  organization: Pick<OrganizationRow, 'id' | 'timeZone' | 'businessHours'>;
  targets: {
    priority: ServiceLevels['targets'][number]['priority'];
    firstResponseMinutes: number | null;
    resolutionMinutes: number | null;
    clock: 'business' | 'calendar';
  }[];
  holidays: { day: string; name: string }[];
}

/** The settings as the API returns them: every priority (one without targets has null minutes), urgent first. */
export function presentServiceLevels(record: ServiceLevelsRecord, canEdit: boolean): ServiceLevels {
  const byPriority = new Map(record.targets.map((target) => [target.priority, target]));
  return {
    organizationId: record.organization.id,
    timeZone: record.organization.timeZone,
    targets: [...TICKET_PRIORITIES].reverse().map(
      (priority) =>
        byPriority.get(priority) ?? {
          priority,
          firstResponseMinutes: null,
          resolutionMinutes: null,
          clock: 'business',
        },
    ),
    businessHours: record.organization.businessHours,
    holidays: record.holidays.map((holiday) => ({ date: holiday.day, name: holiday.name })),
    permissions: { canEdit },
  };
}
