import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUS_COLORS,
  TICKET_STATUSES,
  type TicketActivity,
  type TicketPriority,
  type TicketSort,
  ticketValueLabel,
} from '@smart/contracts';

/** 'in_progress' → 'In progress': how the app shows a status, priority or category (contracts' words). */
export const valueLabel = ticketValueLabel;

const options = (values: readonly string[]) => values.map((value) => ({ value, label: valueLabel(value) }));
export const STATUS_OPTIONS = options(TICKET_STATUSES);
export const PRIORITY_OPTIONS = options(TICKET_PRIORITIES);
export const CATEGORY_OPTIONS = options(TICKET_CATEGORIES);

/** What each sort is called where a list has no headings to click (the phone's Sort by). */
export const TICKET_SORT_LABELS: Record<TicketSort, string> = {
  createdAt: 'Created',
  updatedAt: 'Last updated',
  title: 'Title',
  status: 'Status',
  priority: 'Priority',
  category: 'Category',
  createdBy: 'Created By',
  assignedTo: 'Assigned To',
  organization: 'Organization',
  slaDue: 'Due soonest (service level)',
};

/** The list's service-level filter. */
export const SLA_FILTER_OPTIONS = [
  { value: 'breached', label: 'Breached' },
  { value: 'at_risk', label: 'At risk' },
];

/** The statuses' colours; a value the app does not know shows grey. */
export function statusColor(status: string): string {
  return TICKET_STATUS_COLORS[status as keyof typeof TICKET_STATUS_COLORS] ?? 'gray';
}

/** Priorities warm up as they rise (they had no colours of their own). */
export const PRIORITY_COLORS: Record<TicketPriority, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};

/** Dates in the user's locale. */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString();
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One line of a ticket's history, after the actor's name: 'changed the status from Open to Closed'. */
export function historySentence({ kind, from, to }: Pick<TicketActivity, 'kind' | 'from' | 'to'>): string {
  const change = (field: string) =>
    `changed the ${field}${from ? ` from ${valueLabel(from)}` : ''}${to ? ` to ${valueLabel(to)}` : ''}`;
  switch (kind) {
    case 'created':
      return 'created the ticket';
    case 'title':
      return to ? `renamed the ticket to "${to}"` : 'renamed the ticket';
    case 'description':
      return 'edited the description';
    case 'status':
    case 'priority':
    case 'category':
      return change(kind);
    case 'assignee':
      return to ? `assigned the ticket${isId(to) ? '' : ` to ${to}`}` : 'unassigned the ticket';
    case 'comment':
      return 'commented';
    case 'attachment_added':
      return to ? `attached ${to}` : 'attached a file';
    case 'attachment_removed':
      return from ? `removed ${from}` : 'removed a file';
  }
}

// An assignee recorded by id rather than by name is not shown (it would mean nothing to a reader).
const isId = (text: string) => /^[0-9a-f-]{36}$/i.test(text);
