/**
 * Service levels for tickets: targets per priority (first response, resolution), counted in the
 * organization's business hours (its working week and holidays, in its time zone) or in calendar
 * hours. Defined once; the server's clock, its sweep of warnings and the web app's settings and
 * ticket clocks read them from here.
 */
import { WEEKDAYS, type Weekday } from './scheduling.js';
import type { TicketPriority } from './tickets.js';

/** How a target counts time: the organization's working hours only, or every hour. */
export const SLA_CLOCKS = ['business', 'calendar'] as const;
export type SlaClock = (typeof SLA_CLOCKS)[number];
export const SLA_CLOCK_LABELS: Record<SlaClock, string> = { business: 'Business hours', calendar: 'Calendar hours' };

/** The two promises a target makes. */
export const SLA_TARGET_KINDS = ['first_response', 'resolution'] as const;
export type SlaTargetKind = (typeof SLA_TARGET_KINDS)[number];
export const SLA_TARGET_LABELS: Record<SlaTargetKind, string> = {
  first_response: 'First response',
  resolution: 'Resolution',
};

/** The share of a target used when the assignee is warned (the org_admin is told at 100%). */
export const SLA_WARNING_PERCENT = 80;
/** A target is at most a year of minutes. */
export const MAX_SLA_TARGET_MINUTES = 365 * 24 * 60;
/** An organization lists at most this many holidays. */
export const MAX_HOLIDAYS = 200;
export const MAX_HOLIDAY_NAME_LENGTH = 100;

/** One day's working hours, local times "HH:MM" (end after start), or null: closed. */
export interface WorkingDay {
  start: string;
  end: string;
}
export type BusinessHours = Record<Weekday, WorkingDay | null>;

/** Monday to Friday, nine to five: a new organization's week. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  monday: { start: '09:00', end: '17:00' },
  tuesday: { start: '09:00', end: '17:00' },
  wednesday: { start: '09:00', end: '17:00' },
  thursday: { start: '09:00', end: '17:00' },
  friday: { start: '09:00', end: '17:00' },
  saturday: null,
  sunday: null,
};
export const BUSINESS_WEEKDAYS = WEEKDAYS;

/** Suggested targets in minutes (the settings form's starting point): urgent is fastest. */
export const SUGGESTED_SLA_TARGETS: Record<TicketPriority, { firstResponse: number; resolution: number }> = {
  urgent: { firstResponse: 60, resolution: 8 * 60 },
  high: { firstResponse: 4 * 60, resolution: 2 * 8 * 60 },
  medium: { firstResponse: 8 * 60, resolution: 5 * 8 * 60 },
  low: { firstResponse: 2 * 8 * 60, resolution: 10 * 8 * 60 },
};

/** The list's service-level filter: tickets past a target, or past the warning share of one. */
export const SLA_FILTERS = ['breached', 'at_risk'] as const;
export type SlaFilter = (typeof SLA_FILTERS)[number];

/** "2 h 30 min", "3 d 4 h": a span of minutes as a clock shows it. */
export function durationLabel(minutes: number): string {
  const total = Math.max(0, Math.round(Math.abs(minutes)));
  const days = Math.floor(total / (24 * 60));
  const hours = Math.floor((total % (24 * 60)) / 60);
  const rest = total % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}
