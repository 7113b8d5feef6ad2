import {
  humanizeValue,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUS_COLORS,
  TICKET_STATUSES,
  type TicketPriority,
} from '@smart/contracts';

/** 'in_progress' → 'In progress': how the app shows a status, priority or category. */
export function valueLabel(value: string): string {
  const spaced = humanizeValue(value);
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const options = (values: readonly string[]) => values.map((value) => ({ value, label: valueLabel(value) }));
export const STATUS_OPTIONS = options(TICKET_STATUSES);
export const PRIORITY_OPTIONS = options(TICKET_PRIORITIES);
export const CATEGORY_OPTIONS = options(TICKET_CATEGORIES);

/** Section 9's colours; a value the app does not know shows grey. */
export function statusColor(status: string): string {
  return TICKET_STATUS_COLORS[status as keyof typeof TICKET_STATUS_COLORS] ?? 'gray';
}

/** Priorities warm up as they rise (the spec gives them no colours). */
export const PRIORITY_COLORS: Record<TicketPriority, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};

/** Dates in the user's locale (section 9). */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString();
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
