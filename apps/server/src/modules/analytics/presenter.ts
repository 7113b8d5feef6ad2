import {
  ANALYTICS_PROJECTS_SHOWN,
  type Analytics,
  type AnalyticsWeek,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type TicketPriority,
} from '@smart/contracts';
import { countsByValue } from '../../lib/counts.js';
import type { AnalyticsRecord, WeekRow } from './service.js';

/** A week's row of flat columns (`opened_low`, …) as the API shows it. */
function presentWeek(row: WeekRow): AnalyticsWeek {
  const byPriority = (prefix: string) =>
    Object.fromEntries(
      TICKET_PRIORITIES.map((priority) => [priority, Number(row[`${prefix}_${priority}`] ?? 0)]),
    ) as Record<TicketPriority, number>;
  return {
    weekStart: row.weekStart,
    tasksCreated: row.tasksCreated,
    tasksCompleted: row.tasksCompleted,
    ticketsOpened: byPriority('opened'),
    ticketsResolved: byPriority('resolved'),
  };
}

export function presentAnalytics(record: AnalyticsRecord): Analytics {
  const { organization, range, weeks, figures, categoryRows, projectRows, months, slaMonths } = record;
  return {
    organization,
    from: range.from,
    to: range.to,
    timeZone: range.timeZone,
    weeks: weeks.map(presentWeek),
    overdueTasks: figures.overdueTasks,
    tickets: {
      opened: figures.opened,
      responded: figures.responded,
      resolved: figures.resolved,
      medianFirstResponseSeconds: figures.medianFirstResponseSeconds,
      medianResolutionSeconds: figures.medianResolutionSeconds,
    },
    ticketCategories: countsByValue(TICKET_CATEGORIES, categoryRows),
    projects: {
      total: projectRows[0]?.total ?? 0,
      limit: ANALYTICS_PROJECTS_SHOWN,
      items: projectRows.map(({ total: _total, ...project }) => project),
    },
    slaAttainment: slaMonths,
    advisorHours: months,
  };
}
