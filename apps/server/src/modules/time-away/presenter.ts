import type { TimeAway } from '@smart/contracts';
import type { AdvisorAbsenceRow } from '../../db/schema/index.js';

export interface TimeAwayRecord {
  absence: AdvisorAbsenceRow;
  substitutes: { organizationId: string; organizationName: string; substitute: { id: string; name: string } }[];
}

export function presentTimeAway(record: TimeAwayRecord, canDelete: boolean): TimeAway {
  const { absence } = record;
  return {
    id: absence.id,
    advisorId: absence.advisorId,
    startsOn: absence.startsOn,
    endsOn: absence.endsOn,
    note: absence.note,
    substitutes: record.substitutes,
    createdAt: absence.createdAt.toISOString(),
    permissions: { canDelete },
  };
}
