import { BarChart } from '@mantine/charts';
import { type Analytics, formatMinutes, humanizeValue, TICKET_CATEGORIES } from '@smart/contracts';
import { monthLabel } from '@/lib/calendar-labels';
import { priorityLabel } from '@/lib/work-format';
import { hoursOf } from '../format';
import { ChartCard } from './ChartCard';
import { FigureTable } from './FigureTable';
import { CHART_PROPS } from './WeeklyCards';

const categoryLabel = (category: string) => priorityLabel(humanizeValue(category));

/** Tickets opened in the range per category. */
export function CategoriesCard({ ticketCategories }: Pick<Analytics, 'ticketCategories'>) {
  const rows = TICKET_CATEGORIES.map((category) => ({ category, tickets: ticketCategories[category] }));
  const total = rows.reduce((sum, row) => sum + row.tickets, 0);
  return (
    <ChartCard
      title="Tickets by category"
      description="Opened in this range"
      empty={total === 0}
      emptyText="No ticket was opened in this range."
      chart={
        <BarChart
          {...CHART_PROPS}
          data={rows.map((row) => ({ ...row, category: categoryLabel(row.category) }))}
          dataKey="category"
          orientation="vertical"
          gridAxis="x"
          tickLine="x"
          xAxisProps={{ allowDecimals: false }}
          yAxisProps={{ width: 110 }}
          series={[{ name: 'tickets', label: 'Tickets', color: 'blue.6' }]}
        />
      }
      table={
        <FigureTable
          caption="Tickets by category"
          rowHeading="Category"
          columns={['Tickets']}
          rows={[
            ...rows.map((row) => ({ label: categoryLabel(row.category), values: [row.tickets] })),
            { label: 'Total', values: [total] },
          ]}
        />
      }
    />
  );
}

/** Advisors' hours per month, billable and not. */
export function AdvisorHoursCard({ advisorHours }: Pick<Analytics, 'advisorHours'>) {
  return (
    <ChartCard
      title="Advisor hours per month"
      description="Time advisors recorded on tasks and tickets"
      empty={advisorHours.every((month) => month.minutes === 0)}
      emptyText="No advisor recorded time in this range."
      chart={
        <BarChart
          {...CHART_PROPS}
          data={advisorHours.map((month) => ({
            month: monthLabel(month.month),
            billable: hoursOf(month.billableMinutes),
            other: hoursOf(month.minutes - month.billableMinutes),
          }))}
          dataKey="month"
          type="stacked"
          withLegend
          unit=" h"
          yAxisProps={{ allowDecimals: true }}
          series={[
            { name: 'billable', label: 'Billable', color: 'teal.7' },
            { name: 'other', label: 'Not billable', color: 'gray.6' },
          ]}
        />
      }
      table={
        <FigureTable
          caption="Advisor hours per month"
          rowHeading="Month"
          columns={['Time', 'Billable']}
          rows={advisorHours.map((month) => ({
            label: monthLabel(month.month),
            values: [formatMinutes(month.minutes), formatMinutes(month.billableMinutes)],
          }))}
        />
      }
    />
  );
}

/** "8 of 10 (80%)": targets met of those decided; a dash with none. */
const attainment = (met: number, missed: number) =>
  met + missed === 0 ? '—' : `${met} of ${met + missed} (${Math.round((met / (met + missed)) * 100)}%)`;
const percentOf = (met: number, missed: number) => (met + missed === 0 ? 0 : Math.round((met / (met + missed)) * 100));

/** Service levels met per month (first response, resolution), and per month and priority in the table. */
export function SlaAttainmentCard({ slaAttainment }: Pick<Analytics, 'slaAttainment'>) {
  const months = [...new Set(slaAttainment.map((row) => row.month))];
  const sum = (month: string, key: 'firstResponseMet' | 'firstResponseMissed' | 'resolutionMet' | 'resolutionMissed') =>
    slaAttainment.filter((row) => row.month === month).reduce((total, row) => total + row[key], 0);
  return (
    <ChartCard
      title="Service levels met"
      description="Tickets opened with targets: first responses and resolutions in time"
      empty={slaAttainment.length === 0}
      emptyText="No ticket with service-level targets was opened in this range."
      chart={
        <BarChart
          {...CHART_PROPS}
          data={months.map((month) => ({
            month: monthLabel(month),
            firstResponse: percentOf(sum(month, 'firstResponseMet'), sum(month, 'firstResponseMissed')),
            resolution: percentOf(sum(month, 'resolutionMet'), sum(month, 'resolutionMissed')),
          }))}
          dataKey="month"
          withLegend
          unit="%"
          yAxisProps={{ domain: [0, 100] }}
          series={[
            { name: 'firstResponse', label: 'First response', color: 'blue.6' },
            { name: 'resolution', label: 'Resolution', color: 'teal.7' },
          ]}
        />
      }
      table={
        <FigureTable
          caption="Service levels met per month and priority"
          rowHeading="Month · priority"
          columns={['First response', 'Resolution']}
          rows={slaAttainment.map((row) => ({
            label: `${monthLabel(row.month)} · ${priorityLabel(row.priority)}`,
            values: [
              attainment(row.firstResponseMet, row.firstResponseMissed),
              attainment(row.resolutionMet, row.resolutionMissed),
            ],
          }))}
        />
      }
    />
  );
}
