import type { AdvisorAvailability, AdvisorAvailabilitySettings, AdvisorSlots } from '@smart/contracts';
import type { Actor } from '../../lib/tenancy.js';
import { availabilityPermissions } from './policy.js';

/** An availability as stored, or the defaults (`updatedAt` null) until one is saved. */
export interface AvailabilityRecord extends AdvisorAvailabilitySettings {
  advisorId: string;
  updatedAt: Date | null;
}

export function presentAvailability(record: AvailabilityRecord, actor: Actor): AdvisorAvailability {
  return {
    advisorId: record.advisorId,
    timeZone: record.timeZone,
    weeklyHours: record.weeklyHours,
    dateOverrides: record.dateOverrides,
    sessionLengths: record.sessionLengths,
    bufferMinutes: record.bufferMinutes,
    minimumNoticeMinutes: record.minimumNoticeMinutes,
    horizonDays: record.horizonDays,
    updatedAt: record.updatedAt?.toISOString() ?? null,
    permissions: availabilityPermissions(actor, record.advisorId),
  };
}

export function presentSlots(advisorId: string, timeZone: string, length: number, starts: Date[]): AdvisorSlots {
  return {
    advisorId,
    timeZone,
    length,
    slots: starts.map((start) => ({
      start: start.toISOString(),
      end: new Date(start.getTime() + length * 60_000).toISOString(),
    })),
  };
}
