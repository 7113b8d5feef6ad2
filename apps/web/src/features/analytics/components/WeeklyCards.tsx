import { BarChart, LineChart } from '@mantine/charts';
import { type Analytics, TICKET_PRIORITIES } from '@smart/contracts';
import { weekLabel } from '@/lib/calendar-labels';
import { priorityColor, priorityLabel } from '@/lib/work-format';
import { ChartCard } from './ChartCard';
import { FigureTable } from './FigureTable';

/**
 * The charts' common look: no focus stops inside the picture (the table is the keyboard's way to
 * the figures), the legend in the series' order (low to urgent) rather than by name.
 */
export const CHART_PROPS = {
  h: 240,
  accessibilityLayer: false,
  tickLine: 'y',
  gridAxis: 'y',
  legendProps: { itemSorter: null },
  // Counts: whole numbers on the axis.
  yAxisProps: { allowDecimals: false },
} as const;

/** A table's week: "Mar 2", with its year when the range spans two. */
function weekRowLabel(weeks: Analytics['weeks']) {
  const years = new Set(weeks.map((week) => week.weekStart.slice(0, 4)));
  return (weekStart: string) =>
    years.size > 1 ? `${weekLabel(weekStart)}, ${weekStart.slice(0, 4)}` : weekLabel(weekStart);
}
/** A weekly table's caption, with the year when the range lies in one. */
function weeklyCaption(title: string, weeks: Analytics['weeks']) {
  const years = [...new Set(weeks.map((week) => week.weekStart.slice(0, 4)))];
  return years.length === 1 ? `${title}, ${years[0]}` : title;
}

/** Tasks created and completed per week. */
export function TasksCard({ weeks }: Pick<Analytics, 'weeks'>) {
  const data = weeks.map((week) => ({
    week: weekLabel(week.weekStart),
    created: week.tasksCreated,
    completed: week.tasksCompleted,
  }));
  return (
    <ChartCard
      title="Tasks per week"
      description="Created, and completed (moved to completed in that week)"
      empty={weeks.every((week) => week.tasksCreated === 0 && week.tasksCompleted === 0)}
      emptyText="No task was created or completed in this range."
      chart={
        <LineChart
          {...CHART_PROPS}
          data={data}
          dataKey="week"
          withLegend
          // A year of weeks is a line; a quarter's weeks are points on it.
          withDots={weeks.length <= 16}
          curveType="linear"
          series={[
            { name: 'created', label: 'Created', color: 'blue.6' },
            { name: 'completed', label: 'Completed', color: 'teal.7' },
          ]}
        />
      }
      table={
        <FigureTable
          caption={weeklyCaption('Tasks per week', weeks)}
          rowHeading="Week of"
          columns={['Created', 'Completed']}
          rows={weeks.map((week) => ({
            label: weekRowLabel(weeks)(week.weekStart),
            values: [week.tasksCreated, week.tasksCompleted],
          }))}
        />
      }
    />
  );
}

const PRIORITY_SERIES = TICKET_PRIORITIES.map((priority) => ({
  name: priority,
  label: priorityLabel(priority),
  color: `${priorityColor(priority)}.${priority === 'urgent' ? 7 : 6}`,
}));

const TICKET_TEXT = {
  ticketsOpened: {
    title: 'Tickets opened per week',
    description: 'By priority',
    empty: 'No ticket was opened in this range.',
  },
  ticketsResolved: {
    title: 'Tickets resolved per week',
    description: 'By priority; a ticket closed without a resolution counts when it was closed',
    empty: 'No ticket was resolved in this range.',
  },
} as const;

/** Tickets opened or resolved per week, stacked by priority. */
export function TicketsCard({ weeks, kind }: Pick<Analytics, 'weeks'> & { kind: keyof typeof TICKET_TEXT }) {
  const text = TICKET_TEXT[kind];
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);
  return (
    <ChartCard
      title={text.title}
      description={text.description}
      empty={weeks.every((week) => total(week[kind]) === 0)}
      emptyText={text.empty}
      chart={
        <BarChart
          {...CHART_PROPS}
          data={weeks.map((week) => ({ week: weekLabel(week.weekStart), ...week[kind] }))}
          dataKey="week"
          type="stacked"
          withLegend
          series={PRIORITY_SERIES}
        />
      }
      table={
        <FigureTable
          caption={weeklyCaption(text.title, weeks)}
          rowHeading="Week of"
          columns={[...PRIORITY_SERIES.map((series) => series.label), 'Total']}
          rows={weeks.map((week) => ({
            label: weekRowLabel(weeks)(week.weekStart),
            values: [...TICKET_PRIORITIES.map((priority) => week[kind][priority]), total(week[kind])],
          }))}
        />
      }
    />
  );
}
