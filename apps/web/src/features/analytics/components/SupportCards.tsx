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
